#include "core/ease_table.h"

#include <algorithm>
#include <cmath>

namespace cinc {
namespace {

// A Newton step this small leaves s within C * step^2 of the root, where
// C = |x''| / (2 x') <= 6 / (2 kSteepEnough) = 300: ~3e-16.
constexpr double kLastStep = 1e-9;
// Newton steps before handing over to ApplyEase's solve (a first guess
// within ~3e-5 takes two).
constexpr int kMostSteps = 6;

}  // namespace

EaseTable::EaseTable(const Ease& ease) : kind_(ease.kind), control_(ease.control()) {
  if (kind_ != Ease::Kind::kCubicBezier) return;
  // The Bernstein form 3 (1-s)^2 s p1 + 3 (1-s) s^2 p2 + s^3 in powers of s.
  auto power_form = [](double p1, double p2, double* a, double* b, double* c) {
    *a = 1 + 3 * p1 - 3 * p2;
    *b = 3 * p2 - 6 * p1;
    *c = 3 * p1;
  };
  power_form(control_[0], control_[2], &ax_, &bx_, &cx_);
  power_form(control_[1], control_[3], &ay_, &by_, &cy_);
  for (int i = 0; i <= kIntervals; ++i) xs_[i] = BezierX(control_, double(i) / kIntervals);
  xs_[kIntervals] = 1;
  int i = 0;
  for (int bucket = 0; bucket < kIntervals; ++bucket) {
    double lower = double(bucket) / kIntervals;
    while (i + 1 < kIntervals && xs_[i + 1] <= lower) ++i;
    first_[bucket] = static_cast<uint8_t>(i);
  }
}

double EaseTable::ParameterFor(double u) const {
  // The s interval holding u, then the chord's s there.
  int i = first_[static_cast<int>(u * kIntervals)];
  while (i + 1 < kIntervals && xs_[i + 1] <= u) ++i;
  double width = xs_[i + 1] - xs_[i];
  double s = (i + (width > 0 ? (u - xs_[i]) / width : 0.0)) / kIntervals;
  for (int step = 0; step < kMostSteps; ++step) {
    double error = ((ax_ * s + bx_) * s + cx_) * s - u;
    double slope = (3 * ax_ * s + 2 * bx_) * s + cx_;
    if (!(slope >= kSteepEnough)) break;
    double change = error / slope;
    s -= change;
    if (std::abs(change) <= kLastStep) return s;
  }
  return BezierParameterForX(control_, u);
}

double EaseTable::At(double u) const {
  switch (kind_) {
    case Ease::Kind::kLinear:
      return std::clamp(u, 0.0, 1.0);
    case Ease::Kind::kStep:
      return u >= 1 ? 1 : 0;
    case Ease::Kind::kCubicBezier:
      break;
  }
  // The ends and NaN as ApplyEase has them.
  if (!(u > 0 && u < 1)) return std::clamp(CubicBezierEase(control_, u), 0.0, 1.0);
  double s = ParameterFor(u);
  return std::clamp(((ay_ * s + by_) * s + cy_) * s, 0.0, 1.0);
}

}  // namespace cinc
