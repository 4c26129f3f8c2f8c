// Transform tracks: one per object and per camera (docs/emission.md).
#ifndef CINC_EMIT_EMIT_TRANSFORMS_H_
#define CINC_EMIT_EMIT_TRANSFORMS_H_

#include "core/scene.h"
#include "emit/emit_settings.h"
#include "emit/pose_keys.h"
#include "fit/fit_settings.h"
#include "markers/rig.h"
#include "sequence/sequence.h"

namespace cinc {

// The track of an owner with plain channels, targeting its name: position
// and rotation keys from t = 0 (emit/channel_keys.h, emit/rotation_keys.h);
// for objects, scale keys when the scale is ever not [1, 1, 1] or, with
// visibility scale|both, the object is ever hidden (0 over the hidden
// intervals, fit/visibility.h, exact elsewhere). Cameras have no scale.
TransformTrack EmitObjectTransform(const SceneObject& object, const ObjectRig& rig,
                                   const EmitSettings& settings, const FitSettings& fit);
TransformTrack EmitCameraTransform(const SceneObject& camera, const CameraRig& rig,
                                   const FitSettings& fit);

// The same, choosing: an owner that is ever attached, spins, follows a path
// or follows an aim gets its position and rotation keys from its world pose
// (emit/pose_keys.h). `index` into scene.objects (scene.cameras); the rig
// must hold it. `memo`: as EmitPoseKeys's.
TransformTrack EmitObjectTransform(const SceneObject& object, const Rig& rig, size_t index,
                                   const EmitSettings& settings, const FitSettings& fit,
                                   ChainMemo* memo = nullptr);
TransformTrack EmitCameraTransform(const SceneObject& camera, const Rig& rig, size_t index,
                                   const FitSettings& fit);

}  // namespace cinc

#endif  // CINC_EMIT_EMIT_TRANSFORMS_H_
