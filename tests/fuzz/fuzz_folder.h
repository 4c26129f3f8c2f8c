// Fuzzing helpers: a private folder for one harness's files, made once per
// process and removed at exit.
#ifndef CINC_TESTS_FUZZ_FUZZ_FOLDER_H_
#define CINC_TESTS_FUZZ_FUZZ_FOLDER_H_

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace cinc::fuzz {

// The folder: $TMPDIR (else /tmp) / cinc-fuzz-XXXXXX.
inline const std::string& Folder() {
  // Never destroyed, so that the exit handler that removes the folder can
  // still read its name.
  static const std::string& folder = *new std::string([] {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern =
        std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/cinc-fuzz-XXXXXX";
    return mkdtemp(pattern.data()) != nullptr ? pattern : std::string();
  }());
  static const bool removed_at_exit = [] {
    std::atexit([] {
      std::error_code error;
      if (!Folder().empty()) std::filesystem::remove_all(Folder(), error);
    });
    return true;
  }();
  (void)removed_at_exit;
  return folder;
}

// Writes `bytes` to `name` in the folder and returns its path.
inline std::string WriteFile(const std::string& name, std::string_view bytes) {
  std::string path = Folder() + "/" + name;
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(bytes.data(), static_cast<long>(bytes.size()));
  return path;
}

}  // namespace cinc::fuzz

#endif  // CINC_TESTS_FUZZ_FUZZ_FOLDER_H_
