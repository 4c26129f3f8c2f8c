#include "compiler/pipeline.h"

#include "compiler/scene_loader.h"
#include "resolver/resolve_timing.h"

namespace cinc {

Compilation CompileScene(const std::string& scene_path, Diagnostics* diagnostics) {
  Compilation compilation;
  compilation.scene = LoadSceneFile(scene_path, diagnostics);
  compilation.timeline = ResolveTiming(compilation.scene, diagnostics);
  if (diagnostics->HasErrors()) return compilation;
  compilation.rig = BuildRig(compilation.scene, compilation.timeline, diagnostics);
  compilation.ready = !diagnostics->HasErrors();
  return compilation;
}

}  // namespace cinc
