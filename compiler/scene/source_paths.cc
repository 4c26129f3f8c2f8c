#include "compiler/scene/source_paths.h"

#include <cctype>
#include <filesystem>

#include "core/path_containment.h"

namespace cinc::scene_loading {

bool CheckSource(ReadContext& context, std::string_view field, const std::string& source,
                 SourceLocation location) {
  const std::string named = std::string(field);
  if (source.empty()) {
    context.Report(DiagnosticCode::kSceneValue, location, named + " is empty");
    return false;
  }
  bool absolute = source[0] == '/' || source[0] == '\\' ||
                  (source.size() >= 2 && std::isalpha(static_cast<unsigned char>(source[0])) &&
                   source[1] == ':');
  // Lexical: count the folders entered and left, `\` taken as a separator too.
  bool leaves = false;
  int depth = 0;
  size_t begin = 0;
  while (!absolute && begin <= source.size()) {
    size_t end = source.find_first_of("/\\", begin);
    if (end == std::string::npos) end = source.size();
    std::string_view part(source.data() + begin, end - begin);
    if (part == "..") {
      if (--depth < 0) leaves = true;
    } else if (!part.empty() && part != ".") {
      ++depth;
    }
    begin = end + 1;
  }
  // Then with symbolic links followed: a link to a file or folder outside
  // leaves the folder as surely as `..` does.
  std::error_code error;
  std::filesystem::path folder = std::filesystem::path(context.file).parent_path();
  if (folder.empty()) folder = ".";
  std::filesystem::path real_folder = std::filesystem::weakly_canonical(folder, error);
  std::filesystem::path real_target =
      error ? std::filesystem::path() : std::filesystem::weakly_canonical(folder / source, error);
  const bool linked_out = !absolute && !leaves && !error && !IsInside(real_target, real_folder);
  if (!absolute && !leaves && !linked_out) return true;
  for (const std::string& root : context.options.allowed_outside_roots) {
    std::error_code root_error;
    std::filesystem::path allowed = std::filesystem::weakly_canonical(root, root_error);
    std::filesystem::path target =
        linked_out ? real_target
                   : std::filesystem::absolute(folder / source, root_error).lexically_normal();
    if (!root_error && (IsInside(target, allowed) ||
                        IsInside(std::filesystem::weakly_canonical(target, root_error), allowed))) {
      return true;
    }
  }
  const std::string the_folder =
      context.file_index == 0 ? "the scene's folder" : "the folder of " + context.file;
  context.Report(DiagnosticCode::kPath, location,
                 absolute ? named + " '" + source + "' is an absolute path (" + named +
                                "s are relative to " + the_folder + ")"
                 : leaves ? named + " '" + source + "' leaves " + the_folder
                          : named + " '" + source + "' leads outside " + the_folder +
                                " through a symbolic link (to " + real_target.string() + ")");
  return false;
}

}  // namespace cinc::scene_loading
