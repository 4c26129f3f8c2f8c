// Patterns: an object with `pattern:` stands for copies of itself, made
// once the scene is read, before timing (docs/scene-loading.md, "Patterns").
#ifndef CINC_COMPILER_SCENE_SCENE_PATTERNS_H_
#define CINC_COMPILER_SCENE_SCENE_PATTERNS_H_

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"

namespace cinc {

// Each model's marker names, in its order: model name -> names.
using ModelMarkerNames = std::unordered_map<std::string, std::vector<std::string>>;

// True when `name` matches `glob` (`*` any run of characters, `?` one).
bool MatchesGlob(std::string_view glob, std::string_view name);

// Whether a copy of `node`, of the pattern named `name`, may have texts other
// than the node's: a `$` (`$i`, `$marker`) or a reference to `name` itself in
// them, or any rare part (attach, cues, label, …). When false, every copy
// keeps the node's texts as they are.
bool PatternCopyEditsTexts(const Node& node, std::string_view name);

// Replaces each patterned object, in its place, by copies NAME-1 … NAME-N
// (moved or turned, `$i` and `$marker` filled in, staggered, referring to
// themselves) and records NAME in scene.patterns; `markers` gives the
// marker patterns' markers. Every problem goes to `diagnostics`.
void ExpandPatterns(const ModelMarkerNames& markers, Scene* scene, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_COMPILER_SCENE_SCENE_PATTERNS_H_
