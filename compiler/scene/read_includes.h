// Includes: `include: FILE | [FILE, ...]` at the top level
// (docs/scene-loading.md, "Includes"). Each included file is read by a
// context of its own; its models and templates then join the scene's.
#ifndef CINC_COMPILER_SCENE_READ_INCLUDES_H_
#define CINC_COMPILER_SCENE_READ_INCLUDES_H_

#include <cstddef>
#include <string>

#include "compiler/scene/read_context.h"

namespace cinc::scene_loading {

// The most files that include one another in a chain (the scene not
// counted), and the most files one scene includes in all.
inline constexpr size_t kMaxIncludeDepth = 32;
inline constexpr size_t kMaxIncludedFiles = 1000;

// The `include:` section: each file read once (cycles, depth and count
// checked), its problems located in it.
void ReadIncludes(ReadContext& context, const YamlEvent& first);

// What names a file whatever path leads to it: the absolute path with
// symbolic links resolved (as far as they exist).
std::string FileIdentity(const std::string& path);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_INCLUDES_H_
