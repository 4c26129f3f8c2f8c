// textDocument/definition (docs/lsp.md "Go to definition"): a reference to
// the node, object, camera, template, model, marker, included file or model
// file it names.
#ifndef CINC_LSP_DEFINITION_H_
#define CINC_LSP_DEFINITION_H_

#include <cstddef>

#include "core/json_writer.h"
#include "lsp/scene_view.h"

namespace cinc {

// The Location at byte `offset`, or null.
Json Definition(const SceneView& view, size_t offset);

}  // namespace cinc

#endif  // CINC_LSP_DEFINITION_H_
