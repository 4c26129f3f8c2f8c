// An object's `pattern:` (linear, circular or one copy per marker), read
// here and expanded into copies later (compiler/scene/scene_patterns.h).
#ifndef CINC_COMPILER_SCENE_READ_PATTERN_H_
#define CINC_COMPILER_SCENE_READ_PATTERN_H_

#include <cstdint>

#include "compiler/scene/read_context.h"
#include "core/scene.h"

namespace cinc::scene_loading {

// The most copies one pattern makes.
inline constexpr int64_t kMaxPatternCopies = 100'000;

// `pattern: {count, offset}`, `{count, axis, angle, center}` or `{markers:
// OBJECT/GLOB}`; a refused pattern has count 0 (the object then stays one).
void ReadPattern(ReadContext& context, const YamlEvent& first, Pattern* pattern);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_PATTERN_H_
