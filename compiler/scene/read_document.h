// A scene document: its top level, each section read by its reader (a
// table of sections), sections with nodes held back until the templates
// and includes they may use are read.
#ifndef CINC_COMPILER_SCENE_READ_DOCUMENT_H_
#define CINC_COMPILER_SCENE_READ_DOCUMENT_H_

#include <optional>

#include "compiler/scene/read_context.h"
#include "compiler/scene/yaml_reader.h"
#include "core/diagnostics.h"

namespace cinc::scene_loading {

// Reads the document of context's file: the scene's top level (file_index
// 0) or an included file's (only `cinc`, `name`, `models`, `templates`,
// `include` and `x-` keys); then past its end (a second document).
void ReadDocument(ReadContext& context);

// Adds what a context found to `diagnostics`. After a syntax error (or a
// reading limit) inside the document, what was read from the broken
// construct on is not what the author wrote: of that, only the error itself
// is added.
void AddUninterrupted(const Diagnostics& found, const std::optional<YamlProblem>& interrupted,
                      Diagnostics* diagnostics);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_DOCUMENT_H_
