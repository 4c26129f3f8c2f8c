// Hermite keys for a curve that the format cannot represent exactly
// (SPEC section 8 "Baked where not"): a rotation as a continuous Euler
// triple, or a world position.
//
// Contract: BakeHermite writes keys over [start, end] starting with a
// hermite key at `start` (through KeyListBuilder::StartMotionAt, so a jump
// into the motion is kept) and ending with a step key at `end` carrying
// `in_tangent`. Tangents are units per second: the derivative of the exact
// curve by fourth-order finite differences (central inside, one-sided at the
// ends, where eased progress has a kink; step min(1e-5 of the span, 1e-4 s));
// magnitudes below 1e-7 are rounding noise and written 0. Keys are placed by
// a greedy longest-segment fit: from each key, the farthest next key time
// (exponential then binary search, to 1/512 of the length; times rounded to
// the microsecond where the segment is longer than 0.1 ms, before the
// segment is checked) whose segment keeps the played curve (per-component
// cubic hermite with the keys' final times, values and tangents, as the
// runtime plays it) within kHermiteToleranceMargin x tolerance of the exact
// one; then every interior key whose removal still fits is removed, until
// none can be. A segment is checked at at least `interior_checks` evenly
// spaced interior points, more when the played curve moves more than
// `check_step` units between two of them, and around every local maximum of
// the checked error the true maximum is searched (golden section).
// `max_depth` bounds the halvings of a segment's length; a segment that
// still does not fit then is kept (the one case the tolerance can be
// exceeded: a kink below the finite-difference step).
// docs/emission.md "Fitting" argues why this holds at every instant.
// Interior keys carry only `out_tangent` (a missing in_tangent copies it).
#ifndef CINC_EMIT_HERMITE_BAKE_H_
#define CINC_EMIT_HERMITE_BAKE_H_

#include <functional>

#include "core/rotation.h"
#include "emit/key_list_builder.h"

namespace cinc {

struct HermiteCurve {
  // The exact value at `to`, carried continuously from `from` where it is
  // `from_value` (an Euler triple follows it; a position ignores it).
  std::function<Vec3(double from, const Vec3& from_value, double to)> track;
  // How far `played` is from the exact state at t, in the tolerance's unit.
  std::function<double(double t, const Vec3& played)> error;
};

// The fraction of the tolerance a segment's checked error may reach. The
// checks and the peak search find a segment's true largest error (to ~1e-10
// of it); the last 1 % only absorbs floating-point noise in the exact state
// and the error, and the ulp a jump may move a motion's end key by
// (docs/emission.md "Fitting").
inline constexpr double kHermiteToleranceMargin = 0.99;

// The check_step every baked Euler rotation uses (degrees).
inline constexpr double kRotationCheckStepDegrees = 1;

struct HermiteBakeOptions {
  double tolerance = 0;
  int interior_checks = 16;  // the fewest checks inside a segment
  int max_depth = 40;
  // The most any component of the played curve may move between two checks
  // (0: no limit). Rotations use 1 degree: near gimbal lock an Euler curve
  // swings far while the rotation hardly moves, and the checks follow it.
  double check_step = 0;
};

void BakeHermite(const HermiteCurve& curve, double start, double end, const Vec3& start_value,
                 const Vec3& end_value, const HermiteBakeOptions& options, KeyListBuilder* builder);

}  // namespace cinc

#endif  // CINC_EMIT_HERMITE_BAKE_H_
