-- Drives `cinc lsp` through Neovim's own LSP client (0.7: start_client,
-- buf_attach_client, buf_request_sync). Called by tests/lsp/lsp_test.py:
--   nvim --headless -u NONE -c "luafile client.lua"
-- with CINC, SCENE (a file to open) and OUT (where the answers go as JSON)
-- in the environment. The scene's buffer is edited (unsaved) before asking.
local cinc, scene, out = os.getenv('CINC'), os.getenv('SCENE'), os.getenv('OUT')
local answers = {}
local diagnostics = {}
local client_id = vim.lsp.start_client({
  cmd = { cinc, 'lsp' },
  root_dir = vim.fn.fnamemodify(scene, ':h'),
  handlers = {
    ['textDocument/publishDiagnostics'] = function(_, result)
      diagnostics[result.uri] = result.diagnostics
    end,
  },
})
vim.cmd('edit ' .. scene)
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client_id)
-- An unsaved edit: body.in becomes body.inn in cover.fit's `with`.
local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
for i, line in ipairs(lines) do
  if line:match('^        with: body.in$') then
    vim.api.nvim_buf_set_lines(buf, i - 1, i, false, { '        with: body.inn' })
    answers.edited_line = i - 1
    break
  end
end
local function wait_for(check)
  vim.wait(20000, check, 20)
end
wait_for(function()
  local list = diagnostics[vim.uri_from_bufnr(buf)]
  return list ~= nil and #list > 0
end)
answers.diagnostics = diagnostics[vim.uri_from_bufnr(buf)]
answers.actions = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = answers.diagnostics[1].range,
  context = { diagnostics = answers.diagnostics },
}, 20000)[client_id].result
-- The edit undone (still unsaved): the scene is whole again.
vim.api.nvim_buf_set_lines(buf, answers.edited_line, answers.edited_line + 1, false,
  { '        with: body.in' })
wait_for(function()
  local list = diagnostics[vim.uri_from_bufnr(buf)]
  return list ~= nil and #list == 0
end)
local function at(line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = character } }
end
local function ask(method, params)
  local result = vim.lsp.buf_request_sync(buf, method, params, 20000)
  if result == nil or result[client_id] == nil then return vim.NIL end
  return result[client_id].result or { error = result[client_id].error }
end
local function find(pattern)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local s, e = line:find(pattern)
    if s then return i - 1, s - 1, e end
  end
end
-- Completion of a GLB model's markers after "body/", of a .blend's in mate.
local l, s = find('into: body/hole_1')
answers.glb_markers = ask('textDocument/completion', at(l, s + #'into: body/'))
l, s = find('mate: top')
answers.blend_markers = ask('textDocument/completion', at(l, s + #'mate: '))
-- Hover on screw2.drive's id; definition and rename of body.turn's reference.
l, s = find('with: screw1.drive')
answers.hover = ask('textDocument/hover', at(l, s + #'with: screw1.d'))
l, s = find('with: body.turn')
answers.definition = ask('textDocument/definition', at(l, s + #'with: body.t'))
local params = at(l, s + #'with: body.t')
params.newName = 'rotate'
answers.rename = ask('textDocument/rename', params)
answers.symbols = ask('textDocument/documentSymbol', { textDocument = { uri = vim.uri_from_bufnr(buf) } })
answers.uri = vim.uri_from_bufnr(buf)
local file = io.open(out, 'w')
file:write(vim.fn.json_encode(answers))
file:close()
vim.lsp.stop_client(client_id)
vim.cmd('qall!')
