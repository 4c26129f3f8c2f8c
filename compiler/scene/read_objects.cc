#include "compiler/scene/read_objects.h"

#include <algorithm>
#include <iterator>
#include <set>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "compiler/scene/mapping_walker.h"
#include "compiler/scene/read_nodes.h"
#include "compiler/scene/read_pattern.h"
#include "compiler/scene/read_values.h"
#include "compiler/scene/scalars.h"
#include "core/reference.h"

namespace cinc::scene_loading {
namespace {

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

// False after reporting a field that this kind of owner may not have.
bool ObjectFieldAllowed(ReadContext& context, int field, const SceneObject& object,
                        const MappingWalker& walker) {
  bool camera_only = field == kFov || field == kFocus || field == kAperture;
  bool object_only = field == kModel || field == kScale || field == kOpacity || field == kPattern ||
                     field == kStagger;
  if (camera_only && !object.is_camera) {
    context.Report(DiagnosticCode::kSceneFormat, walker.key_location(),
                   "'" + walker.key() + "' is only allowed on cameras");
    return false;
  }
  if (object_only && object.is_camera) {
    context.Report(DiagnosticCode::kSceneFormat, walker.key_location(),
                   "'" + walker.key() + "' is not allowed on a camera");
    return false;
  }
  return true;
}

// The pose and look of an object or camera: model, position, rotation,
// scale, opacity and the lens.
void ReadObjectLook(ReadContext& context, int field, const YamlEvent& value, SceneObject* object) {
  switch (field) {
    case kModel:
      if (std::optional<std::string> model = ReadString(context, value, "model")) {
        object->model = std::move(*model);
        object->model_origin = context.OriginAt(value.location);
      }
      break;
    case kPosition:
      if (std::optional<Vec3> position = ReadVec3(context, value, "position", kCoordinateRange)) {
        object->position = *position;
      }
      break;
    case kRotation:
      if (std::optional<Quat> rotation = ReadRotation(context, value)) object->rotation = *rotation;
      break;
    case kScale:
      if (std::optional<Vec3> scale = ReadScale(context, value)) object->scale = *scale;
      break;
    case kOpacity:
      if (std::optional<double> opacity = ReadNumber(context, value, "opacity", kUnitInterval)) {
        object->opacity = *opacity;
      }
      break;
    case kFov:
      if (std::optional<double> fov = ReadNumber(context, value, "fov", kFovRange))
        object->mutable_lens().fov = *fov;
      break;
    case kFocus:
      ReadFocus(context, value, &object->mutable_lens().focus);
      break;
    case kAperture:
      if (std::optional<double> aperture = ReadNumber(context, value, "aperture", kPositive)) {
        object->mutable_lens().aperture = *aperture;
      }
      break;
  }
}

// `stagger: TIME | chain` of a patterned object.
void ReadStagger(ReadContext& context, const YamlEvent& value, SceneObject* object) {
  if (!object->pattern) object->pattern.emplace();
  if (value.kind == YamlEventKind::kScalar && value.value == "chain") {
    object->pattern->chain = true;
  } else if (std::optional<ExactTime> stagger = ReadTime(context, value, "stagger", true)) {
    object->pattern->stagger = *stagger;
  }
}

void ReadObject(ReadContext& context, const YamlEvent& first, SceneObject* object) {
  if (IsNullScalar(first) || !ExpectMapping(context, first)) return;
  MappingWalker walker(context, kObjectFields);
  SourceLocation stagger_location;
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    YamlEvent value = context.Next();
    const int field = walker.field();
    if (!ObjectFieldAllowed(context, field, *object, walker)) {
      context.Skip(value);
      continue;
    }
    if (field == kNodes) {
      ReadNodeList(context, value, object->name,
                   object->is_camera ? OwnerKind::kCamera : OwnerKind::kObject, &object->nodes);
    } else if (field == kPattern) {
      if (!object->pattern) object->pattern.emplace();
      ReadPattern(context, value, &*object->pattern);
    } else if (field == kStagger) {
      ReadStagger(context, value, object);
      stagger_location = walker.key_location();
    } else {
      ReadObjectLook(context, field, value, object);
    }
  }
  if (object->pattern && object->pattern->count == 0 && !context.reader.stopped()) {
    // `stagger` alone, or a pattern whose count was refused.
    if (object->pattern->origin.path().empty()) {
      context.Report(DiagnosticCode::kSceneFormat, stagger_location,
                     "'stagger' needs a 'pattern' on the object");
    }
    object->pattern.reset();
  }
}

// Whether `key`, at the owners' indentation right after `previous`, is a
// field of `previous` written one level too shallow: a field's name whose
// value no object could have (not a mapping). Reports it as what it is.
bool ReportDedentedField(ReadContext& context, const MappingWalker& walker, const YamlEvent& value,
                         const std::string& previous, bool cameras) {
  const std::string& key = walker.key();
  const bool field_name =
      std::find(std::begin(kObjectFields), std::end(kObjectFields), key) != std::end(kObjectFields);
  if (previous.empty() || !field_name || value.kind == YamlEventKind::kMappingStart) {
    return false;
  }
  context.Report(DiagnosticCode::kSceneFormat, walker.key_location(),
                 "'" + key + "' is indented like the " + (cameras ? "camera '" : "object '") +
                     previous + "' above it, so it is read as an object named '" + key +
                     "'; to give '" + previous + "' its " + key + ", indent '" + key +
                     ":' under '" + previous + "'");
  if (key == "nodes") context.includes->owners_without_nodes.insert(previous);
  context.Skip(value);
  return true;
}

void ReadOwners(ReadContext& context, const YamlEvent& first, bool cameras) {
  if (IsNullScalar(first) || !ExpectMapping(context, first)) return;
  MappingWalker walker(context, {});
  std::vector<SceneObject>& owners = cameras ? context.scene.cameras : context.scene.objects;
  std::string previous;  // the owner read last
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    if (CheckName(context, walker.key(), cameras ? "camera name" : "object name",
                  walker.key_location()) &&
        walker.key() == "director") {
      context.Report(DiagnosticCode::kSceneName, walker.key_location(),
                     "'director' is a reserved name");
    }
    YamlEvent value = context.Next();
    if (ReportDedentedField(context, walker, value, previous, cameras)) continue;
    SceneObject object;
    object.name = walker.key();
    object.is_camera = cameras;
    object.origin = context.OriginAt(walker.key_location());
    ReadObject(context, value, &object);
    owners.push_back(std::move(object));
    previous = owners.back().name;
  }
}

}  // namespace

void ReadObjects(ReadContext& context, const YamlEvent& first) {
  ReadOwners(context, first, /*cameras=*/false);
}

void ReadCameras(ReadContext& context, const YamlEvent& first) {
  ReadOwners(context, first, /*cameras=*/true);
}

void CheckSharedNames(ReadContext& context) {
  std::unordered_map<std::string_view, const SceneObject*> objects;
  for (const SceneObject& object : context.scene.objects) objects.emplace(object.name, &object);
  for (const SceneObject& camera : context.scene.cameras) {
    auto found = objects.find(camera.name);
    if (found == objects.end()) continue;
    const Origin& object_origin = found->second->origin;
    auto position = [](const Origin& origin) {
      return std::pair(origin.location.line, origin.location.column);
    };
    // Reported at whichever of the two is written later.
    const Origin& later =
        position(camera.origin) > position(object_origin) ? camera.origin : object_origin;
    context.ReportAt(DiagnosticCode::kSceneName, later,
                     "'" + camera.name + "' is both an object and a camera");
  }
}

void SilenceLostNodes(ReadContext& context) {
  const std::set<std::string>& lost = context.includes->owners_without_nodes;
  if (lost.empty()) return;
  auto silence = [&lost](Relation& relation) {
    const NodeReference target = SplitNodeReference(relation.target.view());
    if (target.qualified && lost.count(std::string(target.owner))) relation.silenced = true;
  };
  auto silence_nodes = [&silence](std::vector<Node>& nodes) {
    for (Node& node : nodes) {
      for (Relation& relation : node.relations) silence(relation);
      for (Relation& relation : node.until) silence(relation);
    }
  };
  for (SceneObject& object : context.scene.objects) silence_nodes(object.nodes);
  for (SceneObject& camera : context.scene.cameras) silence_nodes(camera.nodes);
  silence_nodes(context.scene.director_nodes);
}

}  // namespace cinc::scene_loading
