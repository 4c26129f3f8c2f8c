// Rotation channels as Euler keys (docs/emission.md "Rotations").
#ifndef CINC_EMIT_ROTATION_KEYS_H_
#define CINC_EMIT_ROTATION_KEYS_H_

#include <functional>
#include <vector>

#include "core/rotation.h"
#include "fit/channel_pieces.h"
#include "fit/fit_settings.h"
#include "sequence/sequence.h"

namespace cinc {

// Of the two triples of `rotation`, (p, y, r) and (180 - p, y + 180, r + 180),
// each component shifted by the multiple of 360 nearest `reference`, the one
// with the smallest sum of |difference| to `reference` (ties: the first). At
// gimbal lock (pitch +-90) the reference's roll is kept and yaw solved.
Vec3 NearestEulerTriple(const Quat& rotation, const Vec3& reference);

// A rotation an exact move must play at one of its checks: the fraction of
// the move (0..1, linear in the Euler triple) and the exact rotation there.
struct RotationSample {
  double fraction;
  Quat exact;
};
inline constexpr int kOneComponentChecks = 7;

// True when the triple from `euler_start` to `*euler_end` changes in one
// component only (components within 1e-9 degrees of the start's are snapped
// to it, in *euler_end) and its linear interpolation plays the exact
// rotation (to 1e-9 degrees) at the kOneComponentChecks samples
// `sample(1..7)`: the one rule by which a rotation move is written exactly.
bool IsOneComponentMove(const Vec3& euler_start, Vec3* euler_end,
                        const std::function<RotationSample(int check)>& sample);
// The same without the one-component rule: the linear interpolation from
// `euler_start` to `*euler_end` (components within 1e-9 degrees snapped)
// plays the exact rotation at every check. A camera's level-horizon move is
// written exactly by it.
bool IsLinearEulerMove(const Vec3& euler_start, Vec3* euler_end,
                       const std::function<RotationSample(int check)>& sample);

// Keys of [pitch, yaw, roll] degrees: the first canonical (core/rotation.h),
// later ones continuous (NearestEulerTriple, carried along the motion in
// steps of at most 45 degrees); a hold a step key; a move exact
// (IsOneComponentMove, IsLinearEulerMove for a level camera) written with
// its ease; any other baked within the tolerance (emit/hermite_keys.h).
Keys RotationKeysFromPieces(const std::vector<Piece<Quat>>& pieces, const FitSettings& settings);

}  // namespace cinc

#endif  // CINC_EMIT_ROTATION_KEYS_H_
