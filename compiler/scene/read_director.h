// The `director:` section: the director's nodes, which cut between cameras
// (`shot`), scale time (`time_scale`) and cue.
#ifndef CINC_COMPILER_SCENE_READ_DIRECTOR_H_
#define CINC_COMPILER_SCENE_READ_DIRECTOR_H_

#include "compiler/scene/read_context.h"
#include "core/scene.h"

namespace cinc::scene_loading {

// `director: {nodes: […]}` into context.scene.director_nodes.
void ReadDirector(ReadContext& context, const YamlEvent& first);

// A director node's `shot: {camera, blend, blend_ease}`.
void ReadShot(ReadContext& context, const YamlEvent& first, Node* node);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_DIRECTOR_H_
