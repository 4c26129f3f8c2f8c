// Rotation channels as Euler keys (docs/emission.md "Rotations").
//
// Contract: RotationKeysFromPieces writes a quaternion channel as keys of
// [pitch, yaw, roll] degrees. The first key is the canonical triple
// (core/rotation.h); every later value is the continuous one (NearestEuler
// Triple), carried along the exact motion in steps of at most 45 degrees.
// A hold is a step key. A SLERP whose continuous start and end triples
// differ in one component only is exact as a linear key with the segment's
// ease (Euler interpolation of one component is that SLERP); it is checked
// against the exact rotation at interior points before it is trusted. Any
// other motion is baked: hermite keys with tangents from the derivative of
// the continuous triple (numerical, one-sided at the motion's ends), at the
// fewest key times whose played rotation (per component hermite, then
// QuatFromEulerDegrees) stays within the tolerance of the exact one
// (emit/hermite_fit.h: greedy longest segments, then key removal).
#ifndef CINC_EMIT_ROTATION_KEYS_H_
#define CINC_EMIT_ROTATION_KEYS_H_

#include <vector>

#include "core/rotation.h"
#include "emit/channel_pieces.h"
#include "emit/fit_settings.h"
#include "sequence/sequence.h"

namespace cinc {

// Of the two triples of `rotation`, (p, y, r) and (180 - p, y + 180, r + 180),
// each component shifted by the multiple of 360 nearest `reference`, the one
// with the smallest sum of |difference| to `reference` (ties: the first). At
// gimbal lock (pitch +-90) the reference's roll is kept and yaw solved.
Vec3 NearestEulerTriple(const Quat& rotation, const Vec3& reference);

Keys RotationKeysFromPieces(const std::vector<Piece<Quat>>& pieces,
                            const FitSettings& settings);

}  // namespace cinc

#endif  // CINC_EMIT_ROTATION_KEYS_H_
