#include "lsp/scene_analysis.h"

#include <exception>
#include <utility>

#include "compiler/pipeline/pipeline.h"

namespace cinc {

SceneAnalysis AnalyzeScene(const std::string& scene_path,
                           const std::map<std::string, std::string>& unsaved, ModelCache* cache) {
  SceneAnalysis analysis;
  analysis.scene_path = scene_path;
  analysis.diagnostics = Diagnostics(scene_path);
  BuildSettings settings;
  settings.verify = false;
  settings.make_bytes = false;
  settings.load.unsaved_texts = &unsaved;
  settings.import.cache = cache;
  try {
    Compilation compilation = CompileScene(scene_path, settings.load, &analysis.diagnostics,
                                           RelationsAfterTiming::kKeep, settings.import);
    analysis.loaded = !compilation.scene.objects.empty() || !compilation.scene.cameras.empty() ||
                      !compilation.scene.models.empty() ||
                      !compilation.scene.director_nodes.empty();
    analysis.timed = !analysis.diagnostics.HasErrors() || compilation.ready;
    // The build frees the timeline and the rig: what hover reads is kept first.
    analysis.timeline = compilation.timeline;
    analysis.models = ImportModels(compilation.scene, nullptr, settings.import);
    BuildCompiled(&compilation, settings, &analysis.diagnostics);
    analysis.scene = std::move(compilation.scene);
  } catch (const std::exception& error) {
    analysis.diagnostics.Report(DiagnosticCode::kInternal, {}, "", error.what());
  }
  analysis.diagnostics.Sort();
  return analysis;
}

}  // namespace cinc
