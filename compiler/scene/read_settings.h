// The scene's settings at the top level: `cinc` (the format version),
// `name`, `time`, `tolerance`; and the name a scene has by default.
#ifndef CINC_COMPILER_SCENE_READ_SETTINGS_H_
#define CINC_COMPILER_SCENE_READ_SETTINGS_H_

#include <string>

#include "compiler/scene/read_context.h"

namespace cinc::scene_loading {

// The file's stem with every character outside [A-Za-z0-9_-] (one per UTF-8
// sequence) made '_', cut to 128 characters; "scene" when empty.
std::string DefaultSceneName(const std::string& file);

// `cinc: 1`, the only version (E_SCENE_VERSION otherwise).
void ReadVersion(ReadContext& context, const YamlEvent& first);

// `name:` the sequence's name, [A-Za-z0-9_-]{1,128}.
void ReadSequenceName(ReadContext& context, const YamlEvent& value);

// `time: s | {ticks: N}`; sets context.time_unit (seconds also when the
// value is wrong).
void ReadTimeUnit(ReadContext& context, const YamlEvent& first);

// `tolerance: {position, rotation}`, each > 0.
void ReadTolerance(ReadContext& context, const YamlEvent& first);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_SETTINGS_H_
