// Node lists and node fields of the scene loader (docs/language.md, docs/timing.md).
//
// Every mapping of a node is read through a FieldTable: one row per field,
// its key, the function that reads its value, and for the node's own fields
// where it is allowed and whether it drives a channel (and so needs a
// duration). The checks across fields (required, exclusive) follow the
// tables.
#include <array>
#include <cmath>

#include "compiler/scene_loader_internal.h"

namespace cinc::scene_loading {

// What a node's mapping held, for the checks that need all its keys.
struct SceneLoader::NodeKeys {
  FieldsSeen seen;
  std::optional<ExactTime> lag;
  std::vector<Relation> start_relations;

  bool Has(int field) const { return seen.Has(field); }
};

namespace {

// The node's fields, in the order of kNodeTable's rows.
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
  kInsert,
  kScrew,
  kNodeFieldCount
};

// Which owners' nodes may give a field.
enum class Owners : uint8_t {
  kAll,
  kCameras,      // camera nodes only
  kDirector,     // director nodes only
  kNotDirector,  // objects and cameras
  kObjects,      // object nodes only
};

struct NodeFieldTraits {
  Owners owners = Owners::kAll;
  bool drives_channel = false;  // needs `duration`
};

// What the node's field readers write to.
struct NodeInput {
  Node* node;
  SceneLoader::NodeKeys* keys;
  std::unordered_set<std::string>* ids;
};

using NodeRule = FieldRule<NodeInput, NodeFieldTraits>;

constexpr NumberRange kTimeScaleRange{0, kMaxTimeScale, false, false};

bool ReadRelations(SceneLoader& loader, const YamlEvent& value, RelationKind kind,
                   std::string_view field, NodeInput* input) {
  loader.LoadRelations(value, kind, field, &input->node->relations);
  return true;
}

template <typename Value>
bool Keep(std::optional<Value> read, std::optional<Value>* field) {
  *field = std::move(read);
  return field->has_value();
}
template <typename Value>
bool Keep(std::optional<Value> read, Boxed<Value>* field) {
  *field = std::move(read);
  return field->has_value();
}

// The same for a field with no "not given" state of its own.
template <typename Value>
bool Keep(std::optional<Value> read, Value* field) {
  if (read) *field = std::move(*read);
  return read.has_value();
}

template <typename Field>
bool KeepText(std::optional<std::string> read, SceneLoader& loader, const YamlEvent& value,
              Field* field) {
  if (!read) return false;
  *field = LocatedString{std::move(*read), loader.OriginAt(value.location)};
  return true;
}

constexpr NodeRule kNodeRules[] = {
    {"id",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       std::optional<std::string> id = loader.ReadName(value, "id");
       if (!id) return false;
       if (!input->ids->insert(*id).second) {
         loader.Report(DiagnosticCode::kSceneName, value.location,
                       "'" + *id + "' is used twice in this list");
       }
       input->node->id = std::move(*id);
       return true;
     }},
    {"at",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return ReadRelations(loader, value, RelationKind::kAt, "at", input);
     }},
    {"after",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return ReadRelations(loader, value, RelationKind::kAfter, "after", input);
     }},
    {"with",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return ReadRelations(loader, value, RelationKind::kWith, "with", input);
     }},
    {"end_with",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return ReadRelations(loader, value, RelationKind::kEndWith, "end_with", input);
     }},
    {"before",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return ReadRelations(loader, value, RelationKind::kBefore, "before", input);
     }},
    {"start",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       loader.LoadStartList(value, *input->node, input->keys);
       return true;
     }},
    {"lag",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return Keep(loader.ReadTime(value, "lag", /*allow_negative=*/true), &input->keys->lag);
     }},
    {"duration",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       std::optional<ExactTime> duration = loader.ReadTime(value, "duration", false);
       if (!duration) return false;
       input->node->duration = *duration;
       input->node->has_duration = true;
       return true;
     }},
    {"until",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       std::vector<Relation> until = input->node->until.TakeItems();
       loader.LoadRelations(value, RelationKind::kAfter, "until", &until);
       input->node->until = std::move(until);
       return true;
     }},
    {"position",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return Keep(loader.ReadVec3(value, "position", kCoordinateRange), &input->node->position);
     },
     {Owners::kNotDirector, true}},
    {"rotation",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return Keep(loader.ReadRotation(value), &input->node->rotation);
     },
     {Owners::kNotDirector, true}},
    {"scale",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return Keep(loader.ReadScale(value), &input->node->scale);
     },
     {Owners::kObjects, true}},
    {"opacity",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return Keep(loader.ReadNumber(value, "opacity", kUnitInterval), &input->node->opacity);
     },
     {Owners::kObjects, true}},
    {"ease",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       std::optional<Ease> ease = loader.ReadEase(value, "ease");
       if (ease) input->node->ease = *ease;
       return ease.has_value();
     }},
    {"attach",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       loader.LoadAttach(value, input->node);
       return true;
     },
     {Owners::kNotDirector, true}},
    {"spin",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       loader.LoadSpin(value, input->node);
       return true;
     },
     {Owners::kNotDirector, true}},
    {"path",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       loader.LoadPath(value, input->node);
       return true;
     },
     {Owners::kNotDirector, true}},
    {"look_at",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       std::optional<std::string> target = loader.ReadString(value, "look_at");
       // An empty target looks at nothing, as before look_at was boxed.
       if (target && !target->empty()) {
         input->node->mutable_rare().look_at =
             LocatedString{std::move(*target), loader.OriginAt(value.location)};
       }
       return target.has_value();
     },
     {Owners::kCameras, true}},
    {"fov",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return Keep(loader.ReadNumber(value, "fov", kFovRange), &input->node->mutable_rare().fov);
     },
     {Owners::kCameras, true}},
    {"focus",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       FocusTarget focus;
       if (!loader.LoadFocus(value, &focus)) return false;
       input->node->mutable_rare().focus = std::move(focus);
       return true;
     },
     {Owners::kCameras, true}},
    {"aperture",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return Keep(loader.ReadNumber(value, "aperture", kPositive),
                   &input->node->mutable_rare().aperture);
     },
     {Owners::kCameras, true}},
    {"time_scale",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return Keep(loader.ReadNumber(value, "time_scale", kTimeScaleRange),
                   &input->node->mutable_rare().time_scale);
     },
     {Owners::kDirector, true}},
    {"shot",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       loader.LoadShot(value, input->node);
       return true;
     },
     {Owners::kDirector, false}},
    {"cue",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       loader.LoadCues(value, input->node);
       return true;
     }},
    {"sound",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       loader.LoadSound(value, input->node);
       return true;
     }},
    {"label",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return KeepText(loader.ReadText(value, "label"), loader, value,
                       &input->node->mutable_rare().label);
     }},
    {"action",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       return KeepText(loader.ReadName(value, "action"), loader, value,
                       &input->node->mutable_rare().action);
     },
     {Owners::kObjects, false}},
    {"insert",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       loader.LoadInsert(value, input->node);
       return true;
     },
     {Owners::kObjects, true}},
    {"screw",
     [](SceneLoader& loader, const YamlEvent& value, NodeInput* input) {
       loader.LoadScrew(value, input->node);
       return true;
     },
     {Owners::kObjects, true}},
};
constexpr auto kNodeTable = MakeFieldTable(kNodeRules);
static_assert(kNodeTable.rules.size() == kNodeFieldCount);
static_assert(kNodeTable.names[kTimeScale] == "time_scale" &&
              kNodeTable.names[kAction] == "action");

constexpr NodeField kRelationFields[] = {kAfter, kWith, kEndWith, kBefore};

// A written lag: the offset of a relation to a node. An `at` with a lag is
// refused (E_TIMING_CONFLICT), but timing still adds the two, so that what
// it reports after (a start before 0, past the limit) is what was written.
void ApplyLag(const ExactTime& lag, Relation* relation) {
  if (relation->kind == RelationKind::kAt) {
    relation->offset += lag;
  } else {
    relation->offset = lag;
  }
}

// --- start: entries ---

enum StartField { kStartAt, kStartAfter, kStartWith, kStartEndWith, kStartBefore, kStartLag };

struct StartEntry {
  std::optional<Relation> relation;  // the first relation field's
  std::optional<ExactTime> lag;
  int first_relation_field = -1;
  std::vector<int> extra_relation_fields;  // reported, the first one kept
};

template <StartField kField, RelationKind kKind>
bool ReadStartRelation(SceneLoader& loader, const YamlEvent& value, StartEntry* entry) {
  constexpr std::string_view kNames[] = {"at", "after", "with", "end_with", "before"};
  std::optional<Relation> read =
      loader.ReadRelation(value, kKind, kNames[kField], loader.OriginAt(value.location));
  if (entry->first_relation_field < 0) {
    entry->first_relation_field = kField;
    entry->relation = std::move(read);
  } else {
    entry->extra_relation_fields.push_back(kField);
  }
  return true;
}

constexpr FieldRule<StartEntry> kStartRules[] = {
    {"at", ReadStartRelation<kStartAt, RelationKind::kAt>},
    {"after", ReadStartRelation<kStartAfter, RelationKind::kAfter>},
    {"with", ReadStartRelation<kStartWith, RelationKind::kWith>},
    {"end_with", ReadStartRelation<kStartEndWith, RelationKind::kEndWith>},
    {"before", ReadStartRelation<kStartBefore, RelationKind::kBefore>},
    {"lag",
     [](SceneLoader& loader, const YamlEvent& value, StartEntry* entry) {
       return Keep(loader.ReadTime(value, "lag", /*allow_negative=*/true), &entry->lag);
     }},
};
constexpr auto kStartTable = MakeFieldTable(kStartRules);

// --- attach, spin, shot, sound, cue ---

constexpr FieldRule<Attach> kAttachRules[] = {
    {"to",
     [](SceneLoader& loader, const YamlEvent& value, Attach* attach) {
       std::optional<std::string> to = loader.ReadString(value, "to");
       if (to) attach->to = std::move(*to);
       return to.has_value();
     }},
    {"offset", [](SceneLoader& loader, const YamlEvent& value,
                  Attach* attach) { return Keep(loader.ReadTransform(value), &attach->offset); }},
    {"mate",
     [](SceneLoader& loader, const YamlEvent& value, Attach* attach) {
       std::optional<std::string> mate = loader.ReadString(value, "mate");
       if (mate) attach->mate = std::move(*mate);
       return mate.has_value();
     }},
};
constexpr auto kAttachTable = MakeFieldTable(kAttachRules);

enum SpinField { kSpinAxis, kSpinTurns, kSpinDegrees };
constexpr FieldRule<Spin> kSpinRules[] = {
    {"axis",
     [](SceneLoader& loader, const YamlEvent& value, Spin* spin) {
       std::optional<Vec3> axis = loader.ReadVec3(value, "axis", kAnyNumber);
       if (!axis) return false;
       // Scaled first so that tiny or huge components normalise safely.
       double largest = std::max({std::abs(axis->x), std::abs(axis->y), std::abs(axis->z)});
       if (!(largest > 0)) {
         loader.Report(DiagnosticCode::kSceneValue, value.location, "axis has zero length");
         return false;
       }
       spin->axis = glm::normalize(*axis / largest);
       return true;
     }},
    {"turns",
     [](SceneLoader& loader, const YamlEvent& value, Spin* spin) {
       std::optional<double> turns = loader.ReadNumber(value, "turns", kTurnsRange);
       if (turns) spin->degrees = *turns * 360;
       return turns.has_value();
     }},
    {"degrees",
     [](SceneLoader& loader, const YamlEvent& value, Spin* spin) {
       std::optional<double> degrees = loader.ReadNumber(value, "degrees", kAngleRange);
       if (degrees) spin->degrees = *degrees;
       return degrees.has_value();
     }},
};
constexpr auto kSpinTable = MakeFieldTable(kSpinRules);

// How far out a part may start, and how many turns a screw may make.
constexpr NumberRange kApproachRange{0, kMaxCoordinate, true, false};
constexpr NumberRange kScrewTurnsRange{0, kMaxDegrees / 360, true, false};

// `into` and `mate` of insert and screw.
bool ReadInto(SceneLoader& loader, const YamlEvent& value, Attach* attach) {
  std::optional<std::string> into = loader.ReadString(value, "into");
  if (into) attach->to = std::move(*into);
  return into.has_value();
}
bool ReadMate(SceneLoader& loader, const YamlEvent& value, Attach* attach) {
  std::optional<std::string> mate = loader.ReadString(value, "mate");
  if (mate) attach->mate = std::move(*mate);
  return mate.has_value();
}

enum InsertField { kInsertInto, kInsertMate, kInsertFrom };
constexpr FieldRule<Attach> kInsertRules[] = {
    {"into", ReadInto},
    {"mate", ReadMate},
    {"from",
     [](SceneLoader& loader, const YamlEvent& value, Attach* attach) {
       return Keep(loader.ReadNumber(value, "from", kApproachRange), &attach->approach);
     }},
};
constexpr auto kInsertTable = MakeFieldTable(kInsertRules);

// What a screw's fields say before they are combined.
struct ScrewInput {
  Attach attach;
  double turns = 0;
  double pitch = 0;
  double length = 0;
  bool left_hand = false;
};
enum ScrewField { kScrewInto, kScrewMate, kScrewTurns, kScrewPitch, kScrewLength, kScrewHand };
constexpr std::string_view kHands[] = {"right", "left"};
constexpr FieldRule<ScrewInput> kScrewRules[] = {
    {"into", [](SceneLoader& loader, const YamlEvent& value,
                ScrewInput* screw) { return ReadInto(loader, value, &screw->attach); }},
    {"mate", [](SceneLoader& loader, const YamlEvent& value,
                ScrewInput* screw) { return ReadMate(loader, value, &screw->attach); }},
    {"turns",
     [](SceneLoader& loader, const YamlEvent& value, ScrewInput* screw) {
       return Keep(loader.ReadNumber(value, "turns", kScrewTurnsRange), &screw->turns);
     }},
    {"pitch",
     [](SceneLoader& loader, const YamlEvent& value, ScrewInput* screw) {
       return Keep(loader.ReadNumber(value, "pitch", kApproachRange), &screw->pitch);
     }},
    {"length",
     [](SceneLoader& loader, const YamlEvent& value, ScrewInput* screw) {
       return Keep(loader.ReadNumber(value, "length", kApproachRange), &screw->length);
     }},
    {"hand",
     [](SceneLoader& loader, const YamlEvent& value, ScrewInput* screw) {
       std::optional<std::string> hand = loader.ReadString(value, "hand");
       if (!hand) return false;
       bool known = std::find(std::begin(kHands), std::end(kHands), *hand) != std::end(kHands);
       if (!known) {
         loader.Report(
             DiagnosticCode::kSceneValue, value.location,
             "unknown hand '" + *hand + "': a thread is right or left" + DidYouMean(*hand, kHands));
       }
       screw->left_hand = *hand == "left";
       return known;
     }},
};
constexpr auto kScrewTable = MakeFieldTable(kScrewRules);

constexpr FieldRule<Shot> kShotRules[] = {
    {"camera",
     [](SceneLoader& loader, const YamlEvent& value, Shot* shot) {
       std::optional<std::string> camera = loader.ReadText(value, "camera");
       if (camera) shot->camera = std::move(*camera);
       return camera.has_value();
     }},
    {"blend",
     [](SceneLoader& loader, const YamlEvent& value, Shot* shot) {
       std::optional<ExactTime> blend = loader.ReadTime(value, "blend", false);
       if (blend) shot->blend = *blend;
       return blend.has_value();
     }},
    {"blend_ease",
     [](SceneLoader& loader, const YamlEvent& value, Shot* shot) {
       return Keep(loader.ReadEase(value, "blend_ease"), &shot->blend_ease);
     }},
};
constexpr auto kShotTable = MakeFieldTable(kShotRules);

template <size_t kIndex>
bool ReadSoundTime(SceneLoader& loader, const YamlEvent& value, Sound* sound) {
  constexpr std::string_view kNames[] = {"offset", "fade_in", "fade_out"};
  ExactTime* targets[] = {&sound->offset, &sound->fade_in, &sound->fade_out};
  std::optional<ExactTime> time = loader.ReadTime(value, kNames[kIndex], false);
  if (time) *targets[kIndex] = *time;
  return time.has_value();
}

constexpr FieldRule<Sound> kSoundRules[] = {
    {"name",
     [](SceneLoader& loader, const YamlEvent& value, Sound* sound) {
       std::optional<std::string> name = loader.ReadText(value, "name");
       if (name) sound->name = *name;
       return name.has_value();
     }},
    {"volume",
     [](SceneLoader& loader, const YamlEvent& value, Sound* sound) {
       std::optional<double> volume = loader.ReadNumber(value, "volume", kNonNegative);
       if (volume) sound->volume = *volume;
       return volume.has_value();
     }},
    {"offset", ReadSoundTime<0>},
    {"fade_in", ReadSoundTime<1>},
    {"fade_out", ReadSoundTime<2>},
};
constexpr auto kSoundTable = MakeFieldTable(kSoundRules);

constexpr std::string_view kCueKinds[] = {"script", "sound", "vfx", "marker"};

enum CueField { kCueKind, kCueName, kCueTarget, kCueData };
constexpr FieldRule<Cue> kCueRules[] = {
    {"kind",
     [](SceneLoader& loader, const YamlEvent& value, Cue* cue) {
       std::optional<std::string> kind = loader.ReadString(value, "kind");
       if (!kind) return false;
       bool known =
           std::find(std::begin(kCueKinds), std::end(kCueKinds), *kind) != std::end(kCueKinds);
       if (!known) {
         loader.Report(DiagnosticCode::kSceneValue, value.location,
                       "unknown cue kind '" + *kind + "'" + DidYouMean(*kind, kCueKinds));
       }
       cue->kind = std::move(*kind);
       return known;
     }},
    {"name",
     [](SceneLoader& loader, const YamlEvent& value, Cue* cue) {
       std::optional<std::string> name = loader.ReadText(value, "name");
       if (name) cue->name = std::move(*name);
       return name.has_value();
     }},
    {"target",
     [](SceneLoader& loader, const YamlEvent& value, Cue* cue) {
       std::optional<std::string> target = loader.ReadText(value, "target");
       if (target) cue->target = std::move(*target);
       return target.has_value();
     }},
    {"data",
     [](SceneLoader& loader, const YamlEvent& value, Cue* cue) {
       Json data;
       if (!loader.ReadJsonValue(value, &data)) return false;
       try {
         cue->data_json = WriteCompactJson(data);
       } catch (const std::exception& error) {
         loader.Report(DiagnosticCode::kSceneValue, value.location,
                       std::string("data cannot be written as JSON: ") + error.what());
         return false;
       }
       return true;
     }},
};
constexpr auto kCueTable = MakeFieldTable(kCueRules);

}  // namespace

void SceneLoader::LoadNodeList(const YamlEvent& first, const std::string& owner,
                               OwnerKind owner_kind, std::vector<Node>* nodes) {
  if (IsNullScalar(first)) return;
  if (first.kind != YamlEventKind::kSequenceStart) {
    TypeError(first, "a list of nodes");
    return;
  }
  std::unordered_set<std::string> ids;
  size_t index = 0;
  ForEachElement([&](const YamlEvent& event) {
    size_t position = index++;
    if (!ExpectMapping(event)) return;   // its index stays taken
    Node& node = nodes->emplace_back();  // in place: a Node is large
    node.owner = owner;
    node.index = static_cast<int>(position);
    node.origin = OriginAt(event.location);
    LoadNode(event, owner_kind, &ids, &node);
  });
}

void SceneLoader::LoadNode(const YamlEvent& first, OwnerKind owner_kind,
                           std::unordered_set<std::string>* ids, Node* node) {
  NodeKeys keys;
  NodeInput input{node, &keys, ids};
  keys.seen = ReadFields(kNodeTable, &input,
                         [&](int field, SourceLocation key_location) {
                           return NodeFieldAllowed(field, owner_kind, key_location);
                         },
                         {.follow_use = true});
  if (!reader_.stopped()) CheckNode(keys, node);
  // A list grown one reference at a time has room for up to twice as many:
  // 13 MB at 100,000 nodes with `after:` lists of 50.
  if (node->relations.capacity() > node->relations.size()) node->relations.shrink_to_fit();
}

bool SceneLoader::NodeFieldAllowed(int field, OwnerKind owner_kind, SourceLocation key_location) {
  Owners owners = kNodeTable.rules[static_cast<size_t>(field)].traits.owners;
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
  Report(DiagnosticCode::kSceneFormat, key_location,
         "'" + std::string(kNodeTable.names[static_cast<size_t>(field)]) + problem);
  return false;
}

void SceneLoader::LoadRelations(const YamlEvent& first, RelationKind kind, std::string_view field,
                                std::vector<Relation>* relations) {
  auto read = [&](const YamlEvent& event, const Origin& origin) {
    if (std::optional<Relation> relation = ReadRelation(event, kind, field, origin)) {
      relations->push_back(std::move(*relation));
    }
  };
  if (first.kind != YamlEventKind::kSequenceStart) {
    read(first, OriginAt(first.location));
    return;
  }
  // One pointer for the list; each entry keeps its index in it.
  const JsonPointer list = scene_.paths->Intern(path());
  int32_t element = 0;
  auto read_element = [&](const YamlEvent& event) {
    read(event, {.location = event.location, .element = element++, .pointer = list});
  };
  if (ForEachElement(read_element) == size_t{0}) {
    Report(DiagnosticCode::kSceneFormat, first.location,
           "'" + std::string(field) + "' is an empty list");
  }
}

std::optional<Relation> SceneLoader::ReadRelation(const YamlEvent& first, RelationKind kind,
                                                  std::string_view field, const Origin& origin) {
  Relation relation;
  relation.kind = kind;
  relation.origin = origin;
  if (kind == RelationKind::kAt) {
    std::optional<ExactTime> at = ReadTime(first, "at", /*allow_negative=*/true);
    if (!at) return std::nullopt;
    relation.offset = *at;
    return relation;
  }
  if (first.kind != YamlEventKind::kScalar) {
    TypeError(first, "a node reference");
    return std::nullopt;
  }
  std::optional<std::string> target = ReadString(first, field);
  if (!target) return std::nullopt;
  relation.target = std::move(*target);
  return relation;
}

void SceneLoader::LoadStartList(const YamlEvent& first, const Node& node, NodeKeys* keys) {
  if (first.kind != YamlEventKind::kSequenceStart) {
    TypeError(first, "a list of relations");
    return;
  }
  std::optional<size_t> count = ForEachElement([&](const YamlEvent& event) {
    if (!ExpectMapping(event)) return;
    StartEntry entry;
    FieldsSeen seen = ReadFields(kStartTable, &entry);
    if (reader_.stopped()) return;
    // The node as far as it is read (its `id:` usually comes first).
    auto subject = [&] { return "node '" + node.QualifiedName() + "': in a 'start' entry, "; };
    for (int field : entry.extra_relation_fields) {
      ReportCombined(DiagnosticCode::kTimingConflict, seen, kStartTable, field,
                     entry.first_relation_field, subject());
    }
    if (entry.first_relation_field < 0) {
      Report(DiagnosticCode::kSceneFormat, event.location,
             "missing field at, after, with, end_with or before");
    }
    if (seen.Has(kStartAt) && seen.Has(kStartLag)) {
      ReportCombined(DiagnosticCode::kTimingConflict, seen, kStartTable, kStartAt, kStartLag,
                     subject());
    }
    if (entry.relation) {
      ApplyLag(entry.lag.value_or(ExactTime()), &*entry.relation);
      keys->start_relations.push_back(std::move(*entry.relation));
    }
  });
  if (count == size_t{0}) {
    Report(DiagnosticCode::kSceneFormat, first.location, "'start' is an empty list");
  }
}

void SceneLoader::LoadAttach(const YamlEvent& first, Node* node) {
  if (first.kind == YamlEventKind::kScalar && !IsNullScalar(first) && first.plain) {
    // `attach: body/hole`: the shape of the field, with what was written.
    Report(DiagnosticCode::kSceneFormat, first.location,
           "attach takes a mapping: write `attach: {to: " + std::string(first.value) + "}`");
    return;
  }
  if (!ExpectMapping(first)) return;
  Attach attach;
  attach.origin = OriginAt(first.location);
  FieldsSeen seen = ReadFields(kAttachTable, &attach);
  if (reader_.stopped() || !RequireFields(first, seen, kAttachTable, {0})) return;
  if (seen.valid) node->mutable_rare().attach = std::move(attach);
}

void SceneLoader::LoadSpin(const YamlEvent& first, Node* node) {
  if (!ExpectMapping(first)) return;
  Spin spin;
  spin.origin = OriginAt(first.location);
  FieldsSeen seen = ReadFields(kSpinTable, &spin);
  if (reader_.stopped()) return;
  if (!seen.Has(kSpinTurns) && !seen.Has(kSpinDegrees)) {
    Report(DiagnosticCode::kSceneFormat, first.location, "missing field turns or degrees");
    return;
  }
  if (ReportCombined(DiagnosticCode::kSceneFormat, seen, kSpinTable, kSpinTurns, kSpinDegrees)) {
    return;
  }
  if (seen.valid) node->mutable_rare().spin = spin;
}

void SceneLoader::LoadInsert(const YamlEvent& first, Node* node) {
  if (!ExpectMapping(first)) return;
  Attach insert;
  insert.origin = OriginAt(first.location);
  insert.verb = AttachVerb::kInsert;
  FieldsSeen seen = ReadFields(kInsertTable, &insert);
  if (reader_.stopped() || !RequireFields(first, seen, kInsertTable, {kInsertInto, kInsertFrom})) {
    return;
  }
  if (seen.valid) node->mutable_rare().attach = std::move(insert);
}

void SceneLoader::LoadScrew(const YamlEvent& first, Node* node) {
  if (!ExpectMapping(first)) return;
  ScrewInput screw;
  screw.attach.origin = OriginAt(first.location);
  screw.attach.verb = AttachVerb::kScrew;
  FieldsSeen seen = ReadFields(kScrewTable, &screw);
  if (reader_.stopped() || !RequireFields(first, seen, kScrewTable, {kScrewInto, kScrewTurns})) {
    return;
  }
  if (!seen.Has(kScrewPitch) && !seen.Has(kScrewLength)) {
    Report(DiagnosticCode::kSceneFormat, first.location, "missing field pitch or length");
    return;
  }
  if (ReportCombined(DiagnosticCode::kSceneFormat, seen, kScrewTable, kScrewPitch, kScrewLength)) {
    return;
  }
  if (!seen.valid) return;
  // The thread's length: the turns times the pitch, or the length given.
  double approach = seen.Has(kScrewPitch) ? screw.turns * screw.pitch : screw.length;
  if (approach > kMaxCoordinate) {
    ReportAtKey(DiagnosticCode::kSceneValue, seen.locations[kScrewPitch], "pitch",
                "turns x pitch is " + BoundText(approach) + " m, more than " +
                    BoundText(kMaxCoordinate) + " m");
    return;
  }
  screw.attach.approach = approach;
  screw.attach.screw_degrees = (screw.left_hand ? 360 : -360) * screw.turns;
  node->mutable_rare().attach = std::move(screw.attach);
}

void SceneLoader::LoadPath(const YamlEvent& first, Node* node) {
  if (first.kind != YamlEventKind::kSequenceStart) {
    TypeError(first, "a list of points");
    return;
  }
  std::optional<size_t> count = ForEachElement([&](const YamlEvent& event) {
    if (std::optional<Vec3> point = ReadVec3(event, "path", kCoordinateRange)) {
      node->mutable_rare().path.push_back(*point);
    }
  });
  if (count == size_t{0}) {
    Report(DiagnosticCode::kSceneFormat, first.location, "'path' is an empty list");
  }
}

void SceneLoader::LoadShot(const YamlEvent& first, Node* node) {
  if (!ExpectMapping(first)) return;
  Shot shot;
  shot.origin = OriginAt(first.location);
  FieldsSeen seen = ReadFields(kShotTable, &shot);
  if (reader_.stopped() || !RequireFields(first, seen, kShotTable, {0})) return;
  node->mutable_rare().shot = std::move(shot);
}

void SceneLoader::LoadSound(const YamlEvent& first, Node* node) {
  if (!ExpectMapping(first)) return;
  Sound sound;
  sound.origin = OriginAt(first.location);
  FieldsSeen seen = ReadFields(kSoundTable, &sound);
  if (reader_.stopped() || !RequireFields(first, seen, kSoundTable, {0})) return;
  node->mutable_rare().sound = std::move(sound);
}

void SceneLoader::LoadCues(const YamlEvent& first, Node* node) {
  if (first.kind == YamlEventKind::kMappingStart) {
    Cue cue;
    if (LoadCue(first, &cue)) node->mutable_rare().cues.push_back(std::move(cue));
    return;
  }
  if (first.kind != YamlEventKind::kSequenceStart) {
    TypeError(first, "a cue or a list of cues");
    return;
  }
  ForEachElement([&](const YamlEvent& event) {
    Cue cue;
    if (ExpectMapping(event) && LoadCue(event, &cue))
      node->mutable_rare().cues.push_back(std::move(cue));
  });
}

bool SceneLoader::LoadCue(const YamlEvent& first, Cue* cue) {
  cue->origin = OriginAt(first.location);
  FieldsSeen seen = ReadFields(kCueTable, cue);
  if (reader_.stopped()) return false;
  bool valid = RequireFields(first, seen, kCueTable, {kCueKind, kCueName}) && seen.valid;
  if (seen.Has(kCueKind) && cue->kind == "script" &&
      !RequireFields(first, seen, kCueTable, {kCueTarget})) {
    valid = false;
  }
  return valid;
}

// Recursion is bounded by the reader's depth limit (1000 levels).
bool SceneLoader::ReadJsonValue(const YamlEvent& first, Json* value) {
  if (first.kind == YamlEventKind::kSequenceStart) {
    *value = Json::array();
    bool valid = true;
    std::optional<size_t> count = ForEachElement([&](const YamlEvent& event) {
      Json element;
      valid = ReadJsonValue(event, &element) && valid;
      value->push_back(std::move(element));
    });
    return count.has_value() && valid;
  }
  if (first.kind == YamlEventKind::kMappingStart) {
    *value = Json::object();
    // Keys are unique already (the walker reports duplicates): append without
    // ordered_map's linear search.
    auto& entries = static_cast<Json::object_t::Container&>(value->get_ref<Json::object_t&>());
    bool valid = true;
    MappingWalker walker(this, {});
    while (walker.Next()) {
      PathSegment segment(this, walker.key());
      // The sequence holds names and texts of at most 256 characters.
      if (!CheckLength(walker.key(), "data field name", walker.key_location())) {
        Skip(Next());
        valid = false;
        continue;
      }
      Json element;
      valid = ReadJsonValue(Next(), &element) && valid;
      entries.emplace_back(walker.key(), std::move(element));
    }
    return valid && !reader_.stopped();
  }
  if (first.kind != YamlEventKind::kScalar || first.unresolved) return false;
  switch (ResolveScalar(first)) {
    case ScalarType::kNull:
      *value = nullptr;
      return true;
    case ScalarType::kBool:
      *value = first.value[0] == 't' || first.value[0] == 'T';
      return true;
    case ScalarType::kInteger:
      if (std::optional<int64_t> integer = IntegerValue(first.value)) {
        *value = *integer;
        return true;
      }
      [[fallthrough]];  // too large for 64 bits: a double, as JSON readers take it
    case ScalarType::kFloat: {
      std::optional<double> number = ReadNumber(first, "data", kAnyNumber);
      if (number) *value = *number;
      return number.has_value();
    }
    case ScalarType::kString:
      if (!CheckLength(first.value, "data text", first.location)) return false;
      *value = std::string(first.value);
      return true;
  }
  return false;
}

void SceneLoader::CheckNode(const NodeKeys& keys, Node* node) {
  // Timing (docs/timing.md): the top-level lag applies to each relation field.
  if (keys.lag) {
    for (Relation& relation : node->relations) ApplyLag(*keys.lag, &relation);
    if (!keys.Has(kStart) && node->relations.empty()) node->chain_lag = *keys.lag;
  }
  if (keys.Has(kStart)) {
    node->uses_start_list = true;
    node->relations.insert(node->relations.end(), keys.start_relations.begin(),
                           keys.start_relations.end());
  }
  // The node's name only when there is something to say (a string per node
  // would cost every scene an allocation or three per node).
  auto subject = [&] { return "node '" + node->QualifiedName() + "': "; };
  auto conflict = [&](DiagnosticCode code, int first_field, int second_field) {
    if (!keys.Has(first_field) || !keys.Has(second_field)) return;
    ReportCombined(code, keys.seen, kNodeTable, first_field, second_field,
                   code == DiagnosticCode::kTimingConflict ? subject() : "");
  };
  conflict(DiagnosticCode::kTimingConflict, kAt, kLag);
  conflict(DiagnosticCode::kTimingConflict, kStart, kLag);
  conflict(DiagnosticCode::kTimingConflict, kStart, kAt);
  for (NodeField relation : kRelationFields) {
    conflict(DiagnosticCode::kTimingConflict, kAt, relation);
    conflict(DiagnosticCode::kTimingConflict, kStart, relation);
  }
  // `until` gives the end: the duration is what is left, and a start
  // measured back from the end would need the duration first.
  conflict(DiagnosticCode::kTimingConflict, kUntil, kDuration);
  conflict(DiagnosticCode::kTimingConflict, kUntil, kEndWith);
  conflict(DiagnosticCode::kTimingConflict, kUntil, kBefore);
  if (keys.Has(kUntil) && keys.Has(kStart)) {
    for (const Relation& relation : keys.start_relations) {
      if (relation.kind != RelationKind::kEndWith && relation.kind != RelationKind::kBefore) {
        continue;
      }
      Report(DiagnosticCode::kTimingConflict, relation.origin.location,
             subject() + "'until' cannot be combined with '" +
                 std::string(RelationFieldName(relation.kind)) + "' in a 'start' entry");
    }
  }
  // Required and exclusive fields (docs/language.md).
  if (!keys.Has(kDuration) && !keys.Has(kUntil)) {
    for (int field = 0; field < kNodeFieldCount; ++field) {
      if (keys.Has(field) && kNodeTable.rules[static_cast<size_t>(field)].traits.drives_channel) {
        Report(DiagnosticCode::kSceneFormat, node->origin.location, "missing field duration");
        break;
      }
    }
  }
  for (NodeField excluded : {kPosition, kRotation, kPath, kLookAt}) {
    conflict(DiagnosticCode::kSceneFormat, kAttach, excluded);
  }
  for (NodeField verb : {kInsert, kScrew}) {
    for (NodeField excluded : {kAttach, kPosition, kRotation, kPath, kLookAt}) {
      conflict(DiagnosticCode::kSceneFormat, verb, excluded);
    }
  }
  conflict(DiagnosticCode::kSceneFormat, kInsert, kScrew);
  conflict(DiagnosticCode::kSceneFormat, kScrew, kSpin);
  conflict(DiagnosticCode::kSceneFormat, kLookAt, kRotation);
  conflict(DiagnosticCode::kSceneFormat, kLookAt, kSpin);
  if (keys.Has(kPath) && !keys.Has(kPosition)) {
    ReportAtKey(DiagnosticCode::kSceneFormat, keys.seen.locations[kPath], "path",
                "'path' requires 'position'");
  }
}

}  // namespace cinc::scene_loading
