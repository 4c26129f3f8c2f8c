// An ease sampled many times over one interval (a fit's exact samples,
// docs/emission.md "Fitting"): a cubic bezier's x(s) = u is solved from a
// table's first guess by one or two Newton steps on the curve's power form,
// not by ApplyEase's Newton from s = u (about a third of the instructions).
//
// Contract: At(u) is ApplyEase(ease, u) clamped to [0, 1] within a few
// 1e-16 (relative to the control points' size), not to the bit: only
// sampling whose results may move by rounding (the fitter's exact samples,
// never an exact channel's values or probes) reads it. Where the curve is
// nearly flat in x (x'(s) < kSteepEnough: an ease-in's last few 1e-5 of u)
// it is ApplyEase's own solve.
#ifndef CINC_CORE_EASE_TABLE_H_
#define CINC_CORE_EASE_TABLE_H_

#include <array>
#include <cstdint>

#include "core/easing.h"

namespace cinc {

class EaseTable {
 public:
  // The table of `ease` (a linear or step ease keeps none).
  explicit EaseTable(const Ease& ease);

  // The eased progress at u, clamped to [0, 1] (as ProgressAtSeconds).
  double At(double u) const;

  // How many s intervals the table holds (a power of two: u * kIntervals
  // is exact).
  static constexpr int kIntervals = 64;
  // Below this slope of x(s) the Newton steps hand over to ApplyEase's solve.
  static constexpr double kSteepEnough = 1e-2;

 private:
  // The curve parameter s with x(s) = u, for u in (0, 1).
  double ParameterFor(double u) const;

  Ease::Kind kind_;
  std::array<double, 4> control_;
  // x(s) = ((ax s + bx) s + cx) s, y(s) alike.
  double ax_ = 0, bx_ = 0, cx_ = 0;
  double ay_ = 0, by_ = 0, cy_ = 0;
  // x at s = i / kIntervals, and for each u bucket [b, b + 1) / kIntervals
  // the last i whose x is at most its lower end.
  std::array<double, kIntervals + 1> xs_{};
  std::array<uint8_t, kIntervals> first_{};
};

}  // namespace cinc

#endif  // CINC_CORE_EASE_TABLE_H_
