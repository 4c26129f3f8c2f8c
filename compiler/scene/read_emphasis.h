// Emphasis and callouts on nodes: `highlight`, `ghost` (director nodes)
// and `callout` (any node) (docs/language.md "Emphasis", "Callouts").
#ifndef CINC_COMPILER_SCENE_READ_EMPHASIS_H_
#define CINC_COMPILER_SCENE_READ_EMPHASIS_H_

#include "compiler/scene/read_context.h"
#include "core/scene.h"

namespace cinc::scene_loading {

// `highlight: [OBJECT, ...]`: a non-empty list of object or pattern names.
void ReadHighlight(ReadContext& context, const YamlEvent& first, Node* node);

// `ghost: others | [OBJECT, ...] | {objects: others | [...], opacity: 0.2}`.
void ReadGhost(ReadContext& context, const YamlEvent& first, Node* node);

// `callout: {text: "...", on: OBJECT | OBJECT/marker}`; text is required
// and not empty.
void ReadCallout(ReadContext& context, const YamlEvent& first, Node* node);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_EMPHASIS_H_
