// The `models:` section: each model's name, `source` and inline markers.
#ifndef CINC_COMPILER_SCENE_READ_MODELS_H_
#define CINC_COMPILER_SCENE_READ_MODELS_H_

#include "compiler/scene/read_context.h"

namespace cinc::scene_loading {

// `models: {NAME: {source, markers: {NAME: transform}}}` into context.scene;
// a model of an included file remembers its file (for its source's folder).
void ReadModels(ReadContext& context, const YamlEvent& first);

// Once every file is read: a model name defined twice is reported at the
// definition read later, which is dropped.
void CheckModelNames(ReadContext& context);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_MODELS_H_
