// The fitter: the fewest hermite keys that keep a played curve within the
// tolerance of the exact one at every instant, for any player
// (PlaybackModel). How keys are placed and why the bound holds between the
// checks: docs/emission.md "Fitting".
#ifndef CINC_FIT_HERMITE_FIT_H_
#define CINC_FIT_HERMITE_FIT_H_

#include <functional>
#include <vector>

#include "core/rotation.h"
#include "fit/fit_settings.h"

namespace cinc {

// N components: 1 (fov, focus, aperture), 3 (positions, Euler triples) or 4
// (quaternion components).
template <int N>
using FitVector = glm::vec<N, double, glm::defaultp>;

// A curve to fit: its quantity (which tolerance, which checks) and the exact
// state it is held to.
template <int N>
struct FitCurve {
  FitQuantity quantity = FitQuantity::kPosition;
  // The exact value at `to`, carried continuously from `from` where it is
  // `from_value` (an Euler triple follows it; a position ignores it).
  std::function<FitVector<N>(double from, const FitVector<N>& from_value, double to)> track;
  // How far `played` is from the exact state at t, in the tolerance's unit.
  std::function<double(double t, const FitVector<N>& played)> error;
};

// One key as the player stores it: time, value, and tangent in units per
// second.
template <int N>
struct FitKey {
  double t = 0;
  FitVector<N> value{0};
  FitVector<N> tangent{0};  // units per second
};

// Keys over [start, end]: the first at `start` with `start_value`, the last
// at `end` with `end_value`, each with the exact curve's derivative, all as
// `playback` stores them; played as per-component cubic hermites they stay
// within settings.margin x the quantity's tolerance (except where the player
// cannot store the motion to it); with playback.linear, played as straight
// lines (the tangents unused). Past playback.max_keys the piece stops,
// unreduced, for its writer to report E_LIMIT. Defined for N = 1, 3 and 4.
template <int N>
std::vector<FitKey<N>> FitHermite(const FitCurve<N>& curve, double start, double end,
                                  const FitVector<N>& start_value, const FitVector<N>& end_value,
                                  const FitSettings& settings, const PlaybackModel& playback);

}  // namespace cinc

#endif  // CINC_FIT_HERMITE_FIT_H_
