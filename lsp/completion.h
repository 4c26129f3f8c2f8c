// textDocument/completion (docs/lsp.md "Completion"): field names from the
// scene schema, object and camera names, node ids, marker names, template,
// model and ease names, by where the cursor is.
#ifndef CINC_LSP_COMPLETION_H_
#define CINC_LSP_COMPLETION_H_

#include <cstddef>

#include "core/json_writer.h"
#include "lsp/scene_view.h"

namespace cinc {

// The CompletionItem list for byte `offset` of the view's text.
Json Completion(const SceneView& view, size_t offset);

// The field names the schema allows in the mapping at `path` (cursor path
// segments; names of objects, models, ... pass through additionalProperties).
std::vector<std::string> SchemaFields(const Json& schema, const std::vector<std::string>& path);

// The markers of `owner`'s model (file then inline), or none.
const ModelMarkers* MarkersOfOwner(const SceneAnalysis& analysis, std::string_view owner);

}  // namespace cinc

#endif  // CINC_LSP_COMPLETION_H_
