-- `cinc lsp` for YAML buffers in Neovim 0.7 or later (docs/lsp.md
-- "Editors"): put this in your init.lua, or :luafile it.
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'yaml',
  callback = function(args)
    local client = vim.lsp.start_client({
      name = 'cinc',
      cmd = { 'cinc', 'lsp' },
      root_dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ':p:h'),
    })
    if client then vim.lsp.buf_attach_client(args.buf, client) end
  end,
})
