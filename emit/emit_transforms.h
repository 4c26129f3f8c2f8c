// Transform tracks: one per object and per camera (docs/emission.md).
//
// Contract: target = the name; position and rotation keys always, from t = 0
// (emit/channel_keys.h, emit/rotation_keys.h). Objects get scale keys only
// when their scale is ever not [1, 1, 1] or, with visibility scale|both, they
// are ever hidden (opacity exactly 0 over an interval: fit/visibility.h);
// the scale is then 0 over the hidden intervals and exact elsewhere.
// Cameras have no scale. An owner that is ever attached, spins, follows a
// path or follows an aim (a look-at of its own or of an owner carrying it)
// gets its position and rotation keys from its world pose
// (emit/pose_keys.h); the
// Rig overloads choose, the ObjectRig / CameraRig ones assume plain channels.
#ifndef CINC_EMIT_EMIT_TRANSFORMS_H_
#define CINC_EMIT_EMIT_TRANSFORMS_H_

#include "core/scene.h"
#include "emit/emit_settings.h"
#include "fit/fit_settings.h"
#include "markers/rig.h"
#include "sequence/sequence.h"

namespace cinc {

TransformTrack EmitObjectTransform(const SceneObject& object, const ObjectRig& rig,
                                   const EmitSettings& settings, const FitSettings& fit);
TransformTrack EmitCameraTransform(const SceneObject& camera, const CameraRig& rig,
                                   const FitSettings& fit);

// `index` into scene.objects (scene.cameras); the rig must hold it.
TransformTrack EmitObjectTransform(const SceneObject& object, const Rig& rig, size_t index,
                                   const EmitSettings& settings, const FitSettings& fit);
TransformTrack EmitCameraTransform(const SceneObject& camera, const Rig& rig, size_t index,
                                   const FitSettings& fit);

}  // namespace cinc

#endif  // CINC_EMIT_EMIT_TRANSFORMS_H_
