// The pipeline: a scene file to the bytes of one output, in memory; the
// caller only writes the files. docs/architecture.md "The stages" gives the
// order, docs/emission.md what each output holds.
#ifndef CINC_COMPILER_PIPELINE_PIPELINE_H_
#define CINC_COMPILER_PIPELINE_PIPELINE_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "compiler/pipeline/compile_scene.h"
#include "compiler/pipeline/output_formats.h"
#include "compiler/scene/scene_loader.h"
#include "core/atomic_file.h"
#include "core/diagnostics.h"
#include "emit/emit_settings.h"
#include "gltf/gltf_animation.h"
#include "sequence/sequence.h"
#include "verify/verify.h"

namespace cinc {

struct BuildSettings {
  const OutputFormat* format = &OutputFormats().front();  // a row of output_formats.cc
  SceneLoadOptions load;
  ImportSettings import;  // how models are read (a cache: `cinc lsp`)
  EmitSettings emit;
  std::string output;    // the first file; shards go beside it
  bool verify = false;   // replay the bytes against the exact state (E_VERIFY)
  bool reverse = false;  // the disassembly (emit/reverse_sequence.h, gltf/gltf_reverse.h)
  GltfProfile gltf_profile = GltfProfile::kGltf;  // `--for`: which players the glTF is fitted for
  int verify_samples_per_second = VerifySettings().samples_per_second;
  bool make_bytes = true;  // false for a check: `files` then holds the paths, no bytes
  // Sequence files (without verify) are staged beside their paths as each is
  // made (OutputFile::staged), for the caller to commit, their bytes empty;
  // one that cannot be is E_OUTPUT (kOutputError). A failed build removes them.
  bool stage_files = false;
  bool leave_memory_to_exit = false;  // the process exits right after the build
  // The preview's parts panel: the compiled scene's parts list as JSON
  // (views/parts_list.h, which only the command line may include); unset:
  // the page has no panel of parts.
  std::function<std::string(const Compilation&)> preview_parts;
  // The preview's build number under `cinc serve` (the page's `live`); 0: a
  // page written to a file.
  int preview_live_build = 0;
};

struct OutputFile {
  std::string path;
  std::string bytes;
  std::optional<StagedFile> staged;  // with BuildSettings::stage_files
};

enum class BuildStatus { kBuilt, kInputErrors, kInternalError, kOutputError };

struct BuildResult {
  BuildStatus status = BuildStatus::kInputErrors;
  std::vector<OutputFile> files;              // the one players open first, then its shards
  std::vector<std::string> inputs;            // InputsOf the scene, also after errors
  std::string sequence_name;                  // the first shard's; shard k is name.k
  std::optional<VerifyReport> verify_report;  // with BuildSettings::verify
  std::optional<Sequence> sequence;           // the preview's: the page's whole sequence
};

// CompileScene, then the format's builder (BuildCompiled). Sequence shards (the preview's
// too) pass the sequence validator first (else E_INTERNAL, kInternalError).
BuildResult BuildOutput(const std::string& scene_path, const BuildSettings& settings,
                        Diagnostics* diagnostics);

// The format's builder on a compilation made by CompileScene with
// RelationsAfterTiming::kRelease or kKeep, for a command that reads the
// compiled scene too (`cinc lsp`'s hover, `cinc render`'s chapters, `cinc
// booklet`'s parts list) before: the builder may free its rig and timeline.
BuildResult BuildCompiled(Compilation* compilation, const BuildSettings& settings,
                          Diagnostics* diagnostics);

// Replays a sequence and its shards (read from `files`, the first first)
// against the compiled scene; nullopt, after E_VERIFY, when they do not merge.
std::optional<VerifyReport> VerifySequenceFiles(const Compilation& compilation,
                                                const std::vector<Sequence>& shards,
                                                const std::vector<std::string>& files,
                                                int samples_per_second, bool reversed,
                                                Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_PIPELINE_H_
