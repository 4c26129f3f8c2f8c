// Node lists and node fields of the scene loader (docs/language.md, docs/timing.md).
#include <array>
#include <cmath>

#include "compiler/scene_loader_internal.h"

namespace cinc::scene_loading {
namespace {

constexpr std::string_view kNodeFields[] = {
    "id",         "at",       "after",    "with",     "end_with", "before",  "start",
    "lag",        "duration", "position", "rotation", "scale",    "opacity", "ease",
    "attach",     "spin",     "path",     "look_at",  "fov",      "focus",   "aperture",
    "time_scale", "shot",     "cue",      "sound",    "label",    "action"};
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
  kNodeFieldCount
};
static_assert(std::size(kNodeFields) == kNodeFieldCount);

constexpr NodeField kRelationFields[] = {kAfter, kWith, kEndWith, kBefore};
// Fields that drive a channel and so need a duration (docs/language.md).
constexpr NodeField kChannelFields[] = {kPosition, kRotation, kScale,    kOpacity,
                                        kAttach,   kSpin,     kPath,     kLookAt,
                                        kFov,      kFocus,    kAperture, kTimeScale};

constexpr std::string_view kStartFields[] = {"at", "after", "with", "end_with", "before", "lag"};
constexpr RelationKind kStartKinds[] = {RelationKind::kAt, RelationKind::kAfter,
                                        RelationKind::kWith, RelationKind::kEndWith,
                                        RelationKind::kBefore};
constexpr int kStartLag = 5;

constexpr std::string_view kCueKinds[] = {"script", "sound", "vfx", "marker"};

constexpr NumberRange kFovRange{0, 180, true, true};
constexpr NumberRange kTimeScaleRange{0, kMaxTimeScale, false, false};

RelationKind RelationKindOf(int field) {
  switch (field) {
    case kAfter:
      return RelationKind::kAfter;
    case kWith:
      return RelationKind::kWith;
    case kEndWith:
      return RelationKind::kEndWith;
    case kBefore:
      return RelationKind::kBefore;
    default:
      return RelationKind::kAt;
  }
}

bool IsLater(SourceLocation a, SourceLocation b) {
  return std::pair(a.line, a.column) > std::pair(b.line, b.column);
}

}  // namespace

// What a node's mapping held, for the checks that need all its keys.
struct SceneLoader::NodeKeys {
  uint64_t present = 0;
  std::array<SourceLocation, kNodeFieldCount> locations;
  std::optional<ExactTime> lag;
  std::vector<Relation> start_relations;

  bool Has(int field) const { return (present >> field) & 1; }
};

void SceneLoader::LoadNodeList(const YamlEvent& first, const std::string& owner,
                               OwnerKind owner_kind, std::vector<Node>* nodes) {
  if (IsNullScalar(first)) return;
  if (first.kind != YamlEventKind::kSequenceStart) {
    TypeError(first, "a list of nodes");
    return;
  }
  std::unordered_set<std::string> ids;
  size_t index = 0;
  for (;;) {
    YamlEvent event = Next();
    if (event.kind == YamlEventKind::kEnd || event.kind == YamlEventKind::kSequenceEnd) break;
    PathSegment segment(this, index++);
    if (!ExpectMapping(event)) continue;  // its index stays taken
    Node& node = nodes->emplace_back();   // in place: a Node is large
    node.owner = owner;
    node.index = static_cast<int>(index - 1);
    node.origin = OriginAt(event.location);
    LoadNode(event, owner_kind, &ids, &node);
  }
}

void SceneLoader::LoadNode(const YamlEvent& first, OwnerKind owner_kind,
                           std::unordered_set<std::string>* ids, Node* node) {
  NodeKeys keys;
  MappingWalker walker(this, kNodeFields);
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    YamlEvent value = Next();
    if (!NodeFieldAllowed(walker.field(), owner_kind, walker.key_location())) {
      Skip(value);
      continue;
    }
    keys.present |= uint64_t{1} << walker.field();
    keys.locations[walker.field()] = walker.key_location();
    LoadNodeField(walker.field(), value, ids, &keys, node);
  }
  if (!reader_.stopped()) CheckNode(keys, node);
}

bool SceneLoader::NodeFieldAllowed(int field, OwnerKind owner_kind, SourceLocation key_location) {
  bool camera_only = field == kLookAt || field == kFov || field == kFocus || field == kAperture;
  bool director_only = field == kShot || field == kTimeScale;
  bool not_director = field == kPosition || field == kRotation || field == kScale ||
                      field == kOpacity || field == kAttach || field == kSpin || field == kPath ||
                      field == kAction;
  bool not_camera = field == kScale || field == kOpacity;
  const char* problem = nullptr;
  if (camera_only && owner_kind != OwnerKind::kCamera) {
    problem = "' is only allowed on cameras";
  } else if (director_only && owner_kind != OwnerKind::kDirector) {
    problem = "' is only allowed on director nodes";
  } else if (not_director && owner_kind == OwnerKind::kDirector) {
    problem = "' is not allowed on director nodes";
  } else if (not_camera && owner_kind == OwnerKind::kCamera) {
    problem = "' is not allowed on a camera";
  } else {
    return true;
  }
  Report(DiagnosticCode::kSceneFormat, key_location, "'" + std::string(kNodeFields[field]) + problem);
  return false;
}

void SceneLoader::LoadNodeField(int field, const YamlEvent& value,
                                std::unordered_set<std::string>* ids, NodeKeys* keys, Node* node) {
  std::string_view key = kNodeFields[field];
  switch (field) {
    case kId:
      if (std::optional<std::string> id = ReadName(value, "id")) {
        if (!ids->insert(*id).second) {
          Report(DiagnosticCode::kSceneName, value.location, "'" + *id + "' is used twice in this list");
        }
        node->id = std::move(*id);
      }
      break;
    case kAt:
    case kAfter:
    case kWith:
    case kEndWith:
    case kBefore:
      LoadRelations(value, RelationKindOf(field), key, &node->relations);
      break;
    case kStart:
      LoadStartList(value, keys);
      break;
    case kLag:
      keys->lag = ReadTime(value, "lag", /*allow_negative=*/true);
      break;
    case kDuration:
      if (std::optional<ExactTime> duration = ReadTime(value, "duration", false)) {
        node->duration = *duration;
        node->has_duration = true;
      }
      break;
    case kPosition:
      node->position = ReadVec3(value, "position", kAnyNumber);
      break;
    case kRotation:
      node->rotation = ReadRotation(value);
      break;
    case kScale:
      node->scale = ReadScale(value);
      break;
    case kOpacity:
      node->opacity = ReadNumber(value, "opacity", kUnitInterval);
      break;
    case kEase:
      if (std::optional<Ease> ease = ReadEase(value, "ease")) node->ease = *ease;
      break;
    case kAttach:
      LoadAttach(value, node);
      break;
    case kSpin:
      LoadSpin(value, node);
      break;
    case kPath:
      LoadPath(value, node);
      break;
    case kLookAt:
      if (std::optional<std::string> target = ReadString(value, "look_at")) {
        // An empty target looks at nothing, as before look_at was boxed.
        if (!target->empty()) {
          node->look_at = LocatedString{std::move(*target), OriginAt(value.location)};
        }
      }
      break;
    case kFov:
      node->fov = ReadNumber(value, "fov", kFovRange);
      break;
    case kFocus: {
      FocusTarget focus;
      if (LoadFocus(value, &focus)) node->focus = std::move(focus);
      break;
    }
    case kAperture:
      node->aperture = ReadNumber(value, "aperture", kPositive);
      break;
    case kTimeScale:
      node->time_scale = ReadNumber(value, "time_scale", kTimeScaleRange);
      break;
    case kShot:
      LoadShot(value, node);
      break;
    case kCue:
      LoadCues(value, node);
      break;
    case kSound:
      LoadSound(value, node);
      break;
    case kLabel:
      if (std::optional<std::string> label = ReadString(value, "label")) {
        node->label = LocatedString{std::move(*label), OriginAt(value.location)};
      }
      break;
    case kAction:
      if (std::optional<std::string> action = ReadName(value, "action")) {
        node->action = LocatedString{std::move(*action), OriginAt(value.location)};
      }
      break;
  }
}

void SceneLoader::LoadRelations(const YamlEvent& first, RelationKind kind, std::string_view field,
                                std::vector<Relation>* relations) {
  if (first.kind != YamlEventKind::kSequenceStart) {
    if (std::optional<Relation> relation = ReadRelation(first, kind, field)) {
      relations->push_back(std::move(*relation));
    }
    return;
  }
  size_t count = 0;
  for (;;) {
    YamlEvent event = Next();
    if (event.kind == YamlEventKind::kEnd) return;
    if (event.kind == YamlEventKind::kSequenceEnd) break;
    PathSegment segment(this, count++);
    if (std::optional<Relation> relation = ReadRelation(event, kind, field)) {
      relations->push_back(std::move(*relation));
    }
  }
  if (count == 0)
    Report(DiagnosticCode::kSceneFormat, first.location, "'" + std::string(field) + "' is an empty list");
}

std::optional<Relation> SceneLoader::ReadRelation(const YamlEvent& first, RelationKind kind,
                                                  std::string_view field) {
  Relation relation;
  relation.kind = kind;
  relation.origin = OriginAt(first.location);
  if (kind == RelationKind::kAt) {
    std::optional<ExactTime> at = ReadTime(first, "at", /*allow_negative=*/true);
    if (!at) return std::nullopt;
    relation.at = *at;
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

void SceneLoader::LoadStartList(const YamlEvent& first, NodeKeys* keys) {
  if (first.kind != YamlEventKind::kSequenceStart) {
    TypeError(first, "a list of relations");
    return;
  }
  size_t count = 0;
  for (;;) {
    YamlEvent entry = Next();
    if (entry.kind == YamlEventKind::kEnd) return;
    if (entry.kind == YamlEventKind::kSequenceEnd) break;
    PathSegment segment(this, count++);
    if (!ExpectMapping(entry)) continue;
    NodeKeys entry_keys;  // field numbers of kStartFields, for the conflict reports
    std::optional<Relation> relation;
    std::optional<ExactTime> lag;
    int first_relation_field = -1;
    std::vector<int> extra_relation_fields;
    MappingWalker walker(this, kStartFields);
    while (walker.Next()) {
      PathSegment key_segment(this, walker.key());
      YamlEvent value = Next();
      int field = walker.field();
      entry_keys.present |= uint64_t{1} << field;
      entry_keys.locations[field] = walker.key_location();
      if (field == kStartLag) {
        lag = ReadTime(value, "lag", /*allow_negative=*/true);
        continue;
      }
      std::optional<Relation> read = ReadRelation(value, kStartKinds[field], walker.key());
      if (first_relation_field < 0) {
        first_relation_field = field;
        relation = std::move(read);
      } else {
        extra_relation_fields.push_back(field);  // reported below, the first one kept
      }
    }
    if (reader_.stopped()) return;
    for (int field : extra_relation_fields) {
      bool later = IsLater(entry_keys.locations[field], entry_keys.locations[first_relation_field]);
      int reported = later ? field : first_relation_field;
      int other = later ? first_relation_field : field;
      ReportAtKey(DiagnosticCode::kTimingConflict, entry_keys.locations[reported], kStartFields[reported],
                  "'" + std::string(kStartFields[reported]) + "' cannot be combined with '" +
                      std::string(kStartFields[other]) + "'");
    }
    if (first_relation_field < 0) {
      Report(DiagnosticCode::kSceneFormat, entry.location, "missing field at, after, with, end_with or before");
    }
    if (entry_keys.Has(0) && entry_keys.Has(kStartLag)) {
      bool lag_later = IsLater(entry_keys.locations[kStartLag], entry_keys.locations[0]);
      std::string_view reported = lag_later ? "lag" : "at";
      ReportAtKey(
          DiagnosticCode::kTimingConflict, entry_keys.locations[lag_later ? kStartLag : 0], reported,
          lag_later ? "'lag' cannot be combined with 'at'" : "'at' cannot be combined with 'lag'");
    }
    if (relation) {
      relation->lag = lag.value_or(ExactTime());
      keys->start_relations.push_back(std::move(*relation));
    }
  }
  if (count == 0) Report(DiagnosticCode::kSceneFormat, first.location, "'start' is an empty list");
}

void SceneLoader::LoadAttach(const YamlEvent& first, Node* node) {
  if (!ExpectMapping(first)) return;
  static constexpr std::string_view kFields[] = {"to", "offset", "mate"};
  Attach attach;
  attach.origin = OriginAt(first.location);
  bool has_to = false;
  bool valid = true;
  MappingWalker walker(this, kFields);
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    YamlEvent value = Next();
    if (walker.field() == 0) {
      has_to = true;
      std::optional<std::string> to = ReadString(value, "to");
      valid = valid && to.has_value();
      if (to) attach.to = std::move(*to);
    } else if (walker.field() == 1) {
      attach.offset = ReadTransform(value);
      valid = valid && attach.offset.has_value();
    } else {
      std::optional<std::string> mate = ReadString(value, "mate");
      valid = valid && mate.has_value();
      if (mate) attach.mate = std::move(*mate);
    }
  }
  if (reader_.stopped()) return;
  if (!has_to) {
    Report(DiagnosticCode::kSceneFormat, first.location, "missing field to");
    return;
  }
  if (valid) node->attach = std::move(attach);
}

void SceneLoader::LoadSpin(const YamlEvent& first, Node* node) {
  if (!ExpectMapping(first)) return;
  static constexpr std::string_view kFields[] = {"axis", "turns", "degrees"};
  Spin spin;
  spin.origin = OriginAt(first.location);
  bool valid = true;
  SourceLocation amount_locations[3];
  bool has_amount[3] = {false, false, false};
  MappingWalker walker(this, kFields);
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    YamlEvent value = Next();
    int field = walker.field();
    if (field == 0) {
      std::optional<Vec3> axis = ReadVec3(value, "axis", kAnyNumber);
      if (!axis) {
        valid = false;
        continue;
      }
      // Scaled first so that tiny or huge components normalise safely.
      double largest = std::max({std::abs(axis->x), std::abs(axis->y), std::abs(axis->z)});
      if (!(largest > 0)) {
        Report(DiagnosticCode::kSceneValue, value.location, "axis has zero length");
        valid = false;
        continue;
      }
      spin.axis = glm::normalize(*axis / largest);
      continue;
    }
    has_amount[field] = true;
    amount_locations[field] = walker.key_location();
    std::optional<double> amount = ReadNumber(value, walker.key(), kAnyNumber);
    if (!amount) {
      valid = false;
      continue;
    }
    spin.degrees = field == 1 ? *amount * 360 : *amount;
  }
  if (reader_.stopped()) return;
  if (!has_amount[1] && !has_amount[2]) {
    Report(DiagnosticCode::kSceneFormat, first.location, "missing field turns or degrees");
    return;
  }
  if (has_amount[1] && has_amount[2]) {
    bool degrees_later = IsLater(amount_locations[2], amount_locations[1]);
    ReportAtKey(DiagnosticCode::kSceneFormat, amount_locations[degrees_later ? 2 : 1],
                degrees_later ? "degrees" : "turns",
                degrees_later ? "'degrees' cannot be combined with 'turns'"
                              : "'turns' cannot be combined with 'degrees'");
    return;
  }
  if (valid) node->spin = spin;
}

void SceneLoader::LoadPath(const YamlEvent& first, Node* node) {
  if (first.kind != YamlEventKind::kSequenceStart) {
    TypeError(first, "a list of points");
    return;
  }
  size_t count = 0;
  for (;;) {
    YamlEvent event = Next();
    if (event.kind == YamlEventKind::kEnd) return;
    if (event.kind == YamlEventKind::kSequenceEnd) break;
    PathSegment segment(this, count++);
    if (std::optional<Vec3> point = ReadVec3(event, "path", kAnyNumber)) {
      node->path.push_back(*point);
    }
  }
  if (count == 0) Report(DiagnosticCode::kSceneFormat, first.location, "'path' is an empty list");
}

void SceneLoader::LoadShot(const YamlEvent& first, Node* node) {
  if (!ExpectMapping(first)) return;
  static constexpr std::string_view kFields[] = {"camera", "blend", "blend_ease"};
  Shot shot;
  shot.origin = OriginAt(first.location);
  bool has_camera = false;
  MappingWalker walker(this, kFields);
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    YamlEvent value = Next();
    if (walker.field() == 0) {
      has_camera = true;
      if (std::optional<std::string> camera = ReadString(value, "camera")) {
        shot.camera = std::move(*camera);
      }
    } else if (walker.field() == 1) {
      if (std::optional<ExactTime> blend = ReadTime(value, "blend", false)) shot.blend = *blend;
    } else {
      shot.blend_ease = ReadEase(value, "blend_ease");
    }
  }
  if (reader_.stopped()) return;
  if (!has_camera) {
    Report(DiagnosticCode::kSceneFormat, first.location, "missing field camera");
    return;
  }
  node->shot = std::move(shot);
}

void SceneLoader::LoadCues(const YamlEvent& first, Node* node) {
  if (first.kind == YamlEventKind::kMappingStart) {
    Cue cue;
    if (LoadCue(first, &cue)) node->cues.push_back(std::move(cue));
    return;
  }
  if (first.kind != YamlEventKind::kSequenceStart) {
    TypeError(first, "a cue or a list of cues");
    return;
  }
  size_t count = 0;
  for (;;) {
    YamlEvent event = Next();
    if (event.kind == YamlEventKind::kEnd || event.kind == YamlEventKind::kSequenceEnd) return;
    PathSegment segment(this, count++);
    Cue cue;
    if (ExpectMapping(event) && LoadCue(event, &cue)) node->cues.push_back(std::move(cue));
  }
}

bool SceneLoader::LoadCue(const YamlEvent& first, Cue* cue) {
  static constexpr std::string_view kFields[] = {"kind", "name", "target", "data"};
  cue->origin = OriginAt(first.location);
  bool given[4] = {false, false, false, false};
  bool valid = true;
  MappingWalker walker(this, kFields);
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    YamlEvent value = Next();
    int field = walker.field();
    given[field] = true;
    if (field == 3) {
      Json data;
      if (ReadJson(value, &data)) {
        try {
          cue->data_json = WriteCompactJson(data);
        } catch (const std::exception& error) {
          Report(DiagnosticCode::kSceneValue, value.location,
                 std::string("data cannot be written as JSON: ") + error.what());
          valid = false;
        }
      } else {
        valid = false;
      }
      continue;
    }
    std::optional<std::string> text = ReadString(value, walker.key());
    if (!text) {
      valid = false;
      continue;
    }
    if (field == 0) {
      if (std::find(std::begin(kCueKinds), std::end(kCueKinds), *text) == std::end(kCueKinds)) {
        Report(DiagnosticCode::kSceneValue, value.location,
               "unknown cue kind '" + *text + "'" + Suggestion(*text, kCueKinds));
        valid = false;
      }
      cue->kind = std::move(*text);
    } else if (field == 1) {
      cue->name = std::move(*text);
    } else {
      cue->target = std::move(*text);
    }
  }
  if (reader_.stopped()) return false;
  const char* missing[] = {"missing field kind", "missing field name"};
  for (int field = 0; field < 2; ++field) {
    if (!given[field]) {
      Report(DiagnosticCode::kSceneFormat, first.location, missing[field]);
      valid = false;
    }
  }
  if (given[0] && cue->kind == "script" && !given[2]) {
    Report(DiagnosticCode::kSceneFormat, first.location, "missing field target");
    valid = false;
  }
  return valid;
}

// Recursion is bounded by the reader's depth limit (1000 levels).
bool SceneLoader::ReadJson(const YamlEvent& first, Json* value) {
  if (first.kind == YamlEventKind::kSequenceStart) {
    *value = Json::array();
    bool valid = true;
    for (size_t index = 0;; ++index) {
      YamlEvent event = Next();
      if (event.kind == YamlEventKind::kEnd) return false;
      if (event.kind == YamlEventKind::kSequenceEnd) break;
      PathSegment segment(this, index);
      Json element;
      valid = ReadJson(event, &element) && valid;
      value->push_back(std::move(element));
    }
    return valid;
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
      Json element;
      valid = ReadJson(Next(), &element) && valid;
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
      *value = std::string(first.value);
      return true;
  }
  return false;
}

void SceneLoader::LoadSound(const YamlEvent& first, Node* node) {
  if (!ExpectMapping(first)) return;
  static constexpr std::string_view kFields[] = {"name", "volume", "offset", "fade_in", "fade_out"};
  Sound sound;
  sound.origin = OriginAt(first.location);
  bool has_name = false;
  MappingWalker walker(this, kFields);
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    YamlEvent value = Next();
    int field = walker.field();
    if (field == 0) {
      has_name = true;
      if (std::optional<std::string> name = ReadString(value, "name")) sound.name = *name;
    } else if (field == 1) {
      if (std::optional<double> volume = ReadNumber(value, "volume", kNonNegative)) {
        sound.volume = *volume;
      }
    } else {
      ExactTime* targets[] = {&sound.offset, &sound.fade_in, &sound.fade_out};
      if (std::optional<ExactTime> time = ReadTime(value, walker.key(), false)) {
        *targets[field - 2] = *time;
      }
    }
  }
  if (reader_.stopped()) return;
  if (!has_name) {
    Report(DiagnosticCode::kSceneFormat, first.location, "missing field name");
    return;
  }
  node->sound = std::move(sound);
}

void SceneLoader::ReportConflict(DiagnosticCode code, const NodeKeys& keys, int first_field,
                                 int second_field) {
  if (!keys.Has(first_field) || !keys.Has(second_field)) return;
  bool second_later = IsLater(keys.locations[second_field], keys.locations[first_field]);
  int later = second_later ? second_field : first_field;
  int earlier = second_later ? first_field : second_field;
  ReportAtKey(code, keys.locations[later], kNodeFields[later],
              "'" + std::string(kNodeFields[later]) + "' cannot be combined with '" +
                  std::string(kNodeFields[earlier]) + "'");
}

void SceneLoader::CheckNode(const NodeKeys& keys, Node* node) {
  // Timing (docs/timing.md): the top-level lag applies to each relation field.
  if (keys.lag) {
    for (Relation& relation : node->relations) relation.lag = *keys.lag;
    if (!keys.Has(kStart) && node->relations.empty()) node->chain_lag = *keys.lag;
  }
  if (keys.Has(kStart)) {
    node->uses_start_list = true;
    node->relations.insert(node->relations.end(), keys.start_relations.begin(),
                           keys.start_relations.end());
  }
  ReportConflict(DiagnosticCode::kTimingConflict, keys, kAt, kLag);
  ReportConflict(DiagnosticCode::kTimingConflict, keys, kStart, kLag);
  ReportConflict(DiagnosticCode::kTimingConflict, keys, kStart, kAt);
  for (NodeField relation : kRelationFields) {
    ReportConflict(DiagnosticCode::kTimingConflict, keys, kAt, relation);
    ReportConflict(DiagnosticCode::kTimingConflict, keys, kStart, relation);
  }
  // Required and exclusive fields (docs/language.md).
  if (!keys.Has(kDuration)) {
    for (NodeField channel : kChannelFields) {
      if (keys.Has(channel)) {
        Report(DiagnosticCode::kSceneFormat, node->origin.location, "missing field duration");
        break;
      }
    }
  }
  for (NodeField excluded : {kPosition, kRotation, kPath, kLookAt}) {
    ReportConflict(DiagnosticCode::kSceneFormat, keys, kAttach, excluded);
  }
  ReportConflict(DiagnosticCode::kSceneFormat, keys, kLookAt, kRotation);
  ReportConflict(DiagnosticCode::kSceneFormat, keys, kLookAt, kSpin);
  if (keys.Has(kPath) && !keys.Has(kPosition)) {
    ReportAtKey(DiagnosticCode::kSceneFormat, keys.locations[kPath], "path", "'path' requires 'position'");
  }
}

}  // namespace cinc::scene_loading
