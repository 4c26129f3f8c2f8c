// libFuzzer harness: a model file through the isolated reader, as `cinc
// markers` or `cinc build --format glb` reads it (importers/import_model.h:
// the reader in a child process with limits). The first byte's low three
// bits pick the format by the file's extension (FBX, COLLADA, OBJ, STL, PLY,
// 3DS, glTF, GLB), its next bit whether the markers or the meshes are read;
// the rest is the file.
//
// A crash, abort, blow-up or hang of the third-party reader in the child is
// not a finding: it must come back as E_MODEL_LOAD. A finding is a crash or
// sanitizer report in cinc's process, a read that fails without an error,
// or an error with a code that is not a model's. Each input costs a child
// process (some 10 ms under ASan, most of it the fork and the child's exit),
// and an input that hangs a reader its time limit, so this harness runs at
// tens of inputs a second; reader_answer_fuzz covers what a child can send
// back at thousands.
#include <pthread.h>
#include <sanitizer/common_interface_defs.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/diagnostics.h"
#include "importers/import_model.h"
#include "tests/fuzz/fuzz_folder.h"

namespace {

constexpr const char* kExtensions[] = {".fbx", ".dae", ".obj",  ".stl",
                                       ".ply", ".3ds", ".gltf", ".glb"};

void Fail(const std::string& what) {
  std::fprintf(stderr, "model_reader_fuzz: %s\n", what.c_str());
  std::abort();
}

void CheckCodes(const cinc::Diagnostics& diagnostics) {
  for (const cinc::Diagnostic& diagnostic : diagnostics.items()) {
    std::string code(diagnostic.code_name());
    if (code != "E_MODEL_LOAD" && code != "E_MODEL_FORMAT" && code != "E_MARKER_DUPLICATE" &&
        !code.starts_with("W_")) {
      Fail("unexpected " + code + ": " + diagnostic.message);
    }
  }
}

cinc::ImportSettings Settings() {
  cinc::ImportSettings settings;
  settings.isolate = true;
  // Tighter than cinc's own limits, so that a reader's blow-up or hang costs
  // the fuzzer seconds, not minutes; the outcome is the same.
  settings.limits.memory_bytes = size_t{1} << 30;
  settings.limits.cpu_seconds = 1;
  settings.limits.wall_time = std::chrono::milliseconds(300);
  // An input that starts with `BLENDER` is a .blend whatever its name: it
  // would go to the real Blender (seconds each, and a log in the cache).
  // Blender is a program of its own (tests/blender runs it); here such an
  // input ends at "no Blender", quickly, in the fuzzer's own folder.
  settings.blender_executable = "/nonexistent/blender";
  settings.cache_folder = cinc::fuzz::Folder() + "/cache";
  return settings;
}

void ReadModelFile(uint8_t format, bool meshes, std::string_view file) {
  static const cinc::ImportSettings settings = Settings();
  std::string path = cinc::fuzz::WriteFile(std::string("model") + kExtensions[format], file);
  cinc::Diagnostics diagnostics(path);
  if (!meshes) {
    cinc::ImportModel(path, &diagnostics, settings);
  } else if (!cinc::ImportModelContent(path, &diagnostics, settings).has_value() &&
             !diagnostics.HasErrors()) {
    Fail("no content and no error");
  }
  CheckCodes(diagnostics);
}

// In a reader's child, a sanitizer's report (a reader asking for more memory
// than the limit leaves) ends the child, not the fuzzing: libFuzzer's death
// callback, which would save the input as a finding, is not the child's.
void ForgetTheFuzzerInTheChild() { __sanitizer_set_death_callback(nullptr); }

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  pthread_atfork(nullptr, nullptr, ForgetTheFuzzerInTheChild);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  std::string_view file(reinterpret_cast<const char*>(data) + 1, size - 1);
  ReadModelFile(data[0] % std::size(kExtensions), (data[0] & 8) != 0, file);
  return 0;
}
