// The fitter: hermite keys for a curve that a player cannot carry exactly
// (a rotation as a continuous Euler triple, a world position on a moving
// frame, a look-at, a path, an auto-focus), with as few keys as keep the
// played curve within the tolerance at every instant.
//
// Contract: FitHermite returns keys over [start, end], the first at `start`
// with `start_value`, the last at `end` with `end_value`, each with its
// tangent in units per second: the derivative of the exact curve by
// fourth-order finite differences (central inside, one-sided at the ends,
// where eased progress has a kink; step min(1e-5 of the span, 1e-4 s));
// magnitudes below 1e-7 are rounding noise and written 0. Keys are placed
// greedily: from each key, a next key time whose segment keeps the played
// curve (per-component cubic Hermite, core/hermite.h, with the keys' final
// times, values and tangents) within settings.margin x the curve's
// tolerance of the exact one, and errs at least 0.9 of that, or is within
// 1/512 of the longest such segment (trial lengths predicted from the
// error measured, as length^4; each candidate time as the player stores
// it, PlaybackModel::KeyTime, before the segment is checked); then
// every interior key whose removal still fits is removed, until none can
// be. A segment is checked at at least settings.interior_checks evenly
// spaced interior points, more when the played curve moves more than the
// quantity's check step between two of them, and around every local
// maximum of the checked error the true maximum is searched (Brent's
// method, to 1e-5 of the bracket). settings.max_trials bounds the lengths
// tried for a key (they may get as short as a double's step: a yaw flip
// gets its keys two doubles apart). When none fits (the player cannot
// store the motion to the tolerance: float32 times across a jump or a very
// fast turn, float32 positions far from the origin; or a kink below the
// step), the key goes at the shortest length tried; when none fits again
// from there, at least a finite-difference step on, and where float32
// position values explain the error, at the longest length whose error at
// the checks is at most twice the least any tried length made: the one
// case the tolerance is exceeded. A piece
// stops with settings.max_keys + 1 keys and then one at `end`, unreduced
// (more than a channel holds: its writer reports E_LIMIT).
// docs/emission.md "Fitting" argues why this holds at every instant.
// N is the number of components: 1 (fov, focus, aperture), 3 (positions,
// Euler triples) or 4 (quaternion components).
//
// BakeHermite writes such a fit into a sequence channel, judged by the
// cinema runtime's playback: a hermite key at `start` (through
// KeyListBuilder::StartMotionAt, so a jump into the motion is kept),
// interior keys with only `out_tangent` (a missing in_tangent copies it) and
// a step key at `end` carrying `in_tangent`.
#ifndef CINC_EMIT_HERMITE_FIT_H_
#define CINC_EMIT_HERMITE_FIT_H_

#include <functional>
#include <vector>

#include "core/rotation.h"
#include "emit/fit_settings.h"
#include "emit/key_list_builder.h"

namespace cinc {

template <int N>
using FitVector = glm::vec<N, double, glm::defaultp>;

template <int N>
struct FitCurve {
  FitQuantity quantity = FitQuantity::kPosition;
  // The exact value at `to`, carried continuously from `from` where it is
  // `from_value` (an Euler triple follows it; a position ignores it).
  std::function<FitVector<N>(double from, const FitVector<N>& from_value, double to)> track;
  // How far `played` is from the exact state at t, in the tolerance's unit.
  std::function<double(double t, const FitVector<N>& played)> error;
};

template <int N>
struct FitKey {
  double t = 0;
  FitVector<N> value{0};
  FitVector<N> tangent{0};  // units per second
};

template <int N>
std::vector<FitKey<N>> FitHermite(const FitCurve<N>& curve, double start, double end,
                                  const FitVector<N>& start_value, const FitVector<N>& end_value,
                                  const FitSettings& settings, const PlaybackModel& playback);

template <int N>
void BakeHermite(const FitCurve<N>& curve, double start, double end,
                 const FitVector<N>& start_value, const FitVector<N>& end_value,
                 const FitSettings& settings, KeyListBuilder* builder);

}  // namespace cinc

#endif  // CINC_EMIT_HERMITE_FIT_H_
