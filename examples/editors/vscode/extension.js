// A minimal VS Code extension that starts `cinc lsp` for YAML files
// (docs/lsp.md "Editors"). Install: npm install in this folder, then copy or
// link the folder into ~/.vscode/extensions/.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function activate() {
  const command = vscode.workspace.getConfiguration('cinc').get('path') || 'cinc';
  client = new LanguageClient('cinc', 'cinc', { command, args: ['lsp'] }, {
    documentSelector: [{ scheme: 'file', language: 'yaml' }],
  });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
