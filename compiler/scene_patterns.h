// Patterns: an object with `pattern:` stands for copies of itself
// (docs/language.md "Patterns"), made once the scene is read, before timing.
//
// Contract: ExpandPatterns replaces each patterned object, in its place in
// file order, by copies NAME-1 ... NAME-N, and records NAME in
// scene.patterns. A marker pattern (`markers: OBJECT/GLOB`) makes one copy
// per marker of OBJECT's model whose name matches GLOB (`*` any run of
// characters, `?` one), in the model's marker order (`markers` gives each
// model's names); none matching is E_MARKER_MISSING with the markers there
// are, an unknown OBJECT E_OBJECT_MISSING, both at the `markers` value.
// Copy k:
// - is moved by (k − 1)·offset (linear), or turned by (k − 1)·angle degrees
//   about the axis through `center` (circular): its initial pose and its
//   nodes' world targets — `position`, `path` points, and `rotation` where
//   it is a world rotation (with a `position`, or while the copy is not
//   attached: no attach, insert or screw before it in its list since the
//   last `position`);
// - has `$i` replaced by k, and `$marker` by its marker's name (marker
//   patterns), in every text of its nodes (references, labels, actions,
//   cues);
// - starts (k − 1)·stagger later: that lag is added to each of its timing
//   relations that point outside the copy (to another object's node, or
//   `at`), and to its first node's when that node follows nothing;
// - refers to itself where it names NAME (`NAME.id`, `NAME/marker`).
// Elsewhere `NAME.id` in `after:` or `until:` stands for every copy's node
// (after all of them, ending with the latest): it stays one relation, with
// Relation::copies the pattern's count, which timing resolves once for all
// the nodes that wait on it (not copies² relations); in any other relation it is
// E_TIMING_MISSING, and NAME as an object (attach, insert, screw, look_at,
// focus, a cue's target) E_OBJECT_MISSING, both naming the copies. A copy
// whose name another object or camera has is E_SCENE_NAME at the pattern,
// and is not made.
#ifndef CINC_COMPILER_SCENE_PATTERNS_H_
#define CINC_COMPILER_SCENE_PATTERNS_H_

#include <string>
#include <unordered_map>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"

namespace cinc {

// Each model's marker names, in its order: model name -> names.
using ModelMarkerNames = std::unordered_map<std::string, std::vector<std::string>>;

// True when `name` matches `glob` (`*` any run of characters, `?` one).
bool MatchesGlob(std::string_view glob, std::string_view name);

void ExpandPatterns(const ModelMarkerNames& markers, Scene* scene, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_COMPILER_SCENE_PATTERNS_H_
