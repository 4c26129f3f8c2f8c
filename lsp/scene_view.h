// What every answer of the language server reads (docs/lsp.md): the open
// document, the scene it belongs to as last compiled, and the schema.
#ifndef CINC_LSP_SCENE_VIEW_H_
#define CINC_LSP_SCENE_VIEW_H_

#include <string>
#include <string_view>

#include "core/json_writer.h"
#include "core/scene.h"
#include "lsp/publish_diagnostics.h"
#include "lsp/scene_analysis.h"
#include "lsp/text_positions.h"

namespace cinc {

struct SceneView {
  const SceneAnalysis* analysis = nullptr;  // never null
  std::string path;                         // the document's file
  std::string_view text;                    // its unsaved text
  const Json* schema = nullptr;             // the scene schema, never null
  TextOfFile text_of;                       // any file's text
};

// The object or camera named `name` (a pattern's name: its first copy), or
// nullptr.
const SceneObject* FindOwner(const Scene& scene, std::string_view name);
// The object whose node lists a cursor path is in ({"objects", "body", ...}
// -> "body"; "director" for the director's); empty outside any.
std::string OwnerOfPath(const std::vector<std::string>& path);
// Whether `location` lies in `path`'s file.
bool InFile(const SceneAnalysis& analysis, SourceLocation location, const std::string& path);
// A Location (uri, range) of `location`.
Json LocationJson(const SceneView& view, SourceLocation location);
// Seconds as `cinc resolve` writes them.
std::string SecondsText(const ExactTime& time);

}  // namespace cinc

#endif  // CINC_LSP_SCENE_VIEW_H_
