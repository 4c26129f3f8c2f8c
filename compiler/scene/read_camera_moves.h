// The camera moves a node may make besides its target pose: `frame` (with
// `margin`), solved from the framed objects' bounds, and `orbit` (docs/
// cameras.md "Framing", "Orbit"). Rows of the verb table (read_verbs.cc).
#ifndef CINC_COMPILER_SCENE_READ_CAMERA_MOVES_H_
#define CINC_COMPILER_SCENE_READ_CAMERA_MOVES_H_

#include "compiler/scene/read_context.h"
#include "core/scene.h"

namespace cinc::scene_loading {

// `frame: [OBJECT, …]`: names (objects or patterns), not empty.
void ReadFrame(ReadContext& context, const YamlEvent& first, Node* node);

// `margin: m`, m in [0, 0.5): the share of the frame left free on each side.
void ReadFrameMargin(ReadContext& context, const YamlEvent& first, Node* node);

// `orbit: {around: OBJECT | OBJECT/marker | [x, y, z], degrees: A}`.
void ReadOrbit(ReadContext& context, const YamlEvent& first, Node* node);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_CAMERA_MOVES_H_
