#include "emit/emit_transforms.h"

#include "emit/channel_keys.h"
#include "emit/channel_pieces.h"
#include "emit/rotation_keys.h"
#include "emit/visibility.h"

namespace cinc {
namespace {

RotationKeyOptions RotationOptions(const Tolerance& tolerance) {
  RotationKeyOptions options;
  options.tolerance_degrees = tolerance.rotation;
  return options;
}

}  // namespace

TransformTrack EmitObjectTransform(const SceneObject& object, const ObjectRig& rig,
                                   const Tolerance& tolerance, const EmitSettings& settings) {
  TransformTrack track;
  track.target = object.name;
  track.position = KeysFromPieces(BuildPieces(rig.position));
  track.rotation = RotationKeysFromPieces(BuildPieces(rig.rotation), RotationOptions(tolerance));
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
                                   const Tolerance& tolerance) {
  TransformTrack track;
  track.target = camera.name;
  track.position = KeysFromPieces(BuildPieces(rig.position));
  track.rotation = RotationKeysFromPieces(BuildPieces(rig.rotation), RotationOptions(tolerance));
  return track;
}

}  // namespace cinc
