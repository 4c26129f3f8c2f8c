// The outputs a build can make, one row each in output_formats.cc: the one
// table the command line and the pipeline read (docs/architecture.md
// "Adding an output format").
#ifndef CINC_COMPILER_PIPELINE_OUTPUT_FORMATS_H_
#define CINC_COMPILER_PIPELINE_OUTPUT_FORMATS_H_

#include <span>
#include <string_view>

namespace cinc {

struct OutputJob;  // compiler/pipeline/output_job.h

struct OutputFormat {
  std::string_view name;                // `--format NAME`
  std::string_view summary;             // what `--help` says it is
  std::string_view default_suffix;      // without -o: `scene.yaml` -> `scene<suffix>` beside it
  std::string_view extension;           // an -o ending in it chooses the format; "" for none
  bool build_option;                    // offered by `build --format` (the preview has its command)
  bool numbered_shards;                 // its shards beside the first file: `out.2.sequence.json`
  void (*build)(const OutputJob& job);  // makes the files (compiler/pipeline/output_job.h)
};

// Every output; the first, the cinema sequence, is the default.
std::span<const OutputFormat> OutputFormats();

// The row named `name`; nullptr for none.
const OutputFormat* FindOutputFormat(std::string_view name);

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_OUTPUT_FORMATS_H_
