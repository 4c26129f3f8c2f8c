// The files a scene names (a model's `source`, an `include`): they stay in
// the folder of the file that names them, unless --allow-outside allows.
#ifndef CINC_COMPILER_SCENE_SOURCE_PATHS_H_
#define CINC_COMPILER_SCENE_SOURCE_PATHS_H_

#include <string>
#include <string_view>

#include "compiler/scene/read_context.h"

namespace cinc::scene_loading {

// False after reporting a path that is empty (E_SCENE_VALUE) or leaves the
// folder of the file that names it, lexically or through a symbolic link,
// outside SceneLoadOptions::allowed_outside_roots (E_PATH). `field` names
// it in messages.
bool CheckSource(ReadContext& context, std::string_view field, const std::string& source,
                 SourceLocation location);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_SOURCE_PATHS_H_
