// The pipeline: scene file -> typed scene -> timeline -> rig (docs/attachments.md "The pipeline").
//
// Contract: every stage appends to one Diagnostics list and the pipeline goes
// as far as it sensibly can in one run: timing is resolved even when loading
// reported errors (so one run shows every problem), the rig is built only
// from an error-free timeline. `ready` says whether the rig can be trusted
// for evaluation and emission (no errors so far).
#ifndef CINC_COMPILER_PIPELINE_H_
#define CINC_COMPILER_PIPELINE_H_

#include <string>

#include "compiler/scene_loader.h"
#include "core/diagnostics.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "markers/rig.h"

namespace cinc {

struct Compilation {
  Scene scene;
  Timeline timeline;
  Rig rig;
  bool ready = false;
};

Compilation CompileScene(const std::string& scene_path, const SceneLoadOptions& load_options,
                         Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_H_
