// `disassembly:` at the top of a scene: the assembly's steps played
// backwards after it, with their own labels and actions (docs/reverse.md
// "Disassembly in the scene"). Its references are checked after timing
// (resolver/disassembly_plan.h).
#ifndef CINC_COMPILER_SCENE_READ_DISASSEMBLY_H_
#define CINC_COMPILER_SCENE_READ_DISASSEMBLY_H_

#include "compiler/scene/read_context.h"

namespace cinc::scene_loading {

// `disassembly: {after, lag, steps, labels, actions}`, every field optional
// (`disassembly: {}` plays every step back after the end); into
// context.scene.disassembly.
void ReadDisassembly(ReadContext& context, const YamlEvent& first);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_DISASSEMBLY_H_
