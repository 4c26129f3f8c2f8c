// The cinema sequence output: emitted one shard at a time (emit/shards.h,
// more than 256 tracks), each validated, then made into bytes or staged
// beside its path as soon as it is made; with verify, read back and replayed.
#ifndef CINC_COMPILER_PIPELINE_SEQUENCE_OUTPUT_H_
#define CINC_COMPILER_PIPELINE_SEQUENCE_OUTPUT_H_

#include <optional>
#include <string>
#include <vector>

#include "compiler/pipeline/output_job.h"
#include "core/scene.h"
#include "sequence/sequence.h"

namespace cinc {

void BuildSequenceOutput(const OutputJob& job);

// The whole sequence (the disassembly's with job.reverse), its first shard
// checked to hold its own tracks; nullopt after errors.
std::optional<Sequence> EmitWholeSequence(const OutputJob& job);

// The objects' names, in the scene's order, that shards are cut by.
std::vector<std::string> ObjectNames(const Scene& scene);

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_SEQUENCE_OUTPUT_H_
