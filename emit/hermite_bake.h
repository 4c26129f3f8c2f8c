// Hermite keys for a curve that the format cannot represent exactly
// (SPEC section 8 "Baked where not"): a rotation as a continuous Euler
// triple, or a world position.
//
// Contract: BakeHermite writes keys over [start, end] starting with a
// hermite key at `start` (through KeyListBuilder::StartMotionAt, so a jump
// into the motion is kept) and ending with a step key at `end` carrying
// `in_tangent`. Tangents are units per second by finite differences of the
// exact curve with a step of 1e-5 of the span (central inside, second-order
// one-sided at the ends, where eased progress has a kink); magnitudes below
// 1e-7 are rounding noise and written 0. Each interval is split at its
// midpoint until the played curve (per-component cubic hermite, as the
// runtime plays it) is within 0.9 x tolerance of the exact one at
// `interior_checks` evenly spaced points; subdivision stops at `max_depth`.
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

struct HermiteBakeOptions {
  double tolerance = 0;
  int interior_checks = 16;
  int max_depth = 40;
};

void BakeHermite(const HermiteCurve& curve, double start, double end, const Vec3& start_value,
                 const Vec3& end_value, const HermiteBakeOptions& options, KeyListBuilder* builder);

}  // namespace cinc

#endif  // CINC_EMIT_HERMITE_BAKE_H_
