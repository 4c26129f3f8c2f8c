#include "compiler/pipeline/pipeline.h"

#include "compiler/pipeline/build_memory.h"
#include "compiler/pipeline/output_job.h"
#include "compiler/pipeline/problem_lists.h"

namespace cinc {

BuildResult BuildOutput(const std::string& scene_path, const BuildSettings& settings,
                        Diagnostics* diagnostics) {
  Compilation compilation = CompileScene(scene_path, settings.load, diagnostics,
                                         RelationsAfterTiming::kRelease, settings.import);
  return BuildCompiled(&compilation, settings, diagnostics);
}

BuildResult BuildCompiled(Compilation* compilation, const BuildSettings& settings,
                          Diagnostics* diagnostics) {
  BuildResult result;
  BuildMemory memory(compilation, settings.leave_memory_to_exit);
  // Known even when the build fails: what `--watch` watches.
  result.inputs = InputsOf(compilation->scene);
  if (!compilation->ready) return result;
  memory.ReleaseCompilingRoom();
  const bool reverse = settings.reverse || compilation->scene.reverse;
  settings.format->build({compilation, settings, reverse, &memory, diagnostics, &result});
  return result;
}

std::optional<VerifyReport> VerifySequenceFiles(const Compilation& compilation,
                                                const std::vector<Sequence>& shards,
                                                const std::vector<std::string>& files,
                                                int samples_per_second, bool reversed,
                                                Diagnostics* diagnostics) {
  // A shard that does not belong is the first file's problem.
  Diagnostics merging(files.front());
  MergedShards merged = MergeShards(shards, files, &merging);
  PassOn(merging, diagnostics);
  if (!merged.ok) return std::nullopt;
  return VerifySequence(compilation.scene, compilation.timeline, compilation.rig, merged.sequence,
                        {compilation.scene.tolerance, samples_per_second, reversed}, diagnostics);
}

}  // namespace cinc
