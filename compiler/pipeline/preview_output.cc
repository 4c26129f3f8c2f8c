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
  AddOnlyFile(job, job.settings.make_bytes ? PreviewPage(scene, *sequence, WriteGlb(*document),
                                                         parts, job.settings.preview_live_build)
                                           : std::string());
  job.result->sequence = std::move(*sequence);
}

}  // namespace cinc
