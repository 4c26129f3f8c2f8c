#include "compiler/pipeline/gltf_asset.h"

#include <algorithm>
#include <vector>

#include "importers/import_model.h"
#include "verify/verify.h"

namespace cinc {
namespace {

// Every model's drawable content, for the models objects use; problems are
// located at the model's `source:` value in the scene.
std::vector<std::optional<ModelContent>> ReadContents(const Scene& scene,
                                                      Diagnostics* diagnostics) {
  std::vector<std::optional<ModelContent>> contents(scene.models.size());
  for (size_t index = 0; index < scene.models.size(); ++index) {
    const Model& model = scene.models[index];
    bool used = std::any_of(scene.objects.begin(), scene.objects.end(),
                            [&](const SceneObject& object) { return object.model == model.name; });
    if (model.source.empty() || model.source_refused || !used) continue;
    Diagnostics own(SourcePath(scene, model));
    contents[index] = ImportModelContent(SourcePath(scene, model), &own);
    AddModelProblems(scene, model, own, diagnostics);
  }
  return contents;
}

}  // namespace

std::optional<GltfDocument> BuildGltfAsset(const OutputJob& job) {
  const Compilation& compilation = *job.compilation;
  const Scene& scene = compilation.scene;
  const BuildSettings& settings = job.settings;
  std::vector<std::optional<ModelContent>> contents = ReadContents(scene, job.diagnostics);
  if (job.diagnostics->HasErrors()) return std::nullopt;
  GltfExportSettings gltf;
  gltf.fit = compilation.fit;
  gltf.hide_with_scale = settings.emit.HidesWithScale();
  gltf.reverse = job.reverse;
  gltf.profile = settings.gltf_profile;
  gltf.duration = compilation.timeline.duration;
  if (!job.reverse) gltf.disassembly = compilation.timeline.disassembly;
  std::optional<GltfDocument> document =
      BuildGltfDocument(scene, compilation.rig, contents, gltf, job.diagnostics);
  if (job.diagnostics->HasErrors()) return std::nullopt;
  job.result->sequence_name = scene.name;
  if (settings.verify) {
    job.result->verify_report = VerifyGltf(
        scene, compilation.timeline, compilation.rig, document->motions,
        {scene.tolerance, settings.verify_samples_per_second, job.reverse, settings.gltf_profile},
        job.diagnostics);
  }
  return document;
}

}  // namespace cinc
