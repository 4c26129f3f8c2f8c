// The `objects:` and `cameras:` sections: each owner's name, initial pose,
// look or lens, pattern and nodes.
#ifndef CINC_COMPILER_SCENE_READ_OBJECTS_H_
#define CINC_COMPILER_SCENE_READ_OBJECTS_H_

#include "compiler/scene/read_context.h"

namespace cinc::scene_loading {

// `objects: {NAME: {model, position, rotation, scale, opacity, pattern,
// stagger, nodes}}` into context.scene.objects.
void ReadObjects(ReadContext& context, const YamlEvent& first);

// `cameras: {NAME: {position, rotation, fov, focus, aperture, nodes}}` into
// context.scene.cameras.
void ReadCameras(ReadContext& context, const YamlEvent& first);

// Once the scene is read: an object and a camera of one name, reported at
// the one written later.
void CheckSharedNames(ReadContext& context);
// Silences the relations that name a node of an owner whose `nodes:` was
// dedented (reported once, where it was read).
void SilenceLostNodes(ReadContext& context);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_OBJECTS_H_
