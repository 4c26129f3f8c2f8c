// Whether a file named by another stays in that file's folder: the one home
// of the rule for scene sources, includes and a model's own files.
#ifndef CINC_CORE_PATH_CONTAINMENT_H_
#define CINC_CORE_PATH_CONTAINMENT_H_

#include <filesystem>
#include <optional>
#include <string>

namespace cinc {

// Whether `path` (lexically normal, absolute) lies inside `root`.
bool IsInside(const std::filesystem::path& path, const std::filesystem::path& root);

// Why `name`, as a file in `folder` names it, leads out of `folder` ("it is
// an absolute path", "it climbs out of the folder with '..'", "it leads out
// of the folder through a symbolic link"), or nullopt when it stays inside.
std::optional<std::string> LeavesFolder(const std::string& folder, const std::string& name);

}  // namespace cinc

#endif  // CINC_CORE_PATH_CONTAINMENT_H_
