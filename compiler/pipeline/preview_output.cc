#include "compiler/pipeline/preview_output.h"

#include <optional>
#include <string>
#include <utility>

#include "compiler/pipeline/gltf_asset.h"
#include "compiler/pipeline/problem_lists.h"
#include "compiler/pipeline/sequence_output.h"
#include "emit/shards.h"
#include "preview/preview_page.h"
#include "sequence/validator.h"

namespace cinc {

void BuildPreviewOutput(const OutputJob& job) {
  const Scene& scene = job.compilation->scene;
  // Before the sequence is made: its build may free the rig.
  const std::string parts =
      job.settings.preview_parts ? job.settings.preview_parts(*job.compilation) : std::string();
  std::optional<GltfDocument> document = BuildGltfAsset(job);
  if (!document) return;
  // The asset's bytes, and its JSON tree let go before the sequence is made
  // (a node of the tree takes about 1 KB: 100,000 objects, 100 MB).
  std::string glb = job.settings.make_bytes ? WriteGlb(*document) : std::string();
  document.reset();
  std::optional<Sequence> sequence = EmitWholeSequence(job);
  if (!sequence) return;
  Diagnostics internal(scene.file);
  for (const Sequence& shard : ShardSequence(*sequence, ObjectNames(scene))) {
    if (!ValidateEmittedSequence(shard, &internal)) break;
  }
  PassOn(internal, job.diagnostics);
  if (internal.HasErrors()) {
    job.result->status = BuildStatus::kInternalError;
    return;
  }
  AddOnlyFile(job, job.settings.make_bytes
                       ? PreviewPage(scene, *sequence, glb, parts, job.settings.preview_live_build)
                       : std::string());
  job.result->sequence = std::move(*sequence);
}

}  // namespace cinc
