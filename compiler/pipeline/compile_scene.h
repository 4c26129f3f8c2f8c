// The scene file compiled: loaded, its patterns expanded, its timing
// resolved, its models and markers checked, its rig built. What a build
// emits from, and what the views and `cinc eval` and `cinc verify` read.
#ifndef CINC_COMPILER_PIPELINE_COMPILE_SCENE_H_
#define CINC_COMPILER_PIPELINE_COMPILE_SCENE_H_

#include <string>
#include <vector>

#include "compiler/scene/scene_loader.h"
#include "core/diagnostics.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "fit/fit_settings.h"
#include "importers/import_model.h"
#include "markers/rig.h"

namespace cinc {

struct Compilation {
  Scene scene;
  Timeline timeline;
  Rig rig;
  FitSettings fit;     // the build's one FitSettings (FitSettingsFor), for every output
  bool ready = false;  // no errors so far: the rig may be evaluated and emitted
};

// Whether the nodes' relations (`after:`, `until:`, ...) outlive timing:
// only the views of timing read them again (docs/performance.md).
enum class RelationsAfterTiming { kKeep, kRelease };

// Load -> patterns -> timing -> models and markers -> rig. Timing is resolved
// after load errors and models and markers are checked after timing errors
// (one run reports every problem); the rig is built only without errors.
// `import` reads the models (a cache, importers/model_cache.h).
Compilation CompileScene(const std::string& scene_path, const SceneLoadOptions& load_options,
                         Diagnostics* diagnostics,
                         RelationsAfterTiming relations = RelationsAfterTiming::kKeep,
                         const ImportSettings& import = {});

// The scene, the files it includes, every model source and the files those
// read (a glTF's .bin and images), as paths from the working folder.
std::vector<std::string> InputsOf(const Scene& scene);

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_COMPILE_SCENE_H_
