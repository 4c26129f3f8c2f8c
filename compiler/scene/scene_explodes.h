// Explodes: a director node with `explode:` or `collapse:` gives each of
// its parts a node of its own, made once the patterns are expanded, before
// timing (docs/language.md "Explode and collapse").
#ifndef CINC_COMPILER_SCENE_SCENE_EXPLODES_H_
#define CINC_COMPILER_SCENE_SCENE_EXPLODES_H_

#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"

namespace cinc {

// The objects an explode's part names: the object, or a pattern's copies;
// empty for an unknown name or a camera.
std::vector<size_t> ExplodedObjects(const Scene& scene, std::string_view name);

// Appends to each part's nodes a node with the director node's id, timed
// `with:` it and `until:` it, carrying its explode and its ease (each
// object once per explode). E_SCENE_FORMAT for an explode node without an
// id, E_OBJECT_MISSING for an unknown part or centre or a camera part,
// E_SCENE_NAME for a part that has a node of that id already.
void ExpandExplodes(Scene* scene, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_COMPILER_SCENE_SCENE_EXPLODES_H_
