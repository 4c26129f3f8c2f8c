// textDocument/documentSymbol (docs/lsp.md "Symbols"): the models, the
// objects and cameras with their nodes, and the director's nodes.
#ifndef CINC_LSP_DOCUMENT_SYMBOLS_H_
#define CINC_LSP_DOCUMENT_SYMBOLS_H_

#include "core/json_writer.h"
#include "lsp/scene_view.h"

namespace cinc {

// The DocumentSymbol tree of what the view's document defines.
Json DocumentSymbols(const SceneView& view);

}  // namespace cinc

#endif  // CINC_LSP_DOCUMENT_SYMBOLS_H_
