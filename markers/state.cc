#include "markers/state.h"

#include <cmath>

#include "markers/camera_aim.h"
#include "markers/pose.h"

namespace cinc {
namespace {

double NoNegativeZero(double value) { return value == 0 ? 0.0 : value; }

Json VectorJson(const Vec3& value) {
  return Json::array({NoNegativeZero(value.x), NoNegativeZero(value.y), NoNegativeZero(value.z)});
}

Json QuaternionJson(const Quat& rotation) {
  std::array<double, 4> xyzw = QuatToXyzw(CanonicalQuaternion(rotation));
  return Json::array({xyzw[0], xyzw[1], xyzw[2], xyzw[3]});
}

// The world pose and the frame's label of an object's or a camera's state.
template <typename State>
void SetPose(const Rig& rig, OwnerRef owner, const ExactTime& t, State* out) {
  RigidPose world = WorldPoseAt(rig, owner, t);
  out->position = world.position;
  out->rotation = world.rotation;
  out->frame = FrameLabelAt(rig, owner, t);
}

}  // namespace

Quat CanonicalQuaternion(const Quat& rotation) {
  Quat result = rotation;
  bool negate = result.w < 0;
  if (result.w == 0) {
    // A half turn: q and -q both have w = 0; pick the sign the way core
    // Slerp picks a half turn's axis (largest-magnitude component positive).
    Vec3 axis(result.x, result.y, result.z);
    int largest = 0;
    for (int i = 1; i < 3; ++i) {
      if (std::abs(axis[i]) > std::abs(axis[largest])) largest = i;
    }
    negate = axis[largest] < 0;
  }
  if (negate) result = -result;
  result.w = NoNegativeZero(result.w);
  result.x = NoNegativeZero(result.x);
  result.y = NoNegativeZero(result.y);
  result.z = NoNegativeZero(result.z);
  return result;
}

SceneState EvaluateState(const Scene& scene, const Rig& rig, const ExactTime& t) {
  SceneState state;
  state.time = t;
  state.objects.resize(scene.objects.size());
  for (size_t i = 0; i < scene.objects.size() && i < rig.objects.size(); ++i) {
    const ObjectRig& object = rig.objects[i];
    ObjectState& out = state.objects[i];
    SetPose(rig, OwnerRef::Object(i), t, &out);
    out.scale = ValueAt(object.scale, t);
    out.opacity = ValueAt(object.opacity, t);
  }
  state.cameras.resize(scene.cameras.size());
  for (size_t i = 0; i < scene.cameras.size() && i < rig.cameras.size(); ++i) {
    const CameraRig& camera = rig.cameras[i];
    CameraState& out = state.cameras[i];
    SetPose(rig, OwnerRef::Camera(i), t, &out);
    out.fov = ValueAt(camera.fov, t);
    out.focus = FocusAt(rig, i, t);
    out.aperture = ValueAt(camera.aperture, t);
  }
  return state;
}

SceneState EvaluatePlayedState(const Scene& scene, const Timeline& timeline, const Rig& rig,
                               const ExactTime& t) {
  SceneState state = EvaluateState(scene, rig, ForwardTime(timeline, t));
  state.time = t;
  return state;
}

Json StateToJson(const Scene& scene, const SceneState& state) {
  Json objects = Json::object();
  for (size_t i = 0; i < scene.objects.size() && i < state.objects.size(); ++i) {
    const ObjectState& object = state.objects[i];
    Json entry = Json::object();
    entry["position"] = VectorJson(object.position);
    entry["quaternion"] = QuaternionJson(object.rotation);
    entry["rotation"] = VectorJson(CanonicalEulerDegrees(object.rotation));
    entry["scale"] = VectorJson(object.scale);
    entry["opacity"] = NoNegativeZero(object.opacity);
    entry["frame"] = object.frame;
    objects[scene.objects[i].name] = std::move(entry);
  }
  Json cameras = Json::object();
  for (size_t i = 0; i < scene.cameras.size() && i < state.cameras.size(); ++i) {
    const CameraState& camera = state.cameras[i];
    Json entry = Json::object();
    entry["position"] = VectorJson(camera.position);
    entry["quaternion"] = QuaternionJson(camera.rotation);
    entry["rotation"] = VectorJson(CanonicalEulerDegrees(camera.rotation));
    entry["fov"] = camera.fov;
    entry["focus"] = camera.focus ? Json(*camera.focus) : Json(nullptr);
    entry["aperture"] = camera.aperture;
    entry["frame"] = camera.frame;
    cameras[scene.cameras[i].name] = std::move(entry);
  }
  Json result = Json::object();
  result["time"] = state.time.ToDouble();
  result["objects"] = std::move(objects);
  result["cameras"] = std::move(cameras);
  return result;
}

}  // namespace cinc
