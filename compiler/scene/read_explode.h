// `explode:` and `collapse:` on a director node: parts pushed out from
// where they are, or brought back (docs/language.md "Explode and
// collapse"). Rows of the verb table (read_verbs.cc).
#ifndef CINC_COMPILER_SCENE_READ_EXPLODE_H_
#define CINC_COMPILER_SCENE_READ_EXPLODE_H_

#include "compiler/scene/read_context.h"
#include "core/scene.h"

namespace cinc::scene_loading {

// `explode: {parts: [NAME, …], from: OBJECT | [x, y, z] | along: axis,
// distance: D}`: parts not empty, exactly one of from and along, D > 0.
void ReadExplode(ReadContext& context, const YamlEvent& first, Node* node);

// `collapse:` with the fields of explode: the move back.
void ReadCollapse(ReadContext& context, const YamlEvent& first, Node* node);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_EXPLODE_H_
