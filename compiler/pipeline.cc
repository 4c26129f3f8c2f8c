#include "compiler/pipeline.h"

#include "compiler/scene_loader.h"
#include "markers/marker_table.h"
#include "resolver/resolve_timing.h"

namespace cinc {

Compilation CompileScene(const std::string& scene_path, const SceneLoadOptions& load_options,
                         Diagnostics* diagnostics) {
  Compilation compilation;
  compilation.scene = LoadSceneFile(scene_path, load_options, diagnostics);
  compilation.timeline = ResolveTiming(compilation.scene, diagnostics);
  // Models and marker references are checked even when timing failed, so one
  // run reports problems of every kind.
  ModelLibrary library = ImportModels(compilation.scene, diagnostics);
  MarkerTable markers = BuildMarkerTable(compilation.scene, std::move(library), diagnostics);
  if (diagnostics->HasErrors()) return compilation;
  compilation.rig = BuildRig(compilation.scene, compilation.timeline, markers, diagnostics);
  compilation.ready = !diagnostics->HasErrors();
  return compilation;
}

}  // namespace cinc
