// A node's timing fields (docs/timing.md): the relation fields `at`,
// `after`, `with`, `end_with`, `before` and `until`, and `start:` entries.
#ifndef CINC_COMPILER_SCENE_READ_TIMING_H_
#define CINC_COMPILER_SCENE_READ_TIMING_H_

#include <optional>
#include <string_view>
#include <vector>

#include "compiler/scene/read_context.h"
#include "core/scene.h"

namespace cinc::scene_loading {

// A relation field's value: one relation or a non-empty list of them,
// appended to `relations`. The entries of a list share its pointer, each
// with its index (Origin::element).
void ReadRelations(ReadContext& context, const YamlEvent& first, RelationKind kind,
                   std::string_view field, std::vector<Relation>* relations);

// One relation (an `at` time or a node reference), written at `origin`.
std::optional<Relation> ReadRelation(ReadContext& context, const YamlEvent& first,
                                     RelationKind kind, std::string_view field,
                                     const Origin& origin);

// `start: [{RELATION: …, lag: …}, …]`: one relation per entry, its lag
// applied, appended to `relations`; `node` (as far as it is read) names the
// node in E_TIMING_CONFLICT messages.
void ReadStartList(ReadContext& context, const YamlEvent& first, const Node& node,
                   std::vector<Relation>* relations);

// A written lag as the offset of a relation. An `at` with a lag is refused
// (E_TIMING_CONFLICT), but timing still adds the two, so that what it
// reports after (a start before 0, past the limit) is what was written.
void ApplyLag(const ExactTime& lag, Relation* relation);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_TIMING_H_
