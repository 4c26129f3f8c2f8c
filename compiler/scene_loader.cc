// The scene document and its sections; nodes are in scene_nodes.cc, typed
// values in scene_values.cc.
#include "compiler/scene_loader.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>
#include <tuple>
#include <unordered_map>

#include "compiler/scene_loader_internal.h"
#include "core/input_file.h"
#include "core/path_containment.h"
#include "core/reference.h"

namespace cinc {
namespace scene_loading {
namespace {

constexpr std::string_view kTopFields[] = {"cinc",      "name",    "time",    "snap",    "loop",
                                           "tolerance", "models",  "objects", "cameras", "director",
                                           "templates", "reverse", "include"};
enum TopField {
  kCinc,
  kName,
  kTime,
  kSnap,
  kLoop,
  kTolerance,
  kModels,
  kObjects,
  kCameras,
  kDirector,
  kTemplates,
  kReverse,
  kInclude
};

constexpr std::string_view kObjectFields[] = {"model",   "position", "rotation", "scale",
                                              "opacity", "fov",      "focus",    "aperture",
                                              "nodes",   "pattern",  "stagger"};
enum ObjectField {
  kModel,
  kPosition,
  kRotation,
  kScale,
  kOpacity,
  kFov,
  kFocus,
  kAperture,
  kNodes,
  kPattern,
  kStagger
};

bool IsSequenceNameCharacter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

// [A-Za-z0-9_-]{1,128}
bool IsSequenceName(std::string_view name) {
  return !name.empty() && name.size() <= kMaxSequenceNameLength &&
         std::all_of(name.begin(), name.end(), IsSequenceNameCharacter);
}

void ConvertNodeTimes(int64_t ticks_per_second, Node* node) {
  auto convert = [ticks_per_second](ExactTime* time) {
    *time = time->MultipliedBy(1, ticks_per_second);
  };
  for (Relation& relation : node->relations) {
    convert(&relation.offset);
  }
  convert(&node->chain_lag);
  convert(&node->duration);
  if (!node->rare_parts) return;
  NodeRareParts& rare = node->mutable_rare();
  if (rare.shot) convert(&rare.shot->blend);
  if (rare.sound) {
    convert(&rare.sound->offset);
    convert(&rare.sound->fade_in);
    convert(&rare.sound->fade_out);
  }
}

// Whether `key` may be a key somewhere in `text`: written, perhaps quoted,
// then spaces and a colon. Cheap, and no false negatives; a comment that
// says `templates:` is a false positive, which costs memory, not results.
bool MayHaveKey(std::string_view text, std::string_view key) {
  for (size_t at = text.find(key); at != std::string_view::npos; at = text.find(key, at + 1)) {
    size_t after = at + key.size();
    if (after < text.size() && (text[after] == '"' || text[after] == '\'')) ++after;
    while (after < text.size() && (text[after] == ' ' || text[after] == '\t')) ++after;
    if (after < text.size() && text[after] == ':') return true;
  }
  return false;
}

}  // namespace

std::string DefaultSceneName(const std::string& file) {
  std::string stem = std::filesystem::path(file).stem().string();
  std::string name;
  for (char c : stem) {
    if ((static_cast<unsigned char>(c) & 0xC0) == 0x80) continue;  // UTF-8 continuation
    name += IsSequenceNameCharacter(c) ? c : '_';
  }
  if (name.empty()) return "scene";
  if (name.size() > kMaxSequenceNameLength) name.resize(kMaxSequenceNameLength);
  return name;
}

SceneLoader::SceneLoader(std::string_view text, const std::string& file,
                         const SceneLoadOptions& options, Diagnostics* diagnostics)
    : SceneLoader(text, file, options, diagnostics, 0, nullptr) {}

SceneLoader::SceneLoader(std::string_view text, const std::string& file,
                         const SceneLoadOptions& options, Diagnostics* diagnostics, int file_index,
                         IncludeState* includes)
    : text_(text),
      reader_(text, YamlEventSource::kDefaultParseAheadBytes, file_index),
      file_(file),
      options_(options),
      diagnostics_(diagnostics),
      may_have_templates_(MayHaveKey(text, "templates")),
      file_index_(file_index),
      includes_(includes != nullptr ? includes : &own_includes_),
      may_have_includes_(MayHaveKey(text, "include")) {}

Scene SceneLoader::Load() {
  scene_.file = file_;
  scene_.name = DefaultSceneName(file_);
  includes_->reading.push_back(FileIdentity(file_));
  includes_->reading_names.push_back(file_);
  ReadDocument();
  CheckTemplateUses();
  CheckModelNames();
  CheckSharedNames();
  ConvertTicks();
  scene_.included_files = includes_->files;
  diagnostics_->Sort();
  return std::move(scene_);
}

void SceneLoader::ReadDocument() {
  YamlEvent first = Next();
  if (first.kind == YamlEventKind::kEnd) return;
  if (first.kind == YamlEventKind::kMappingStart) {
    if (file_index_ == 0) {
      LoadTopLevel(first);
    } else {
      LoadIncludedTopLevel();
    }
    if (!has_version_ && !reader_.stopped()) {
      ReportAt(DiagnosticCode::kSceneVersion, Origin{.location = {1, 1}, .pointer = ""},
               "missing field cinc");
    }
  } else {
    TypeError(first, "a mapping");
  }
  reader_.Finish();
  Next();  // reports what Finish found
}

void SceneLoader::LoadTopLevel(const YamlEvent& first) {
  // Nodes merge templates as they are read: sections with nodes that come
  // before `templates:` are kept (on the reader's tape) and read after it.
  struct Deferred {
    int field;
    std::string key;
    YamlNodeHandle value;
  };
  std::vector<Deferred> deferred;
  MappingWalker walker(this, kTopFields, {.skip_extension_keys = true});
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    const int field = walker.field();
    const bool templates_may_follow =
        (may_have_templates_ && !templates_loaded_) || (may_have_includes_ && !includes_loaded_);
    if (templates_may_follow && (field == kObjects || field == kCameras || field == kDirector)) {
      bool at_end = false;
      YamlNodeHandle value = Capture(&at_end);
      if (value.empty()) break;  // reading stopped
      deferred.push_back({field, walker.key(), value});
      continue;
    }
    LoadSection(field, Next());
  }
  for (const Deferred& section : deferred) {
    PathSegment segment(this, section.key);
    reader_.Replay(section.value, YamlReader::ReplayKind::kDeferred);
    LoadSection(section.field, Next());
  }
}

void SceneLoader::LoadSection(int field, const YamlEvent& value) {
  switch (field) {
    case kCinc:
      LoadVersion(value);
      break;
    case kName:
      if (value.kind != YamlEventKind::kScalar || IsNullScalar(value)) {
        TypeError(value, "a string");
      } else if (!value.unresolved) {
        if (IsSequenceName(value.value)) {
          scene_.name = value.value;
        } else {
          Report(DiagnosticCode::kSceneName, value.location,
                 "invalid sequence name '" + std::string(value.value) + "'");
        }
      }
      break;
    case kTime:
      LoadTimeUnit(value);
      break;
    case kSnap:
      if (std::optional<int64_t> snap = ReadInteger(value, "snap", 1, 100000)) {
        scene_.snap = *snap;
      }
      break;
    case kReverse:
      if (std::optional<bool> reverse = ReadBool(value)) scene_.reverse = *reverse;
      break;
    case kLoop:
      if (std::optional<bool> loop = ReadBool(value)) scene_.loop = *loop;
      break;
    case kTolerance:
      LoadTolerance(value);
      break;
    case kModels:
      LoadModels(value);
      break;
    case kObjects:
    case kCameras:
      LoadObjects(value, field == kCameras);
      break;
    case kDirector:
      LoadDirector(value);
      break;
    case kTemplates:
      LoadTemplates(value);
      break;
    case kInclude:
      LoadIncludes(value);
      break;
  }
}

void SceneLoader::LoadIncludedTopLevel() {
  MappingWalker walker(this, kTopFields, {.skip_extension_keys = true});
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    const int field = walker.field();
    YamlEvent value = Next();
    switch (field) {
      case kName:  // a library may be a scene of its own: its name is its own
        Skip(value);
        break;
      case kCinc:
      case kModels:
      case kTemplates:
      case kInclude:
        LoadSection(field, value);
        break;
      default:
        Report(DiagnosticCode::kSceneFormat, walker.key_location(),
               "'" + walker.key() +
                   "' is not allowed in an included file (it may give models, templates and "
                   "include)");
        Skip(value);
        break;
    }
  }
}

void SceneLoader::LoadVersion(const YamlEvent& first) {
  has_version_ = true;
  if (first.kind != YamlEventKind::kScalar) {
    Report(DiagnosticCode::kSceneVersion, first.location,
           first.kind == YamlEventKind::kMappingStart ? "format version must be 1, got a mapping"
                                                      : "format version must be 1, got a list");
    Skip(first);
    return;
  }
  if (first.unresolved) return;
  if (ResolveScalar(first) == ScalarType::kInteger && IntegerValue(first.value) == 1) return;
  Report(DiagnosticCode::kSceneVersion, first.location,
         first.plain ? "format version must be 1, got '" + std::string(first.value) + "'"
                     : std::string("format version must be 1, got a string"));
}

void SceneLoader::LoadTimeUnit(const YamlEvent& first) {
  time_unit_ = TimeUnit::kSeconds;  // also when the value is wrong: no tick reports then
  if (first.kind == YamlEventKind::kScalar && !IsNullScalar(first)) {
    if (first.unresolved || first.value == "s") return;
    Report(DiagnosticCode::kSceneValue, first.location,
           "unknown time unit '" + std::string(first.value) + "' (expected s or {ticks: N})");
    return;
  }
  if (first.kind != YamlEventKind::kMappingStart) {
    TypeError(first, "s or {ticks: N}");
    return;
  }
  static constexpr std::string_view kFields[] = {"ticks"};
  MappingWalker walker(this, kFields);
  bool given = false;
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    given = true;
    if (std::optional<int64_t> ticks = ReadInteger(Next(), "ticks", 1, 100000)) {
      scene_.ticks_per_second = *ticks;
      time_unit_ = TimeUnit::kTicks;
    }
  }
  if (!given && !reader_.stopped())
    Report(DiagnosticCode::kSceneFormat, first.location, "missing field ticks");
}

void SceneLoader::ReportFractionalTicks() {
  // The second reading knows the unit from its start, so it reports every
  // fractional time where it is written. Values read after `time:` were
  // already reported by this reading; those are not repeated.
  Diagnostics again_diagnostics(file_);
  SceneLoader again(text_, file_, options_, &again_diagnostics);
  again.time_unit_ = TimeUnit::kTicks;
  again.Load();
  auto is_fractional_ticks = [](const Diagnostic& diagnostic) {
    return diagnostic.code == DiagnosticCode::kSceneValue &&
           diagnostic.message.ends_with(kNotWholeTicks);
  };
  using Key = std::tuple<std::string, int, int, std::string>;
  std::set<Key> reported;
  for (const Diagnostic& diagnostic : diagnostics_->items()) {
    if (is_fractional_ticks(diagnostic)) {
      reported.emplace(diagnostic.file, diagnostic.location.line, diagnostic.location.column,
                       diagnostic.path);
    }
  }
  for (const Diagnostic& found : again_diagnostics.items()) {
    if (!is_fractional_ticks(found)) continue;
    if (reported.emplace(found.file, found.location.line, found.location.column, found.path)
            .second) {
      diagnostics_->Add(found);
    }
  }
}

void SceneLoader::LoadTolerance(const YamlEvent& first) {
  if (!ExpectMapping(first)) return;
  static constexpr std::string_view kFields[] = {"position", "rotation"};
  MappingWalker walker(this, kFields);
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    std::optional<double> value = ReadNumber(Next(), walker.key(), kPositive);
    if (!value) continue;
    (walker.field() == 0 ? scene_.tolerance.position : scene_.tolerance.rotation) = *value;
  }
}

void SceneLoader::LoadModels(const YamlEvent& first) {
  if (IsNullScalar(first) || !ExpectMapping(first)) return;
  MappingWalker walker(this, {});
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    CheckName(walker.key(), "model name", walker.key_location());
    Model model;
    model.name = walker.key();
    if (file_index_ != 0) model.file = file_;
    model.origin = OriginAt(walker.key_location());
    LoadModel(Next(), &model);
    scene_.models.push_back(std::move(model));
  }
}

void SceneLoader::LoadModel(const YamlEvent& first, Model* model) {
  if (IsNullScalar(first) || !ExpectMapping(first)) return;
  static constexpr std::string_view kFields[] = {"source", "markers", "part"};
  MappingWalker walker(this, kFields);
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    YamlEvent value = Next();
    if (walker.field() == 0) {
      if (std::optional<std::string> source = ReadString(value, "source")) {
        model->source = std::move(*source);
        model->source_origin = OriginAt(value.location);
        model->source_refused = !CheckSource("source", model->source, value.location);
      }
      continue;
    }
    if (walker.field() == 2) {
      LoadPart(value, model);
      continue;
    }
    if (IsNullScalar(value) || !ExpectMapping(value)) continue;
    MappingWalker markers(this, {});
    while (markers.Next()) {
      PathSegment marker_segment(this, markers.key());
      CheckLength(markers.key(), "marker name", markers.key_location());
      Marker marker;
      marker.name = markers.key();
      marker.origin = OriginAt(markers.key_location());
      if (std::optional<Transform> pose = ReadTransform(Next())) {
        marker.pose = *pose;
        model->markers.push_back(std::move(marker));
      }
    }
  }
}

// `part: {name, number}`: what parts lists call the model.
void SceneLoader::LoadPart(const YamlEvent& first, Model* model) {
  if (IsNullScalar(first) || !ExpectMapping(first)) return;
  static constexpr std::string_view kPartFields[] = {"name", "number"};
  MappingWalker walker(this, kPartFields);
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    const bool is_name = walker.field() == 0;
    std::optional<std::string> text = ReadString(Next(), is_name ? "name" : "number");
    if (text) (is_name ? model->part_name : model->part_number) = std::move(*text);
  }
}

bool SceneLoader::CheckSource(std::string_view field, const std::string& source,
                              SourceLocation location) {
  const std::string named = std::string(field);
  if (source.empty()) {
    Report(DiagnosticCode::kSceneValue, location, named + " is empty");
    return false;
  }
  bool absolute = source[0] == '/' || source[0] == '\\' ||
                  (source.size() >= 2 && std::isalpha(static_cast<unsigned char>(source[0])) &&
                   source[1] == ':');
  // Lexical: count the folders entered and left, `\` taken as a separator too.
  bool leaves = false;
  int depth = 0;
  size_t begin = 0;
  while (!absolute && begin <= source.size()) {
    size_t end = source.find_first_of("/\\", begin);
    if (end == std::string::npos) end = source.size();
    std::string_view part(source.data() + begin, end - begin);
    if (part == "..") {
      if (--depth < 0) leaves = true;
    } else if (!part.empty() && part != ".") {
      ++depth;
    }
    begin = end + 1;
  }
  // Then with symbolic links followed: a link to a file or folder outside
  // leaves the folder as surely as `..` does.
  std::error_code error;
  std::filesystem::path folder = std::filesystem::path(file_).parent_path();
  if (folder.empty()) folder = ".";
  std::filesystem::path real_folder = std::filesystem::weakly_canonical(folder, error);
  std::filesystem::path real_target =
      error ? std::filesystem::path() : std::filesystem::weakly_canonical(folder / source, error);
  const bool linked_out = !absolute && !leaves && !error && !IsInside(real_target, real_folder);
  if (!absolute && !leaves && !linked_out) return true;
  for (const std::string& root : options_.allowed_outside_roots) {
    std::error_code root_error;
    std::filesystem::path allowed = std::filesystem::weakly_canonical(root, root_error);
    std::filesystem::path target =
        linked_out ? real_target
                   : std::filesystem::absolute(folder / source, root_error).lexically_normal();
    if (!root_error && (IsInside(target, allowed) ||
                        IsInside(std::filesystem::weakly_canonical(target, root_error), allowed))) {
      return true;
    }
  }
  const std::string the_folder = file_index_ == 0 ? "the scene's folder" : "the folder of " + file_;
  Report(DiagnosticCode::kPath, location,
         absolute ? named + " '" + source + "' is an absolute path (" + named +
                        "s are relative to " + the_folder + ")"
         : leaves ? named + " '" + source + "' leaves " + the_folder
                  : named + " '" + source + "' leads outside " + the_folder +
                        " through a symbolic link (to " + real_target.string() + ")");
  return false;
}

void SceneLoader::LoadObjects(const YamlEvent& first, bool cameras) {
  if (IsNullScalar(first) || !ExpectMapping(first)) return;
  MappingWalker walker(this, {});
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    if (CheckName(walker.key(), cameras ? "camera name" : "object name", walker.key_location()) &&
        walker.key() == "director") {
      Report(DiagnosticCode::kSceneName, walker.key_location(), "'director' is a reserved name");
    }
    SceneObject object;
    object.name = walker.key();
    object.is_camera = cameras;
    object.origin = OriginAt(walker.key_location());
    LoadObject(Next(), &object);
    (cameras ? scene_.cameras : scene_.objects).push_back(std::move(object));
  }
}

void SceneLoader::LoadObject(const YamlEvent& first, SceneObject* object) {
  if (IsNullScalar(first) || !ExpectMapping(first)) return;
  MappingWalker walker(this, kObjectFields);
  SourceLocation stagger_location;
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    YamlEvent value = Next();
    int field = walker.field();
    bool camera_only = field == kFov || field == kFocus || field == kAperture;
    bool object_only = field == kModel || field == kScale || field == kOpacity ||
                       field == kPattern || field == kStagger;
    if (camera_only && !object->is_camera) {
      Report(DiagnosticCode::kSceneFormat, walker.key_location(),
             "'" + walker.key() + "' is only allowed on cameras");
      Skip(value);
      continue;
    }
    if (object_only && object->is_camera) {
      Report(DiagnosticCode::kSceneFormat, walker.key_location(),
             "'" + walker.key() + "' is not allowed on a camera");
      Skip(value);
      continue;
    }
    switch (field) {
      case kModel:
        if (std::optional<std::string> model = ReadString(value, "model")) {
          object->model = std::move(*model);
          object->model_origin = OriginAt(value.location);
        }
        break;
      case kPosition:
        if (std::optional<Vec3> position = ReadVec3(value, "position", kCoordinateRange)) {
          object->position = *position;
        }
        break;
      case kRotation:
        if (std::optional<Quat> rotation = ReadRotation(value)) object->rotation = *rotation;
        break;
      case kScale:
        if (std::optional<Vec3> scale = ReadScale(value)) object->scale = *scale;
        break;
      case kOpacity:
        if (std::optional<double> opacity = ReadNumber(value, "opacity", kUnitInterval)) {
          object->opacity = *opacity;
        }
        break;
      case kFov:
        if (std::optional<double> fov = ReadNumber(value, "fov", kFovRange))
          object->mutable_lens().fov = *fov;
        break;
      case kFocus:
        LoadFocus(value, &object->mutable_lens().focus);
        break;
      case kAperture:
        if (std::optional<double> aperture = ReadNumber(value, "aperture", kPositive)) {
          object->mutable_lens().aperture = *aperture;
        }
        break;
      case kNodes:
        LoadNodeList(value, object->name,
                     object->is_camera ? OwnerKind::kCamera : OwnerKind::kObject, &object->nodes);
        break;
      case kPattern:
        if (!object->pattern) object->pattern.emplace();
        LoadPattern(value, &*object->pattern);
        break;
      case kStagger:
        if (!object->pattern) object->pattern.emplace();
        if (value.kind == YamlEventKind::kScalar && value.value == "chain") {
          object->pattern->chain = true;
        } else if (std::optional<ExactTime> stagger = ReadTime(value, "stagger", true)) {
          object->pattern->stagger = *stagger;
        }
        stagger_location = walker.key_location();
        break;
    }
  }
  if (object->pattern && object->pattern->count == 0 && !reader_.stopped()) {
    // `stagger` alone, or a pattern whose count was refused.
    if (object->pattern->origin.path().empty()) {
      Report(DiagnosticCode::kSceneFormat, stagger_location,
             "'stagger' needs a 'pattern' on the object");
    }
    object->pattern.reset();
  }
}

void SceneLoader::LoadPattern(const YamlEvent& first, Pattern* pattern) {
  pattern->origin = OriginAt(first.location);
  if (!ExpectMapping(first)) return;
  static constexpr std::string_view kFields[] = {"count", "offset", "axis",
                                                 "angle", "center", "markers"};
  enum { kCount, kOffset, kAxis, kAngle, kCenter, kMarkers };
  MappingWalker walker(this, kFields);
  bool given[6] = {false, false, false, false, false, false};
  SourceLocation where[6];
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    YamlEvent value = Next();
    int field = walker.field();
    given[field] = true;
    where[field] = walker.key_location();
    switch (field) {
      case kCount:
        if (std::optional<int64_t> count = ReadInteger(value, "count", 1, kMaxPatternCopies)) {
          pattern->count = static_cast<int>(*count);
        }
        break;
      case kOffset:
        if (std::optional<Vec3> offset = ReadVec3(value, "offset", kCoordinateRange)) {
          pattern->offset = *offset;
        }
        break;
      case kAxis:
        if (std::optional<Vec3> axis = ReadVec3(value, "axis", kCoordinateRange)) {
          if (glm::length(*axis) > 0) {
            pattern->axis = glm::normalize(*axis);
          } else {
            Report(DiagnosticCode::kSceneValue, value.location, "the pattern's axis is [0, 0, 0]");
          }
        }
        break;
      case kAngle:
        if (std::optional<double> angle = ReadNumber(value, "angle", kAngleRange)) {
          pattern->angle_degrees = *angle;
        }
        break;
      case kCenter:
        if (std::optional<Vec3> center = ReadVec3(value, "center", kCoordinateRange)) {
          pattern->center = *center;
        }
        break;
      case kMarkers:
        if (std::optional<std::string> markers = ReadString(value, "markers")) {
          pattern->markers = std::move(*markers);
          pattern->markers_origin = OriginAt(value.location);
        }
        break;
    }
  }
  if (reader_.stopped()) return;
  if (given[kMarkers]) {
    pattern->kind = Pattern::Kind::kMarkers;
    for (int field : {kCount, kOffset, kAxis, kAngle, kCenter}) {
      if (!given[field]) continue;
      Report(DiagnosticCode::kSceneFormat, where[field],
             "'" + std::string(kFields[field]) +
                 "' cannot be combined with 'markers' (one copy per matching marker)");
    }
    if (pattern->markers.empty()) {
      pattern->count = 0;
    } else if (!SplitMarkerReference(pattern->markers).has_marker) {
      Report(DiagnosticCode::kSceneValue, pattern->markers_origin.location,
             "'markers' is object/marker-glob, as 'body/hole-*'; got '" + pattern->markers + "'");
      pattern->count = 0;
    } else {
      pattern->count = -1;  // known once the models are read
    }
    return;
  }
  bool circular = given[kAxis] || given[kAngle] || given[kCenter];
  pattern->kind = circular ? Pattern::Kind::kCircular : Pattern::Kind::kLinear;
  if (!given[kCount]) {
    Report(DiagnosticCode::kSceneFormat, first.location, "missing field count");
    pattern->count = 0;
  }
  if (circular && given[kOffset]) {
    Report(DiagnosticCode::kSceneFormat, where[kOffset],
           "'offset' (a linear pattern) cannot be combined with 'axis', 'angle' or 'center' (a "
           "circular one)");
  } else if (circular && !given[kAngle]) {
    Report(DiagnosticCode::kSceneFormat, first.location,
           "missing field angle (a circular pattern: count, axis, angle, center)");
  } else if (!circular && !given[kOffset]) {
    Report(DiagnosticCode::kSceneFormat, first.location,
           "missing field offset or angle (a linear pattern: count, offset; a circular one: "
           "count, axis, angle, center)");
  }
}

bool SceneLoader::LoadFocus(const YamlEvent& first, FocusTarget* focus) {
  focus->origin = OriginAt(first.location);
  if (first.kind == YamlEventKind::kScalar) {
    ScalarType type = ResolveScalar(first);
    if (type == ScalarType::kInteger || type == ScalarType::kFloat) {
      std::optional<double> distance = ReadNumber(first, "focus", kPositive);
      if (distance) focus->distance = *distance;
      return distance.has_value();
    }
  }
  if (first.kind != YamlEventKind::kMappingStart) {
    TypeError(first, "a number or {on: target}");
    return false;
  }
  static constexpr std::string_view kFields[] = {"on"};
  MappingWalker walker(this, kFields);
  bool given = false;
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    given = true;
    if (std::optional<std::string> target = ReadString(Next(), "on")) focus->on = *target;
  }
  if (!given && !reader_.stopped())
    Report(DiagnosticCode::kSceneFormat, first.location, "missing field on");
  return !focus->on.empty();
}

void SceneLoader::LoadDirector(const YamlEvent& first) {
  if (IsNullScalar(first) || !ExpectMapping(first)) return;
  static constexpr std::string_view kFields[] = {"nodes"};
  MappingWalker walker(this, kFields);
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    LoadNodeList(Next(), "director", OwnerKind::kDirector, &scene_.director_nodes);
  }
}

void SceneLoader::CheckSharedNames() {
  std::unordered_map<std::string_view, const SceneObject*> objects;
  for (const SceneObject& object : scene_.objects) objects.emplace(object.name, &object);
  for (const SceneObject& camera : scene_.cameras) {
    auto found = objects.find(camera.name);
    if (found == objects.end()) continue;
    const Origin& object_origin = found->second->origin;
    auto position = [](const Origin& origin) {
      return std::pair(origin.location.line, origin.location.column);
    };
    // Reported at whichever of the two is written later.
    const Origin& later =
        position(camera.origin) > position(object_origin) ? camera.origin : object_origin;
    ReportAt(DiagnosticCode::kSceneName, later,
             "'" + camera.name + "' is both an object and a camera");
  }
}

void SceneLoader::ConvertTicks() {
  int64_t ticks = scene_.ticks_per_second;
  if (ticks <= 0) return;
  if (fraction_before_time_unit_) ReportFractionalTicks();
  for (SceneObject& object : scene_.objects) {
    for (Node& node : object.nodes) ConvertNodeTimes(ticks, &node);
    if (object.pattern) object.pattern->stagger = object.pattern->stagger.MultipliedBy(1, ticks);
  }
  for (SceneObject& camera : scene_.cameras) {
    for (Node& node : camera.nodes) ConvertNodeTimes(ticks, &node);
  }
  for (Node& node : scene_.director_nodes) ConvertNodeTimes(ticks, &node);
}

}  // namespace scene_loading

Scene LoadSceneFromText(std::string_view text, const std::string& file, Diagnostics* diagnostics) {
  return LoadSceneFromText(text, file, SceneLoadOptions(), diagnostics);
}

namespace scene_loading {
namespace {

bool Before(SourceLocation a, SourceLocation b) {
  return a.line < b.line || (a.line == b.line && a.column < b.column);
}

}  // namespace

void AddUninterrupted(const Diagnostics& found, const std::optional<YamlProblem>& interrupted,
                      Diagnostics* diagnostics) {
  for (const Diagnostic& diagnostic : found.items()) {
    const bool is_interruption = interrupted.has_value() && diagnostic.code == interrupted->code &&
                                 diagnostic.location == interrupted->location &&
                                 diagnostic.message == interrupted->message;
    // An included file's problems (another file) are sorted out by its own
    // loader.
    const bool after_interruption =
        interrupted.has_value() && diagnostic.location.file == interrupted->location.file &&
        (diagnostic.location.line == 0 || !Before(diagnostic.location, interrupted->context));
    if (!is_interruption && after_interruption) continue;
    diagnostics->Add(diagnostic);
  }
  diagnostics->AddNotKept(found);
}

}  // namespace scene_loading

Scene LoadSceneFromText(std::string_view text, const std::string& file,
                        const SceneLoadOptions& options, Diagnostics* diagnostics) {
  Diagnostics found = diagnostics->Sibling();
  scene_loading::SceneLoader loader(text, file, options, &found);
  Scene scene = loader.Load();
  scene_loading::AddUninterrupted(found, loader.reader().interrupted(), diagnostics);
  if (!loader.interrupted()) return scene;
  Scene unread;
  unread.file = scene.file;
  unread.name = scene.name;
  unread.included_files = scene.included_files;
  return unread;
}

Scene LoadSceneFile(const std::string& path, Diagnostics* diagnostics) {
  return LoadSceneFile(path, SceneLoadOptions(), diagnostics);
}

Scene LoadSceneFile(const std::string& path, const SceneLoadOptions& options,
                    Diagnostics* diagnostics) {
  std::string text;
  if (InputRefusal refused = ReadInputFile(path, InputKind::kScene, &text); refused.refused()) {
    diagnostics->Add({Severity::kError,
                      DiagnosticCode::kSceneFormat,
                      path,
                      {0, 0},
                      "",
                      "cannot read file: " + refused.Describe()});
    Scene scene;
    scene.file = path;
    scene.name = scene_loading::DefaultSceneName(path);
    return scene;
  }
  return LoadSceneFromText(text, path, options, diagnostics);
}

DocumentKind DetectDocumentKind(std::string_view text) {
  YamlReader reader(text);
  auto skip = [&reader](const YamlEvent& first) {
    int depth =
        first.kind == YamlEventKind::kMappingStart || first.kind == YamlEventKind::kSequenceStart
            ? 1
            : 0;
    while (depth > 0) {
      YamlEvent event = reader.Next();
      if (event.kind == YamlEventKind::kEnd) return;
      if (event.kind == YamlEventKind::kMappingStart ||
          event.kind == YamlEventKind::kSequenceStart) {
        ++depth;
      } else if (event.kind == YamlEventKind::kMappingEnd ||
                 event.kind == YamlEventKind::kSequenceEnd) {
        --depth;
      }
    }
  };
  YamlEvent first = reader.Next();
  if (first.kind == YamlEventKind::kEnd) return DocumentKind::kUnreadable;
  if (first.kind != YamlEventKind::kMappingStart) return DocumentKind::kSequence;
  for (;;) {
    YamlEvent key = reader.Next();
    if (key.kind == YamlEventKind::kMappingEnd) return DocumentKind::kSequence;
    if (key.kind == YamlEventKind::kEnd) {
      return reader.stopped() ? DocumentKind::kUnreadable : DocumentKind::kSequence;
    }
    if (key.kind == YamlEventKind::kScalar && key.value == "cinc") return DocumentKind::kScene;
    skip(key);
    skip(reader.Next());
  }
}

}  // namespace cinc
