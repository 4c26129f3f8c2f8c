#include "markers/camera_aim.h"

#include <algorithm>
#include <cmath>

#include "markers/pose.h"

namespace cinc {
namespace {

// The live distance from the camera to the aim point at exact t.
double LiveDistanceAt(const Rig& rig, size_t camera, const Aim& aim, const ExactTime& t) {
  Vec3 position = WorldPoseAt(rig, OwnerRef::Camera(camera), t).position;
  return glm::length(AimPointAt(rig, aim, t) - position);
}

double LiveDistanceWithin(const Rig& rig, size_t camera, const Aim& aim, const ExactTime& select,
                          double t) {
  Vec3 position = WorldPoseWithin(rig, OwnerRef::Camera(camera), select, t).position;
  return glm::length(AimPointWithin(rig, aim, select, t) - position);
}

// An auto-focus segment's value from the live distance at its progress u.
double AimedFocus(const Segment<double>& segment, double live, double u) {
  if (segment.aim_from_live) return live;
  return Interpolate(segment.from, live, u);
}

// The value of focus segment `segment` at exact t.
double FocusSegmentValueAt(const Rig& rig, size_t camera, const Segment<double>& segment,
                           const ExactTime& t) {
  if (!segment.aim) return SegmentValueAt(segment, t);
  return AimedFocus(segment, LiveDistanceAt(rig, camera, *segment.aim, t),
                    SegmentProgress(segment, t));
}

void FillFocusFroms(size_t index, Rig* rig) {
  CameraRig& camera = rig->cameras[index];
  std::vector<Segment<double>>& segments = camera.focus.segments;
  for (size_t k = 0; k < segments.size(); ++k) {
    Segment<double>& segment = segments[k];
    if (k == 0) {
      if (camera.initial_focus_aim) {
        segment.from = LiveDistanceAt(*rig, index, *camera.initial_focus_aim, segment.start);
        if (!segment.aim) continue;
      }
      if (!camera.has_initial_focus && segment.aim) segment.aim_from_live = true;
      continue;
    }
    segment.from = FocusSegmentValueAt(*rig, index, segments[k - 1], segment.start);
  }
}

}  // namespace

Quat LookRotation(const Vec3& direction, const Quat& previous) {
  if (direction == Vec3(0, 0, 0)) return previous;
  double horizontal = std::sqrt(direction.x * direction.x + direction.z * direction.z);
  double pitch = std::atan2(direction.y, horizontal);
  double yaw = horizontal < kLookHorizontalEpsilon ? Radians(CanonicalEulerDegrees(previous).y)
                                                   : std::atan2(-direction.x, -direction.z);
  return QuatFromEulerDegrees(Vec3(Degrees(pitch), Degrees(yaw), 0));
}

std::optional<double> FocusAt(const Rig& rig, size_t camera, const ExactTime& t) {
  if (camera >= rig.cameras.size()) return std::nullopt;
  const CameraRig& rig_camera = rig.cameras[camera];
  int index = ActiveSegmentIndex(rig_camera.focus, t);
  if (index < 0) {
    if (rig_camera.initial_focus_aim) {
      return LiveDistanceAt(rig, camera, *rig_camera.initial_focus_aim, t);
    }
    return FocusAt(rig_camera, t);
  }
  return FocusSegmentValueAt(rig, camera, rig_camera.focus.segments[static_cast<size_t>(index)], t);
}

std::optional<double> FocusWithin(const Rig& rig, size_t camera, const ExactTime& select,
                                  double t) {
  if (camera >= rig.cameras.size()) return std::nullopt;
  const CameraRig& rig_camera = rig.cameras[camera];
  int index = ActiveSegmentIndex(rig_camera.focus, select);
  if (index < 0) {
    if (rig_camera.initial_focus_aim) {
      return LiveDistanceWithin(rig, camera, *rig_camera.initial_focus_aim, select, t);
    }
    return FocusAt(rig_camera, select);
  }
  const Segment<double>& segment = rig_camera.focus.segments[static_cast<size_t>(index)];
  double u = SegmentProgressAt(segment, t);
  if (!segment.aim) return SegmentValueAtProgress(segment, u);
  return AimedFocus(segment, LiveDistanceWithin(rig, camera, *segment.aim, select, t), u);
}

bool HasLookAt(const CameraRig& camera) {
  return std::any_of(camera.rotation.segments.begin(), camera.rotation.segments.end(),
                     [](const Segment<Quat>& segment) { return segment.aim.has_value(); });
}

bool HasAutoFocus(const CameraRig& camera) {
  return camera.initial_focus_aim ||
         std::any_of(camera.focus.segments.begin(), camera.focus.segments.end(),
                     [](const Segment<double>& segment) { return segment.aim.has_value(); });
}

void FillAimedValues(const Scene& scene, Rig* rig) {
  for (size_t index = 0; index < rig->cameras.size() && index < scene.cameras.size(); ++index) {
    // Rotation `from` values after a look-at are filled with the attached
    // owners', instant by instant (markers/attachments.h): an attach after
    // a look-at must start from the tracked rotation.
    if (HasAutoFocus(rig->cameras[index])) FillFocusFroms(index, rig);
  }
}

}  // namespace cinc
