#include "compiler/scene/read_nodes.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "compiler/scene/field_table.h"
#include "compiler/scene/read_cues.h"
#include "compiler/scene/read_director.h"
#include "compiler/scene/read_emphasis.h"
#include "compiler/scene/read_motion.h"
#include "compiler/scene/read_timing.h"
#include "compiler/scene/read_values.h"
#include "compiler/scene/read_verbs.h"
#include "compiler/scene/scalars.h"
#include "sequence/limits.h"

namespace cinc::scene_loading {
namespace {

// The node's fields, in the order of kNodeRules' rows.
enum NodeField {
  kId,
  kAt,
  kAfter,
  kWith,
  kEndWith,
  kBefore,
  kStart,
  kLag,
  kDuration,
  kUntil,
  kPosition,
  kRotation,
  kScale,
  kOpacity,
  kEase,
  kAttach,
  kSpin,
  kPath,
  kLookAt,
  kFov,
  kFocus,
  kAperture,
  kTimeScale,
  kShot,
  kCue,
  kSound,
  kLabel,
  kAction,
  kHighlight,
  kGhost,
  kCallout,
  kNodeRuleCount  // the verbs of read_verbs.h follow
};

// What a node's mapping held, for the checks that need all its keys.
struct NodeKeys {
  FieldsSeen seen;
  std::optional<ExactTime> lag;
  std::vector<Relation> start_relations;

  bool Has(int field) const { return seen.Has(field); }
};

// The ids of one node list, for "used twice". Most lists hold a few nodes,
// searched in order; a hash set would cost a heap block per id. A list that
// grows past kFew moves its ids into a set.
class ListIds {
 public:
  // Adds `id`; false when the list already had it.
  bool Add(const std::string& id) {
    if (set_.empty()) {
      const auto few_end = few_.begin() + static_cast<std::ptrdiff_t>(few_count_);
      if (std::find(few_.begin(), few_end, id) != few_end) return false;
      if (few_count_ < kFew) {
        few_[few_count_++] = id;
        return true;
      }
      set_.insert(few_.begin(), few_end);
      few_count_ = 0;
    }
    return set_.insert(id).second;
  }

 private:
  static constexpr size_t kFew = 16;
  std::array<std::string, kFew> few_;  // in place: a growing vector took three heap blocks
  size_t few_count_ = 0;
  std::unordered_set<std::string> set_;
};

// What the node's field readers write to.
struct NodeInput {
  Node* node;
  NodeKeys* keys;
  ListIds* ids;
};

using NodeRule = FieldRule<NodeInput, NodeFieldTraits>;

constexpr NumberRange kTimeScaleRange{0, kMaxTimeScale, false, false};

bool ReadRelationField(ReadContext& context, const YamlEvent& value, RelationKind kind,
                       std::string_view field, NodeInput* input) {
  ReadRelations(context, value, kind, field, &input->node->relations);
  return true;
}

template <typename Field>
bool KeepText(std::optional<std::string> read, ReadContext& context, const YamlEvent& value,
              Field* field) {
  if (!read) return false;
  *field = LocatedString{std::move(*read), context.OriginAt(value.location)};
  return true;
}

constexpr NodeRule kNodeRules[] = {
    {"id",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       std::optional<std::string> id = ReadName(context, value, "id");
       if (!id) return false;
       if (!input->ids->Add(*id)) {
         context.Report(DiagnosticCode::kSceneName, value.location,
                        "'" + *id + "' is used twice in this list");
       }
       input->node->id = std::move(*id);
       return true;
     }},
    {"at",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return ReadRelationField(context, value, RelationKind::kAt, "at", input);
     }},
    {"after",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return ReadRelationField(context, value, RelationKind::kAfter, "after", input);
     }},
    {"with",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return ReadRelationField(context, value, RelationKind::kWith, "with", input);
     }},
    {"end_with",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return ReadRelationField(context, value, RelationKind::kEndWith, "end_with", input);
     }},
    {"before",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return ReadRelationField(context, value, RelationKind::kBefore, "before", input);
     }},
    {"start",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       ReadStartList(context, value, *input->node, &input->keys->start_relations);
       return true;
     }},
    {"lag",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return Keep(ReadTime(context, value, "lag", /*allow_negative=*/true), &input->keys->lag);
     }},
    {"duration",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       std::optional<ExactTime> duration = ReadTime(context, value, "duration", false);
       if (!duration) return false;
       input->node->duration = *duration;
       input->node->has_duration = true;
       return true;
     }},
    {"until",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       std::vector<Relation> until = input->node->until.TakeItems();
       ReadRelations(context, value, RelationKind::kAfter, "until", &until);
       input->node->until = std::move(until);
       return true;
     }},
    {"position",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return Keep(ReadVec3(context, value, "position", kCoordinateRange), &input->node->position);
     },
     {Owners::kNotDirector, true}},
    {"rotation",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return Keep(ReadRotation(context, value), &input->node->rotation);
     },
     {Owners::kNotDirector, true}},
    {"scale",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return Keep(ReadScale(context, value), &input->node->scale);
     },
     {Owners::kObjects, true}},
    {"opacity",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return Keep(ReadNumber(context, value, "opacity", kUnitInterval), &input->node->opacity);
     },
     {Owners::kObjects, true}},
    {"ease",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return Keep(ReadEase(context, value, "ease"), &input->node->ease);
     }},
    {"attach",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       ReadAttach(context, value, input->node);
       return true;
     },
     {Owners::kNotDirector, true}},
    {"spin",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       ReadSpin(context, value, input->node);
       return true;
     },
     {Owners::kNotDirector, true}},
    {"path",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       ReadPath(context, value, input->node);
       return true;
     },
     {Owners::kNotDirector, true}},
    {"look_at",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       std::optional<std::string> target = ReadString(context, value, "look_at");
       // An empty target looks at nothing, as before look_at was boxed.
       if (target && !target->empty()) {
         input->node->mutable_rare().look_at =
             LocatedString{std::move(*target), context.OriginAt(value.location)};
       }
       return target.has_value();
     },
     {Owners::kCameras, true}},
    {"fov",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return Keep(ReadNumber(context, value, "fov", kFovRange), &input->node->mutable_rare().fov);
     },
     {Owners::kCameras, true}},
    {"focus",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       FocusTarget focus;
       if (!ReadFocus(context, value, &focus)) return false;
       input->node->mutable_rare().focus = std::move(focus);
       return true;
     },
     {Owners::kCameras, true}},
    {"aperture",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return Keep(ReadNumber(context, value, "aperture", kPositive),
                   &input->node->mutable_rare().aperture);
     },
     {Owners::kCameras, true}},
    {"time_scale",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return Keep(ReadNumber(context, value, "time_scale", kTimeScaleRange),
                   &input->node->mutable_rare().time_scale);
     },
     {Owners::kDirector, true}},
    {"shot",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       ReadShot(context, value, input->node);
       return true;
     },
     {Owners::kDirector, false}},
    {"cue",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       ReadCues(context, value, input->node);
       return true;
     }},
    {"sound",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       ReadSound(context, value, input->node);
       return true;
     }},
    {"label",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return KeepText(ReadText(context, value, "label"), context, value,
                       &input->node->mutable_rare().label);
     }},
    {"action",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       return KeepText(ReadName(context, value, "action"), context, value,
                       &input->node->mutable_rare().action);
     },
     {Owners::kObjects, false}},
    {"highlight",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       ReadHighlight(context, value, input->node);
       return true;
     },
     {Owners::kDirector, false}},
    {"ghost",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       ReadGhost(context, value, input->node);
       return true;
     },
     {Owners::kDirector, false}},
    {"callout",
     [](ReadContext& context, const YamlEvent& value, NodeInput* input) {
       ReadCallout(context, value, input->node);
       return true;
     }},
};
static_assert(std::size(kNodeRules) == kNodeRuleCount);
static_assert(kNodeRules[kTimeScale].name == "time_scale" && kNodeRules[kAction].name == "action");

constexpr NodeField kRelationFields[] = {kAfter, kWith, kEndWith, kBefore};

// The node field table: the rows of kNodeRules, then the verbs (their
// excluded fields as field numbers).
struct NodeTable {
  std::vector<std::string_view> names;  // for the MappingWalker
  std::vector<NodeFieldTraits> traits;
  std::span<const NodeVerb> verbs;
  std::vector<std::vector<int>> verb_excludes;
  std::vector<std::vector<int>> verb_needs;
  // The fields without which CheckNodeFields has nothing past `duration` to
  // check: attach, look_at, path, highlight, ghost and every verb.
  uint64_t rare_fields = 0;

  static int VerbField(size_t verb) { return kNodeRuleCount + static_cast<int>(verb); }
  bool Read(int field, ReadContext& context, const YamlEvent& value, NodeInput* input) const {
    if (field < kNodeRuleCount) return kNodeRules[field].read(context, value, input);
    verbs[static_cast<size_t>(field - kNodeRuleCount)].read(context, value, input->node);
    return true;
  }
};

// A table that cannot be (more fields than FieldsSeen holds, a verb that
// excludes an unknown field) is a mistake in this file or read_verbs.cc.
[[noreturn]] void BadNodeTable(std::string_view problem) {
  std::fprintf(stderr, "cinc: the node field table is wrong: %.*s\n",
               static_cast<int>(problem.size()), problem.data());
  std::abort();
}

NodeTable BuildNodeTable() {
  NodeTable table;
  for (const NodeRule& rule : kNodeRules) {
    table.names.push_back(rule.name);
    table.traits.push_back(rule.traits);
  }
  table.verbs = NodeVerbs();
  for (const NodeVerb& verb : table.verbs) {
    table.names.push_back(verb.name);
    table.traits.push_back(verb.traits);
  }
  if (table.names.size() > FieldsSeen::kMaxFields) BadNodeTable("too many fields");
  auto numbers = [&](std::span<const std::string_view> names) {
    std::vector<int> fields;
    for (std::string_view name : names) {
      auto found = std::find(table.names.begin(), table.names.end(), name);
      if (found == table.names.end()) BadNodeTable(name);
      fields.push_back(static_cast<int>(found - table.names.begin()));
    }
    return fields;
  };
  for (const NodeVerb& verb : table.verbs) {
    table.verb_excludes.push_back(numbers(verb.excludes));
    table.verb_needs.push_back(numbers(verb.requires_fields));
  }
  for (int field : {kAttach, kLookAt, kPath, kHighlight, kGhost}) {
    table.rare_fields |= uint64_t{1} << field;
  }
  for (size_t verb = 0; verb < table.verbs.size(); ++verb) {
    table.rare_fields |= uint64_t{1} << NodeTable::VerbField(verb);
  }
  return table;
}

const NodeTable& TheNodeTable() {
  static const NodeTable table = BuildNodeTable();
  return table;
}

bool NodeFieldAllowed(ReadContext& context, const NodeTable& table, int field, OwnerKind owner_kind,
                      SourceLocation key_location) {
  Owners owners = table.traits[static_cast<size_t>(field)].owners;
  const char* problem = nullptr;
  if (owners == Owners::kCameras && owner_kind != OwnerKind::kCamera) {
    problem = "' is only allowed on cameras";
  } else if (owners == Owners::kDirector && owner_kind != OwnerKind::kDirector) {
    problem = "' is only allowed on director nodes";
  } else if ((owners == Owners::kNotDirector || owners == Owners::kObjects) &&
             owner_kind == OwnerKind::kDirector) {
    problem = "' is not allowed on director nodes";
  } else if (owners == Owners::kObjects && owner_kind == OwnerKind::kCamera) {
    problem = "' is not allowed on a camera";
  } else {
    return true;
  }
  context.Report(DiagnosticCode::kSceneFormat, key_location,
                 "'" + std::string(table.names[static_cast<size_t>(field)]) + problem);
  return false;
}

// "'LATER' cannot be combined with 'EARLIER'" for two fields the node gives;
// timing conflicts name the node.
void ReportNodeConflict(ReadContext& context, const NodeTable& table, const NodeKeys& keys,
                        const Node& node, DiagnosticCode code, int first_field, int second_field) {
  if (!keys.Has(first_field) || !keys.Has(second_field)) return;
  // The node's name only when there is something to say (a string per node
  // would cost every scene an allocation or three per node).
  ReportCombined(context, code, keys.seen, table, first_field, second_field,
                 code == DiagnosticCode::kTimingConflict ? "node '" + node.QualifiedName() + "': "
                                                         : std::string());
}

// Timing (docs/timing.md): the top-level lag applies to each relation
// field; the fields that exclude each other.
void CheckNodeTiming(ReadContext& context, const NodeTable& table, const NodeKeys& keys,
                     Node* node) {
  if (keys.lag) {
    for (Relation& relation : node->relations) ApplyLag(*keys.lag, &relation);
    if (!keys.Has(kStart) && node->relations.empty()) node->chain_lag = *keys.lag;
  }
  if (keys.Has(kStart)) {
    node->uses_start_list = true;
    node->relations.insert(node->relations.end(), keys.start_relations.begin(),
                           keys.start_relations.end());
  }
  // Every conflict below takes `at`, `start` or `until`: most nodes have none.
  if (!keys.Has(kAt) && !keys.Has(kStart) && !keys.Has(kUntil)) return;
  auto conflict = [&](int first_field, int second_field) {
    ReportNodeConflict(context, table, keys, *node, DiagnosticCode::kTimingConflict, first_field,
                       second_field);
  };
  conflict(kAt, kLag);
  conflict(kStart, kLag);
  conflict(kStart, kAt);
  for (NodeField relation : kRelationFields) {
    conflict(kAt, relation);
    conflict(kStart, relation);
  }
  // `until` gives the end: the duration is what is left, and a start
  // measured back from the end would need the duration first.
  conflict(kUntil, kDuration);
  conflict(kUntil, kEndWith);
  conflict(kUntil, kBefore);
  if (keys.Has(kUntil) && keys.Has(kStart)) {
    for (const Relation& relation : keys.start_relations) {
      if (relation.kind != RelationKind::kEndWith && relation.kind != RelationKind::kBefore) {
        continue;
      }
      context.Report(DiagnosticCode::kTimingConflict, relation.origin.location,
                     "node '" + node->QualifiedName() + "': 'until' cannot be combined with '" +
                         std::string(RelationFieldName(relation.kind)) + "' in a 'start' entry");
    }
  }
}

// Required and exclusive fields (docs/language.md).
void CheckNodeFields(ReadContext& context, const NodeTable& table, const NodeKeys& keys,
                     const Node& node) {
  if (!keys.Has(kDuration) && !keys.Has(kUntil)) {
    for (size_t field = 0; field < table.traits.size(); ++field) {
      if (keys.Has(static_cast<int>(field)) && table.traits[field].drives_channel) {
        context.Report(DiagnosticCode::kSceneFormat, node.origin.location,
                       "missing field duration");
        break;
      }
    }
  }
  // Every check below takes one of `rare_fields` (attach, look_at, path, the
  // emphases and the verbs): most nodes have none.
  if ((keys.seen.given & table.rare_fields) == 0) return;
  auto conflict = [&](int first_field, int second_field) {
    ReportNodeConflict(context, table, keys, node, DiagnosticCode::kSceneFormat, first_field,
                       second_field);
  };
  for (NodeField excluded : {kPosition, kRotation, kPath, kLookAt}) conflict(kAttach, excluded);
  for (size_t verb = 0; verb < table.verbs.size(); ++verb) {
    for (int excluded : table.verb_excludes[verb]) conflict(NodeTable::VerbField(verb), excluded);
  }
  conflict(kLookAt, kRotation);
  conflict(kLookAt, kSpin);
  // Emphasis lasts the node's span (docs/language.md "Emphasis").
  for (NodeField field : {kHighlight, kGhost}) {
    if (!keys.Has(field) || keys.Has(kDuration) || keys.Has(kUntil)) continue;
    const std::string name(table.names[field]);
    context.ReportAtKey(DiagnosticCode::kSceneFormat, keys.seen.locations[field], name,
                        "'" + name + "' requires 'duration' or 'until'");
  }
  if (keys.Has(kPath) && !keys.Has(kPosition)) {
    context.ReportAtKey(DiagnosticCode::kSceneFormat, keys.seen.locations[kPath], "path",
                        "'path' requires 'position'");
  }
  for (size_t verb = 0; verb < table.verbs.size(); ++verb) {
    const int field = NodeTable::VerbField(verb);
    if (!keys.Has(field)) continue;
    for (int needed : table.verb_needs[verb]) {
      if (keys.Has(needed)) continue;
      const std::string name(table.names[static_cast<size_t>(field)]);
      context.ReportAtKey(DiagnosticCode::kSceneFormat,
                          keys.seen.locations[static_cast<size_t>(field)], name,
                          "'" + name + "' requires '" +
                              std::string(table.names[static_cast<size_t>(needed)]) + "'");
    }
  }
}

void ReadNode(ReadContext& context, const YamlEvent& first, OwnerKind owner_kind, ListIds* ids,
              Node* node) {
  const NodeTable& table = TheNodeTable();
  NodeKeys keys;
  NodeInput input{node, &keys, ids};
  keys.seen = ReadFields(context, table, &input,
                         [&](int field, SourceLocation key_location) {
                           return NodeFieldAllowed(context, table, field, owner_kind, key_location);
                         },
                         {.follow_use = true});
  if (!context.reader.stopped()) {
    CheckNodeTiming(context, table, keys, node);
    CheckNodeFields(context, table, keys, *node);
    // A director node has no object of its own to point at.
    if (owner_kind == OwnerKind::kDirector && node->rare().callout &&
        node->rare().callout->on.value.empty()) {
      context.ReportAtKey(DiagnosticCode::kSceneFormat, keys.seen.locations[kCallout], "callout",
                          "a callout on a director node requires 'on'");
    }
  }
  // A list grown one reference at a time has room for up to twice as many:
  // 13 MB at 100,000 nodes with `after:` lists of 50.
  if (node->relations.capacity() > node->relations.size()) node->relations.shrink_to_fit();
}

}  // namespace

void ReadNodeList(ReadContext& context, const YamlEvent& first, const std::string& owner,
                  OwnerKind owner_kind, std::vector<Node>* nodes) {
  if (IsNullScalar(first)) return;
  if (first.kind != YamlEventKind::kSequenceStart) {
    context.TypeError(first, "a list of nodes");
    return;
  }
  ListIds ids;
  size_t index = 0;
  ForEachElement(context, [&](const YamlEvent& event) {
    size_t position = index++;
    if (!ExpectMapping(context, event)) return;  // its index stays taken
    Node& node = nodes->emplace_back();          // in place: a Node is large
    node.owner = owner;
    node.index = static_cast<int>(position);
    node.origin = context.OriginAt(event.location);
    ReadNode(context, event, owner_kind, &ids, &node);
  });
}

}  // namespace cinc::scene_loading
