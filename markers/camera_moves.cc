#include "markers/camera_moves.h"

#include <algorithm>
#include <string>
#include <utility>

#include "core/reference.h"
#include "importers/import_model.h"
#include "markers/attachments.h"
#include "markers/camera_framing.h"
#include "markers/pose.h"

namespace cinc {
namespace {

// A camera's node that frames or orbits, with its resolved time.
struct MoveNode {
  size_t camera;
  size_t node;
  NodeTime time;
};

const NodeTime* TimeOf(const Timeline& timeline, size_t camera, size_t node) {
  return UsableNodeTime(camera < timeline.cameras.size() ? &timeline.cameras[camera] : nullptr,
                        node);
}

// The objects a `frame` entry names: the object, or a pattern's copies.
std::vector<size_t> FramedObjects(const Scene& scene, const OwnerNames& names,
                                  const std::string& name) {
  OwnerRef owner = names.Find(name);
  if (owner.valid()) {
    if (owner.is_camera) return {};
    return {static_cast<size_t>(owner.index)};
  }
  std::vector<size_t> objects;
  for (const PatternCopies& pattern : scene.patterns) {
    if (pattern.name != name) continue;
    for (int k = 1; k <= pattern.count; ++k) {
      OwnerRef copy = names.Find(PatternCopyName(pattern.name, k));
      if (copy.valid() && !copy.is_camera) objects.push_back(static_cast<size_t>(copy.index));
    }
  }
  return objects;
}

// E_SCENE_FORMAT for a move on a camera that attaches; E_FRAME_BOUNDS for a
// framed object (or camera) without bounds. True when all is well.
bool CheckMoves(const Scene& scene, const MarkerTable& markers, const ModelBoundsList& bounds,
                Diagnostics* diagnostics) {
  const OwnerNames names(scene);
  bool ok = true;
  auto report = [&](DiagnosticCode code, const Origin& origin, std::string message) {
    diagnostics->Report(code, origin.location, origin.path(), std::move(message));
    ok = false;
  };
  for (const SceneObject& camera : scene.cameras) {
    const Node* attaching = nullptr;
    for (const Node& node : camera.nodes) {
      if (node.rare().attach && attaching == nullptr) attaching = &node;
    }
    for (const Node& node : camera.nodes) {
      const std::string name = "node '" + node.QualifiedName() + "' ";
      if (attaching != nullptr && (node.rare().frame || node.rare().orbit)) {
        const bool frames = node.rare().frame.has_value();
        report(DiagnosticCode::kSceneFormat,
               frames ? node.rare().frame->origin : node.rare().orbit->origin,
               std::string(frames ? "'frame'" : "'orbit'") + " is not allowed on camera '" +
                   camera.name + "', which attaches (node '" + attaching->QualifiedName() + "')");
      }
      if (!node.rare().frame) continue;
      for (const LocatedString& framed : node.rare().frame->objects) {
        OwnerRef owner = names.Find(framed.value);
        if (owner.valid() && owner.is_camera) {
          report(DiagnosticCode::kFrameBounds, framed.origin,
                 name + "frames camera '" + framed.value + "', which has no bounds");
          continue;
        }
        for (size_t object : FramedObjects(scene, names, framed.value)) {
          const SceneObject& part = scene.objects[object];
          const int model =
              object < markers.object_models.size() ? markers.object_models[object] : -1;
          if (part.model.empty()) {
            report(DiagnosticCode::kFrameBounds, framed.origin,
                   name + "frames '" + part.name + "', which has no model (no bounds to frame)");
            break;
          }
          if (model < 0 || markers.library.models[static_cast<size_t>(model)].load_failed) {
            break;  // reported: an unknown model or a file that did not load
          }
          if (!bounds[static_cast<size_t>(model)]) {
            report(DiagnosticCode::kFrameBounds, framed.origin,
                   name + "frames '" + part.name + "', whose model '" + part.model +
                       "' has no meshes (no bounds to frame)");
            break;
          }
        }
      }
    }
  }
  return ok;
}

// The world point an orbit turns about, at the node's start.
std::optional<Vec3> OrbitCentre(const Rig& rig, const OwnerNames& names, const MarkerTable& markers,
                                const Orbit& orbit, const ExactTime& start) {
  if (orbit.point) return orbit.point;
  MarkerReference parts = SplitMarkerReference(orbit.around.value);
  Aim aim;
  aim.owner = names.Find(parts.owner);
  if (!aim.owner.valid()) return std::nullopt;  // reported by BuildMarkerTable
  if (parts.has_marker) {
    if (aim.owner.is_camera) return std::nullopt;
    const ModelMarkers* model = markers.ModelOf(static_cast<size_t>(aim.owner.index));
    const Marker* marker = model != nullptr ? model->Find(parts.marker) : nullptr;
    if (marker == nullptr) return std::nullopt;
    aim.marker_position = marker->pose.position;
  }
  return AimPointAt(rig, aim, start);
}

// The eight corners of each framed object's bounds, posed at t.
std::vector<Vec3> PosedCorners(const Scene& scene, const Rig& rig, const MarkerTable& markers,
                               const ModelBoundsList& bounds, const Framing& framing,
                               const ExactTime& t) {
  const OwnerNames names(scene);
  std::vector<Vec3> points;
  for (const LocatedString& framed : framing.objects) {
    for (size_t object : FramedObjects(scene, names, framed.value)) {
      const int model = markers.object_models[object];
      const std::optional<Bounds>& box = bounds[static_cast<size_t>(model)];
      const RigidPose pose = WorldPoseAt(rig, OwnerRef::Object(object), t);
      const Vec3 scale = ValueAt(rig.objects[object].scale, t);
      for (const Vec3& corner : BoxCorners(box->low, box->high)) {
        points.push_back(pose.position + pose.rotation * (scale * corner));
      }
    }
  }
  return points;
}

// The camera's position at the framing node's end, from `rig` (built
// without it): its view at E kept, its aim (if a look-at is in charge at E)
// on the frame's centre.
std::optional<Vec3> SolveFraming(const Scene& scene, const Rig& rig, const MarkerTable& markers,
                                 const ModelBoundsList& bounds, const MoveNode& move) {
  const Node& node = scene.cameras[move.camera].nodes[move.node];
  const ExactTime end = move.time.end;
  const CameraRig& camera = rig.cameras[move.camera];
  FramingView view;
  view.rotation = WorldPoseAt(rig, OwnerRef::Camera(move.camera), end).rotation;
  view.fov_degrees = ValueAt(camera.fov, end);
  view.aspect = scene.aspect;
  view.margin = node.rare().frame->margin;
  std::optional<Vec3> centre;
  const int active = ActiveSegmentIndex(camera.rotation, end);
  if (active >= 0 && camera.rotation.segments[static_cast<size_t>(active)].aim) {
    centre = AimPointAt(rig, *camera.rotation.segments[static_cast<size_t>(active)].aim, end);
  }
  const std::vector<Vec3> corners =
      PosedCorners(scene, rig, markers, bounds, *node.rare().frame, end);
  if (corners.empty()) return std::nullopt;  // a pattern without copies (reported)
  return FramingPosition(corners, view, centre);
}

}  // namespace

bool HasCameraMoves(const Scene& scene) {
  for (const SceneObject& camera : scene.cameras) {
    for (const Node& node : camera.nodes) {
      if (node.rare().frame || node.rare().orbit) return true;
    }
  }
  return false;
}

ModelBoundsList FramedModelBounds(const Scene& scene, const MarkerTable& markers) {
  ModelBoundsList bounds(scene.models.size());
  std::vector<bool> wanted(scene.models.size(), false);
  const OwnerNames names(scene);
  for (const SceneObject& camera : scene.cameras) {
    for (const Node& node : camera.nodes) {
      if (!node.rare().frame) continue;
      for (const LocatedString& framed : node.rare().frame->objects) {
        for (size_t object : FramedObjects(scene, names, framed.value)) {
          const int model =
              object < markers.object_models.size() ? markers.object_models[object] : -1;
          if (model >= 0) wanted[static_cast<size_t>(model)] = true;
        }
      }
    }
  }
  for (size_t index = 0; index < scene.models.size(); ++index) {
    const Model& model = scene.models[index];
    if (!wanted[index] || model.source.empty() || model.source_refused) continue;
    Diagnostics own(SourcePath(scene, model));  // reported once, by ImportModels
    std::optional<ModelContent> content = ImportModelContent(SourcePath(scene, model), &own);
    if (content) bounds[index] = ModelBounds(*content);
  }
  return bounds;
}

Rig BuildRigWithCameraMoves(Scene* scene, const Timeline& timeline, const MarkerTable& markers,
                            const ModelBoundsList& bounds, Diagnostics* diagnostics) {
  if (!HasCameraMoves(*scene) || !CheckMoves(*scene, markers, bounds, diagnostics)) {
    return BuildRig(*scene, timeline, markers, diagnostics);
  }
  // The rigs built on the way report nothing: the last one does.
  Diagnostics scratch = diagnostics->Sibling();
  Rig rig = BuildRig(*scene, timeline, markers, &scratch);
  const OwnerNames names(*scene);
  std::vector<std::vector<MoveNode>> framings(scene->cameras.size());
  for (size_t camera = 0; camera < scene->cameras.size(); ++camera) {
    std::vector<Node>& nodes = scene->cameras[camera].nodes;
    for (size_t index = 0; index < nodes.size(); ++index) {
      const NodeTime* time = TimeOf(timeline, camera, index);
      if (time == nullptr) continue;
      if (nodes[index].rare().orbit) {
        // Objects never depend on a camera's moves: one rig gives every centre.
        Orbit& orbit = *nodes[index].mutable_rare().orbit;
        orbit.centre = OrbitCentre(rig, names, markers, orbit, time->start);
      }
      if (nodes[index].rare().frame) framings[camera].push_back({camera, index, *time});
    }
    std::stable_sort(
        framings[camera].begin(), framings[camera].end(),
        [](const MoveNode& a, const MoveNode& b) { return a.time.start < b.time.start; });
  }
  size_t rounds = 0;
  for (const std::vector<MoveNode>& list : framings) rounds = std::max(rounds, list.size());
  for (size_t round = 0; round < rounds; ++round) {
    rig = BuildRig(*scene, timeline, markers, &scratch);
    for (const std::vector<MoveNode>& list : framings) {
      if (round >= list.size()) continue;
      const MoveNode& move = list[round];
      std::optional<Vec3> position = SolveFraming(*scene, rig, markers, bounds, move);
      if (position) scene->cameras[move.camera].nodes[move.node].position = *position;
    }
  }
  return BuildRig(*scene, timeline, markers, diagnostics);
}

}  // namespace cinc
