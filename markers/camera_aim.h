// Look-at and auto-focus: camera values that follow the
// live position of another object or marker. docs/cameras.md.
//
// Contract:
// - LookRotation(d, previous): roll 0, yaw = atan2(-dx, -dz), pitch =
//   atan2(dy, sqrt(dx^2 + dz^2)); where the horizontal part of d is below
//   1e-9 the yaw of `previous` (its canonical triple) is kept; where d = 0,
//   `previous` itself.
// - A look-at rotation segment's world rotation at t is
//   LevelInterpolate(R(S), R_look(t), u) (core/rotation.h: yaw, pitch and
//   roll apart, so the horizon stays level) with R(S) = F(S) * from (F the frame; identity
//   in the world) and d = aim point - camera world position at t; the owner's
//   local rotation is F(t)^-1 times it. After E it keeps tracking (u = 1)
//   while the segment is in charge. markers/pose.h evaluates it inside every
//   world pose.
// - A focus segment with an aim is lerp(from, live(t), u), live = |aim point
//   - camera position|; with aim_from_live, live(t) from S on. A camera with
//   `focus: {on}` of its own tracks live(t) before its first focus segment.
// - FillAimedValues (the last step of BuildRig): every focus segment's
//   `from` that follows an auto-focus segment (and the first focus segment
//   of a camera with an initial aim), once every position is known. Rotation
//   `from` values after a look-at (and the attach or detach that ends one)
//   are filled earlier, in time order with the attached owners'
//   (markers/attachments.h), so each starts from the tracked rotation.
#ifndef CINC_MARKERS_CAMERA_AIM_H_
#define CINC_MARKERS_CAMERA_AIM_H_

#include <optional>

#include "core/exact_time.h"
#include "core/rotation.h"
#include "core/scene.h"
#include "markers/rig.h"

namespace cinc {

inline constexpr double kLookHorizontalEpsilon = 1e-9;

Quat LookRotation(const Vec3& direction, const Quat& previous);

// The camera's focus distance at t (exact state), nullopt while depth of
// field is off. `camera` indexes rig.cameras.
std::optional<double> FocusAt(const Rig& rig, size_t camera, const ExactTime& t);
// The same with the focus segment chosen at `select` and evaluated at a
// double time (emission samples within a piece).
std::optional<double> FocusWithin(const Rig& rig, size_t camera, const ExactTime& select, double t);

// True when the camera has a look-at or auto-focus anywhere (its values
// depend on other owners).
bool HasLookAt(const CameraRig& camera);
bool HasAutoFocus(const CameraRig& camera);

void FillAimedValues(const Scene& scene, Rig* rig);

}  // namespace cinc

#endif  // CINC_MARKERS_CAMERA_AIM_H_
