#include "emit/emit_transforms.h"

#include <algorithm>

#include "emit/channel_keys.h"
#include "emit/pose_keys.h"
#include "emit/rotation_keys.h"
#include "fit/channel_pieces.h"
#include "fit/pose_pieces.h"
#include "fit/visibility.h"

namespace cinc {
namespace {

// True when a position segment follows a Catmull-Rom path: its world
// position is baked like an attached owner's (emit/pose_keys.h).
bool HasPath(const ChannelTrack<Vec3>& position) {
  return std::any_of(position.segments.begin(), position.segments.end(),
                     [](const Segment<Vec3>& segment) { return !segment.waypoints.empty(); });
}

}  // namespace

TransformTrack EmitObjectTransform(const SceneObject& object, const ObjectRig& rig,
                                   const EmitSettings& settings, const FitSettings& fit) {
  TransformTrack track;
  track.target = object.name;
  track.position = KeysFromPieces(BuildPieces(rig.position));
  track.rotation = RotationKeysFromPieces(BuildPieces(rig.rotation), fit);
  std::vector<Piece<Vec3>> scale = BuildPieces(rig.scale);
  std::vector<HiddenInterval> hidden;
  if (settings.HidesWithScale()) hidden = HiddenIntervals(BuildPieces(rig.opacity));
  if (!hidden.empty()) {
    track.scale = KeysFromPieces(HideOver(scale, hidden));
  } else if (ScaleEverChanges(scale)) {
    track.scale = KeysFromPieces(scale);
  }
  return track;
}

TransformTrack EmitCameraTransform(const SceneObject& camera, const CameraRig& rig,
                                   const FitSettings& fit) {
  TransformTrack track;
  track.target = camera.name;
  track.position = KeysFromPieces(BuildPieces(rig.position));
  track.rotation = RotationKeysFromPieces(BuildPieces(rig.rotation), fit);
  return track;
}

TransformTrack EmitObjectTransform(const SceneObject& object, const Rig& rig, size_t index,
                                   const EmitSettings& settings, const FitSettings& fit,
                                   ChainMemo* memo) {
  OwnerRef owner = OwnerRef::Object(index);
  // Attached, spinning, on a path or following an aim: the world pose is
  // written by EmitPoseKeys; anything else is its plain channels.
  if (!FollowsAim(rig, owner) && !NeedsPoseKeys(rig, owner) &&
      !HasPath(rig.objects[index].position)) {
    return EmitObjectTransform(object, rig.objects[index], settings, fit);
  }
  // Scale and visibility are the object's own; only the pose is composed.
  ObjectRig without_pose;
  without_pose.scale = rig.objects[index].scale;
  without_pose.opacity = rig.objects[index].opacity;
  TransformTrack track = EmitObjectTransform(object, without_pose, settings, fit);
  PoseKeys pose = EmitPoseKeys(rig, owner, fit, memo);
  track.position = std::move(pose.position);
  track.rotation = std::move(pose.rotation);
  return track;
}

TransformTrack EmitCameraTransform(const SceneObject& camera, const Rig& rig, size_t index,
                                   const FitSettings& fit) {
  OwnerRef owner = OwnerRef::Camera(index);
  const CameraRig& camera_rig = rig.cameras[index];
  if (!FollowsAim(rig, owner) && !NeedsPoseKeys(rig, owner) && !HasPath(camera_rig.position)) {
    return EmitCameraTransform(camera, camera_rig, fit);
  }
  TransformTrack track;
  track.target = camera.name;
  // A look-at (its own or a carrier's) follows other owners: its writer cuts
  // at their instants too.
  PoseKeys pose = EmitPoseKeys(rig, owner, fit);
  track.position = std::move(pose.position);
  track.rotation = std::move(pose.rotation);
  return track;
}

}  // namespace cinc
