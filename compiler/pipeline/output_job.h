// What the builder of one output (a row of output_formats.cc) is given. A
// builder adds its files to `result` (the first at settings.output) and sets
// result->status; files added while errors are reported are never written.
#ifndef CINC_COMPILER_PIPELINE_OUTPUT_JOB_H_
#define CINC_COMPILER_PIPELINE_OUTPUT_JOB_H_

#include <string>

#include "compiler/pipeline/build_memory.h"
#include "compiler/pipeline/compile_scene.h"
#include "compiler/pipeline/pipeline.h"
#include "core/diagnostics.h"

namespace cinc {

struct OutputJob {
  Compilation* compilation;  // ready: no errors, the rig built
  const BuildSettings& settings;
  bool reverse;         // the disassembly: --reverse, or `reverse: true` in the scene
  BuildMemory* memory;  // told when the rig is no longer read
  Diagnostics* diagnostics;
  BuildResult* result;
};

// kBuilt, or kInputErrors when `diagnostics` holds errors.
BuildStatus StatusAfter(const Diagnostics& diagnostics);

// Adds the output's one file, at settings.output, and sets the status.
void AddOnlyFile(const OutputJob& job, std::string bytes);

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_OUTPUT_JOB_H_
