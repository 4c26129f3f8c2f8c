#include "compiler/pipeline/compile_scene.h"

#include <utility>

#include "compiler/pipeline/build_memory.h"
#include "compiler/pipeline/problem_lists.h"
#include "compiler/scene/scene_explodes.h"
#include "compiler/scene/scene_patterns.h"
#include "importers/import_model.h"
#include "markers/callout_anchors.h"
#include "markers/camera_moves.h"
#include "markers/explode_moves.h"
#include "markers/ghosting.h"
#include "markers/marker_table.h"
#include "resolver/disassembly_plan.h"
#include "resolver/resolve_timing.h"

namespace cinc {

Compilation CompileScene(const std::string& scene_path, const SceneLoadOptions& load_options,
                         Diagnostics* diagnostics, RelationsAfterTiming relations,
                         const ImportSettings& import) {
  Compilation compilation;
  compilation.scene = LoadSceneFile(scene_path, load_options, diagnostics);
  // The models are read first, for patterns over their markers; their
  // problems are reported after timing's, as the stages run.
  Diagnostics model_problems = diagnostics->Sibling();
  ModelLibrary library = ImportModels(compilation.scene, &model_problems, import);
  ModelMarkerNames marker_names;
  for (const ModelMarkers& model : library.models) {
    std::vector<std::string>& names = marker_names[model.name];
    for (const Marker& marker : model.markers) names.push_back(marker.name);
  }
  ExpandPatterns(marker_names, &compilation.scene, diagnostics);
  ExpandExplodes(&compilation.scene, diagnostics);
  FitObjectList(&compilation.scene);
  compilation.timeline = ResolveTiming(compilation.scene, diagnostics);
  PlanDisassembly(compilation.scene, &compilation.timeline, diagnostics);
  if (relations == RelationsAfterTiming::kRelease) ReleaseRelations(&compilation.scene);
  // Models and marker references are checked even when timing failed, so one
  // run reports problems of every kind.
  PassOn(model_problems, diagnostics);
  MarkerTable markers = BuildMarkerTable(compilation.scene, std::move(library), diagnostics);
  if (diagnostics->HasErrors()) return compilation;
  ResolveCalloutAnchors(&compilation.scene, markers);
  // Explodes, then camera moves (`frame`, `orbit`) are solved on the rig and written into
  // the scene's nodes; without any, this is BuildRig.
  if (HasExplodes(compilation.scene)) {
    SolveExplodes(&compilation.scene, compilation.timeline, markers, diagnostics);
  }
  ModelBoundsList bounds;
  if (HasCameraMoves(compilation.scene)) bounds = FramedModelBounds(compilation.scene, markers);
  compilation.rig = BuildRigWithCameraMoves(&compilation.scene, compilation.timeline, markers,
                                            bounds, diagnostics);
  ApplyGhosting(compilation.scene, compilation.timeline, &compilation.rig);
  compilation.fit = FitSettingsFor(compilation.scene);
  compilation.ready = !diagnostics->HasErrors();
  return compilation;
}

std::vector<std::string> InputsOf(const Scene& scene) {
  std::vector<std::string> inputs = {scene.file};
  inputs.insert(inputs.end(), scene.included_files.begin(), scene.included_files.end());
  for (const Model& model : scene.models) {
    if (model.source.empty()) continue;
    for (std::string& file : ModelInputFiles(SourcePath(scene, model))) {
      inputs.push_back(std::move(file));
    }
  }
  return inputs;
}

}  // namespace cinc
