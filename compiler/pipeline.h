// The pipeline: scene file -> typed scene -> timeline -> rig -> sequence.
//
// Contract: every stage appends to one Diagnostics list and the pipeline goes
// as far as it sensibly can in one run: timing is resolved even when loading
// reported errors, and models and marker references are checked even when
// timing failed (so one run shows every problem); the rig is built only
// from an error-free timeline.
// - CompileScene: load -> resolve -> models and markers -> rig. `ready`
//   says whether the rig can be trusted for evaluation and emission (no
//   errors so far).
// - BuildSequence: CompileScene, then emit -> shard -> validate -> (verify)
//   -> the files' bytes, in memory; nothing is written in place. A sequence
//   is made one shard at a time (emit/emit_sequence.h EmitShards; whole,
//   then cut, for the disassembly); with BuildSettings::stage_files (and no
//   verify), each shard's bytes go to a temporary file beside its path as
//   soon as they are made, instead of `bytes`, and a build that fails
//   removes them. For a glTF
//   format: the models' content (a model whose meshes cannot be read is
//   E_MODEL_LOAD at the scene's `source:` value) -> the document -> (verify,
//   replaying glTF's playback) -> its bytes, one file. For the preview: the
//   sequence (validated, not sharded) and the GLB -> the page, one file. Every shard is
//   validated by the format's own validator before anything else (a failure
//   is a bug in cinc: E_INTERNAL, status kInternalError); with `verify`, the
//   bytes are read back and replayed against the exact state (E_VERIFY is an
//   input error). `files` holds the first file (the one players open) first,
//   then its shards; `inputs` every file the output depends on (the scene and
//   each model source), for a depfile. The caller only writes the files
//   (or commits the staged ones).
#ifndef CINC_COMPILER_PIPELINE_H_
#define CINC_COMPILER_PIPELINE_H_

#include <optional>
#include <string>
#include <vector>

#include "compiler/scene/scene_loader.h"
#include "core/atomic_file.h"
#include "core/diagnostics.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "emit/emit_settings.h"
#include "markers/rig.h"
#include "verify/verify.h"

namespace cinc {

struct Compilation {
  Scene scene;
  Timeline timeline;
  Rig rig;
  bool ready = false;
};

// Whether the nodes' relations (`after:`, `until:`, ...) outlive timing.
// Only the views of timing (resolve's critical path, graph, timeline) read
// them again; a build lets them go before the rig is made, which at 590,000
// relations (an `after:` list of 50 on every node) is 70 MB.
enum class RelationsAfterTiming { kKeep, kRelease };

Compilation CompileScene(const std::string& scene_path, const SceneLoadOptions& load_options,
                         Diagnostics* diagnostics,
                         RelationsAfterTiming relations = RelationsAfterTiming::kKeep);

// The scene, the files it includes, every model source and the files those
// read (a glTF's .bin and images), as paths from the working folder.
std::vector<std::string> InputsOf(const Scene& scene);

// What a build writes: the cinema sequence (and its shards), one animated
// glTF asset (gltf/gltf_document.h) as GLB or as glTF JSON, or the preview
// page (preview/preview_page.h).
enum class OutputFormat { kSequence, kGlb, kGltf, kPreview };

struct BuildSettings {
  OutputFormat format = OutputFormat::kSequence;
  SceneLoadOptions load;
  EmitSettings emit;
  std::string output;   // the first file; shards go beside it
  bool verify = false;  // replay the written bytes before returning them
  // Write the disassembly (emit/reverse_sequence.h, gltf/gltf_reverse.h).
  bool reverse = false;
  int verify_samples_per_second = VerifySettings().samples_per_second;
  // False for a check: everything is built and validated, no bytes are made
  // (`files` then holds the paths with empty bytes).
  bool make_bytes = true;
  // Sequence files (without verify) go to temporary files beside their
  // paths as each is made (OutputFile::staged, core/atomic_file.h), instead
  // of waiting in memory for the caller to write them: their `bytes` stay
  // empty, and the caller commits them. A file that cannot be staged is
  // E_OUTPUT (status kOutputError); a build that fails removes what it staged.
  bool stage_files = false;
  // True when the process exits right after the build: its memory is then
  // left to the operating system instead of being freed piece by piece.
  bool leave_memory_to_exit = false;
};

struct OutputFile {
  std::string path;
  std::string bytes;
  std::optional<StagedFile> staged;  // with BuildSettings::stage_files
};

enum class BuildStatus { kBuilt, kInputErrors, kInternalError, kOutputError };

// E_OUTPUT for a file that cannot be written, not located in any input:
// "cannot write PATH: ERROR" (ERROR as core/atomic_file.h gives it).
void ReportCannotWrite(const std::string& path, const std::string& error, Diagnostics* diagnostics);

struct BuildResult {
  BuildStatus status = BuildStatus::kInputErrors;
  std::vector<OutputFile> files;
  std::vector<std::string> inputs;            // the scene and its model files, also after errors
  std::string sequence_name;                  // the first shard's; shard k is name.k
  std::optional<VerifyReport> verify_report;  // with BuildSettings::verify
};

BuildResult BuildSequence(const std::string& scene_path, const BuildSettings& settings,
                          Diagnostics* diagnostics);

// Replays a sequence and its shards (`files` names them, the first first)
// against the compiled scene (verify/verify.h); nullopt, after E_VERIFY,
// when the shards do not belong together.
std::optional<VerifyReport> VerifySequenceFiles(const Compilation& compilation,
                                                const std::vector<Sequence>& shards,
                                                const std::vector<std::string>& files,
                                                int samples_per_second, bool reversed,
                                                Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_H_
