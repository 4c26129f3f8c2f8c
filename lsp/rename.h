// textDocument/rename (docs/lsp.md "Rename"): an object's, a camera's or a
// node's id, with every reference to it, as one WorkspaceEdit.
#ifndef CINC_LSP_RENAME_H_
#define CINC_LSP_RENAME_H_

#include <cstddef>
#include <string>

#include "core/json_writer.h"
#include "lsp/scene_view.h"

namespace cinc {

// The WorkspaceEdit that renames what is at byte `offset` to `new_name`;
// null with `*error` set when nothing there can be renamed or the name is
// not an id (^[A-Za-z_][A-Za-z0-9_-]*$).
Json Rename(const SceneView& view, size_t offset, const std::string& new_name, std::string* error);

}  // namespace cinc

#endif  // CINC_LSP_RENAME_H_
