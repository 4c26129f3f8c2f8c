#include "render/temporary_folder.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <utility>
#include <vector>

namespace cinc {

std::optional<TemporaryFolder> TemporaryFolder::Create(const std::string& prefix,
                                                       std::string* error) {
  const char* base = std::getenv("TMPDIR");
  std::string pattern =
      std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/" + prefix + "XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  if (mkdtemp(buffer.data()) == nullptr) {
    int error_number = errno;
    if (error != nullptr) {
      *error = "a temporary folder cannot be made in " + pattern.substr(0, pattern.rfind('/')) +
               " (" + std::strerror(error_number) + ")";
    }
    return std::nullopt;
  }
  return TemporaryFolder(std::string(buffer.data()));
}

TemporaryFolder::TemporaryFolder(TemporaryFolder&& other) noexcept
    : path_(std::exchange(other.path_, {})) {}

TemporaryFolder& TemporaryFolder::operator=(TemporaryFolder&& other) noexcept {
  if (this != &other) {
    Remove();
    path_ = std::exchange(other.path_, {});
  }
  return *this;
}

TemporaryFolder::~TemporaryFolder() { Remove(); }

void TemporaryFolder::Remove() {
  if (path_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
  path_.clear();
}

}  // namespace cinc
