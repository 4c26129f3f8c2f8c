// What a node cues at its start: `cue` (script, sound, vfx or marker cues
// with their data) and `sound`.
#ifndef CINC_COMPILER_SCENE_READ_CUES_H_
#define CINC_COMPILER_SCENE_READ_CUES_H_

#include "compiler/scene/read_context.h"
#include "core/json_writer.h"
#include "core/scene.h"

namespace cinc::scene_loading {

// `cue: {kind, name, target, data}` or a list of them; a cue needs kind and
// name, a script cue a target.
void ReadCues(ReadContext& context, const YamlEvent& first, Node* node);

// `sound: {name, volume, offset, fade_in, fade_out}`.
void ReadSound(ReadContext& context, const YamlEvent& first, Node* node);

// Any YAML value as JSON (cue data); false when a problem was reported.
bool ReadJsonValue(ReadContext& context, const YamlEvent& first, Json* value);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_CUES_H_
