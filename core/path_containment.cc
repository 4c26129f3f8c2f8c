#include "core/path_containment.h"

namespace cinc {

namespace fs = std::filesystem;

bool IsInside(const fs::path& path, const fs::path& root) {
  auto path_part = path.begin();
  for (auto root_part = root.begin(); root_part != root.end(); ++root_part) {
    if (root_part->empty()) continue;  // a trailing separator
    if (path_part == path.end() || *path_part != *root_part) return false;
    ++path_part;
  }
  return true;
}

std::optional<std::string> LeavesFolder(const std::string& folder, const std::string& name) {
  const fs::path named(name);
  if (named.is_absolute() || named.has_root_name() || named.has_root_directory()) {
    return "it is an absolute path";
  }
  const fs::path base = fs::absolute(folder.empty() ? "." : folder).lexically_normal();
  const fs::path file = (base / named).lexically_normal();
  if (!IsInside(file, base)) return "it climbs out of the folder with '..'";
  std::error_code error;
  const fs::path real_base = fs::weakly_canonical(base, error);
  if (error) return std::nullopt;
  const fs::path real_file = fs::weakly_canonical(file, error);
  if (!error && !IsInside(real_file, real_base)) {
    return "it leads out of the folder through a symbolic link";
  }
  return std::nullopt;
}

}  // namespace cinc
