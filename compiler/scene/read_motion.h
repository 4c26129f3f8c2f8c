// A node's motions besides its target pose: `spin` (turns about an axis)
// and `path` (points the position passes through).
#ifndef CINC_COMPILER_SCENE_READ_MOTION_H_
#define CINC_COMPILER_SCENE_READ_MOTION_H_

#include "compiler/scene/read_context.h"
#include "core/scene.h"

namespace cinc::scene_loading {

// `spin: {axis, turns | degrees}`; the axis (default +Y) stored normalised.
void ReadSpin(ReadContext& context, const YamlEvent& first, Node* node);

// `path: [[x, y, z], …]`, not empty.
void ReadPath(ReadContext& context, const YamlEvent& first, Node* node);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_MOTION_H_
