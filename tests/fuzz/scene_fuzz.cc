// libFuzzer harness: a scene file through the whole pipeline, as `cinc build
// --verify` runs it (load -> resolve -> models and markers -> rig -> emit ->
// shard -> validate -> verify, which evaluates -> the files' bytes), then as
// a GLB, with every diagnostic printed in every form. The bytes are not
// written to disk (core/atomic_file.h has its own tests; its fsync would
// make this harness ten times slower). Models are inline (`markers:` in the
// scene): the folder holds no model files.
//
// A finding: a crash, a sanitizer report, or a build that ends as an internal
// error (E_INTERNAL: cinc built something its own validator refuses, or
// failed on an input it should have refused with a coded error).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "compiler/cli/diagnostic_printer.h"
#include "compiler/pipeline/pipeline.h"
#include "tests/fuzz/fuzz_folder.h"

namespace {

using cinc::BuildResult;
using cinc::BuildSettings;
using cinc::BuildStatus;
using cinc::Diagnostics;

void Fail(const char* what, const Diagnostics& diagnostics) {
  cinc::SourceLines sources;
  std::fprintf(
      stderr, "scene_fuzz: %s\n%s", what,
      cinc::FormatDiagnostics(diagnostics.items(), cinc::DiagnosticsFormat::kText, &sources)
          .c_str());
  std::abort();
}

void Print(const Diagnostics& diagnostics) {
  cinc::SourceLines sources;
  for (auto format : {cinc::DiagnosticsFormat::kText, cinc::DiagnosticsFormat::kJson,
                      cinc::DiagnosticsFormat::kSarif}) {
    std::string text = cinc::FormatDiagnostics(diagnostics.items(), format, &sources);
    if (text.size() == size_t(-1)) std::abort();  // keeps the call
  }
}

BuildResult Build(const std::string& scene, const char* format, const char* output) {
  BuildSettings settings;
  settings.format = cinc::FindOutputFormat(format);
  settings.output = cinc::fuzz::Folder() + "/" + output;
  settings.verify = true;
  // A tenth of cinc's rate: the same checks, and a scene of minutes (a
  // `duration: 0825`) costs the fuzzer a second, not tens under ASan.
  settings.verify_samples_per_second = 100;
  Diagnostics diagnostics(scene);
  BuildResult result = cinc::BuildOutput(scene, settings, &diagnostics);
  Print(diagnostics);
  if (result.status == BuildStatus::kInternalError) Fail("an internal error", diagnostics);
  if (result.status == BuildStatus::kBuilt && diagnostics.HasErrors()) {
    Fail("built despite errors", diagnostics);
  }
  for (const cinc::OutputFile& file : result.files) {
    if (file.bytes.empty()) Fail("an empty output file", diagnostics);
  }
  return result;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string scene = cinc::fuzz::WriteFile(
      "scene.yaml", std::string_view(reinterpret_cast<const char*>(data), size));
  BuildResult sequence = Build(scene, "sequence", "scene.sequence.json");
  if (sequence.status == BuildStatus::kBuilt) Build(scene, "glb", "scene.glb");
  return 0;
}
