#include "compiler/pipeline/sequence_output.h"

#include <algorithm>
#include <utility>

#include "compiler/pipeline/problem_lists.h"
#include "core/atomic_file.h"
#include "emit/disassembly_sequence.h"
#include "emit/emit_sequence.h"
#include "emit/reverse_sequence.h"
#include "emit/shards.h"
#include "sequence/sequence_json.h"
#include "sequence/sequence_parse.h"
#include "sequence/validator.h"

namespace cinc {
namespace {

// Takes each shard as it is made: validated (a failure is a bug in cinc,
// kept in internal()), then its bytes made, or its text staged beside its
// path (E_OUTPUT when it cannot be).
class ShardWriter {
 public:
  explicit ShardWriter(const OutputJob& job)
      : job_(job),
        internal_(job.compilation->scene.file),
        stage_(job.settings.stage_files && job.settings.make_bytes && !job.settings.verify) {}

  void Take(Sequence shard, size_t index, size_t count);
  const Diagnostics& internal() const { return internal_; }
  Diagnostics* mutable_internal() { return &internal_; }
  bool output_failed() const { return output_failed_; }

 private:
  const OutputJob& job_;
  Diagnostics internal_;
  const bool stage_;
  bool output_failed_ = false;
  // Staged shards' text, head and tail, their room kept from one to the next.
  std::string head_;
  std::string tail_;
};

void ShardWriter::Take(Sequence shard, size_t index, size_t count) {
  const BuildSettings& settings = job_.settings;
  // Without verify, the rig is not read once the last shard is made.
  if (index + 1 == count && !settings.verify) job_.memory->ReleaseRig();
  if (internal_.HasErrors()) return;
  // Validated and written from the model: no Json tree of the whole sequence.
  if (!ValidateEmittedSequence(shard, &internal_)) return;
  std::string path =
      index == 0 ? settings.output : ShardFilePath(settings.output, static_cast<int>(index) + 1);
  OutputFile file{std::move(path), std::string(), std::nullopt};
  if (!stage_) {
    if (settings.make_bytes) file.bytes = WriteSequence(shard);
  } else if (!output_failed_) {
    WriteSequenceInto(shard, &head_, &tail_);
    shard = Sequence();  // its text stands for it
    std::string error;
    // Flushed to the disk behind the shards still to come (core/atomic_file.h);
    // the last, with nothing left to do meanwhile, here.
    const StagedFile::Flush flush =
        index + 1 < count ? StagedFile::Flush::kBehind : StagedFile::Flush::kNow;
    file.staged = StagedFile::Stage(file.path, {head_, tail_}, &error, flush);
    if (!file.staged) {
      ReportCannotWrite(file.path, error, job_.diagnostics);
      output_failed_ = true;
    }
  }
  job_.result->files.push_back(std::move(file));
}

// The disassembly (--reverse, or a scene's `disassembly:`) mirrors the whole
// sequence's cue tracks: it is made whole, then cut. False after errors,
// before any shard is taken.
bool EmitWholeShards(const OutputJob& job, ShardWriter* writer) {
  std::optional<Sequence> sequence = EmitWholeSequence(job);
  if (!sequence) return false;
  std::vector<Sequence> shards =
      ShardSequence(std::move(*sequence), ObjectNames(job.compilation->scene));
  for (size_t index = 0; index < shards.size(); ++index) {
    writer->Take(std::move(shards[index]), index, shards.size());
  }
  return true;
}

bool OnlyOutputErrors(const Diagnostics& diagnostics) {
  return std::all_of(
      diagnostics.items().begin(), diagnostics.items().end(), [](const Diagnostic& problem) {
        return problem.severity != Severity::kError || problem.code == DiagnosticCode::kOutput;
      });
}

// The files' bytes read back, as a player reads them, and replayed against
// the exact state; cinc's own shards that do not read or merge are a bug in
// cinc (E_INTERNAL, into `internal`).
void VerifyWrittenShards(const OutputJob& job, Diagnostics* internal) {
  std::vector<Sequence> written;
  std::vector<std::string> paths;
  for (const OutputFile& file : job.result->files) {
    std::optional<Sequence> read = ParseSequenceText(file.bytes, internal);
    if (!read) break;
    written.push_back(std::move(*read));
    paths.push_back(file.path);
  }
  if (internal->HasErrors()) return;
  Diagnostics merging = job.diagnostics->Sibling();
  job.result->verify_report =
      VerifySequenceFiles(*job.compilation, written, paths, job.settings.verify_samples_per_second,
                          job.reverse, &merging);
  if (job.result->verify_report) {
    PassOn(merging, job.diagnostics);
  } else {
    PassOnAsInternal(merging, "cinc's shards do not merge: ", internal);
  }
}

}  // namespace

std::vector<std::string> ObjectNames(const Scene& scene) {
  std::vector<std::string> names;
  for (const SceneObject& object : scene.objects) names.push_back(object.name);
  return names;
}

std::optional<Sequence> EmitWholeSequence(const OutputJob& job) {
  const Compilation& compilation = *job.compilation;
  Sequence sequence = EmitSequence(compilation.scene, compilation.timeline, compilation.rig,
                                   job.settings.emit, compilation.fit, job.diagnostics);
  if (job.diagnostics->HasErrors()) return std::nullopt;
  if (job.reverse) {
    sequence = ReversedSequence(sequence);
  } else if (compilation.timeline.disassembly) {
    sequence = WithDisassembly(sequence, *compilation.timeline.disassembly);
  }
  const size_t own_tracks = FirstShardOwnTracks(sequence, ObjectNames(compilation.scene));
  if (!CheckFirstShardFits(compilation.scene, own_tracks, job.diagnostics)) return std::nullopt;
  return sequence;
}

void BuildSequenceOutput(const OutputJob& job) {
  const Compilation& compilation = *job.compilation;
  BuildResult* result = job.result;
  result->sequence_name = compilation.scene.name;
  ShardWriter writer(job);
  auto take = [&](Sequence shard, size_t index, size_t count) {
    writer.Take(std::move(shard), index, count);
  };
  const bool emitted =
      job.reverse || compilation.timeline.disassembly
          ? EmitWholeShards(job, &writer)
          : EmitShards(compilation.scene, compilation.timeline, compilation.rig, job.settings.emit,
                       compilation.fit, job.diagnostics, take) &&
                !job.diagnostics->HasErrors();
  if (!emitted) {
    // An input error outranks a file that could not be written.
    if (writer.output_failed() && OnlyOutputErrors(*job.diagnostics)) {
      result->status = BuildStatus::kOutputError;
    }
    result->files.clear();
    return;
  }
  if (job.settings.verify && job.settings.make_bytes && !writer.internal().HasErrors()) {
    VerifyWrittenShards(job, writer.mutable_internal());
  }
  PassOn(writer.internal(), job.diagnostics);
  if (writer.internal().HasErrors()) {
    result->status = BuildStatus::kInternalError;
    result->files.clear();
  } else if (writer.output_failed()) {
    result->status = BuildStatus::kOutputError;
    result->files.clear();
  } else {
    result->status = StatusAfter(*job.diagnostics);
  }
}

}  // namespace cinc
