// Test helpers: a temporary folder that removes itself, and file writers.
#ifndef CINC_IMPORTERS_TEST_FILES_H_
#define CINC_IMPORTERS_TEST_FILES_H_

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace cinc::testing {

class TempFolder {
 public:
  TempFolder() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "cinc_importers_XXXXXX").string();
    path_ = mkdtemp(pattern.data()) ? pattern : "";
  }
  ~TempFolder() {
    std::error_code error;
    std::filesystem::remove_all(path_, error);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;

  std::string File(const std::string& name) const { return path_ + "/" + name; }
  // Writes `content` to `name` in the folder and returns its path.
  std::string Write(const std::string& name, const std::string& content) const {
    std::ofstream out(File(name), std::ios::binary);
    out << content;
    return File(name);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// A GLB holding `json` and no binary chunk.
inline std::string MakeGlb(std::string json) {
  while (json.size() % 4 != 0) json += ' ';
  auto word = [](uint32_t value) {
    std::string bytes(4, '\0');
    for (int i = 0; i < 4; ++i) bytes[i] = static_cast<char>((value >> (8 * i)) & 0xff);
    return bytes;
  };
  const auto total = static_cast<uint32_t>(12 + 8 + json.size());
  return "glTF" + word(2) + word(total) + word(static_cast<uint32_t>(json.size())) + "JSON" + json;
}

}  // namespace cinc::testing

#endif  // CINC_IMPORTERS_TEST_FILES_H_
