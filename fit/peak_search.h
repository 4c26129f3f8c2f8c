// The largest error of a fitted segment between two checks (Brent's search
// for a maximum), for fit/hermite_fit.cc (docs/emission.md "Checks inside
// every segment").
#ifndef CINC_FIT_PEAK_SEARCH_H_
#define CINC_FIT_PEAK_SEARCH_H_

#include <cmath>

namespace cinc {

// The peak search narrows its bracket to this fraction of its width (the
// peak's height then to ~1e-7 of it: a hump C s^2 (1 - s)^2 read 1e-4 of
// the segment off its peak is 8e-8 of it low), in at most kPeakSearchSteps
// errors.
constexpr double kPeakBracket = 1e-3;
constexpr int kPeakSearchSteps = 60;

// A time and the error of a segment there.
struct CheckedError {
  double t;
  double error;
};

// The largest error between the checks `lo` and `hi` around the check
// `middle`, whose error is at least theirs: Brent's search for the
// maximum of a hump known to peak inside (parabolic steps through the
// three best points, the first through the three checks themselves;
// golden-section steps where a parabola would not shrink the bracket),
// until the bracket is kPeakBracket of its width. It stops early once an
// error is past `stop_above`: the segment fails then, whatever the true
// peak.
template <typename ErrorAt>
double PeakBetween(const ErrorAt& error_at, const CheckedError& lo, const CheckedError& middle,
                   const CheckedError& hi, double stop_above) {
  constexpr double kGoldenStep = 0.3819660112501051;  // (3 - sqrt 5) / 2
  const double tolerance = kPeakBracket * (hi.t - lo.t);
  // Minimises g = -error: x the best point, w the second best, v the previous w.
  const CheckedError& second = lo.error >= hi.error ? lo : hi;
  const CheckedError& third = lo.error >= hi.error ? hi : lo;
  double a = lo.t;
  double b = hi.t;
  double x = middle.t;
  double w = second.t;
  double v = third.t;
  double gx = -middle.error;
  double gw = -second.error;
  double gv = -third.error;
  double step = 0;        // the last step
  double before = b - a;  // the step before it: a parabola may be the first step
  for (int iteration = 0; iteration < kPeakSearchSteps; ++iteration) {
    double centre = (a + b) / 2;
    if (std::abs(x - centre) <= 2 * tolerance - (b - a) / 2) break;
    bool golden = true;
    if (std::abs(before) > tolerance) {
      double r = (x - w) * (gx - gv);
      double q = (x - v) * (gx - gw);
      double p = (x - v) * q - (x - w) * r;
      q = 2 * (q - r);
      if (q > 0) p = -p;
      q = std::abs(q);
      double last = before;
      before = step;
      if (std::abs(p) < std::abs(q * last / 2) && p > q * (a - x) && p < q * (b - x)) {
        step = p / q;
        double u = x + step;
        if (u - a < 2 * tolerance || b - u < 2 * tolerance) {
          step = std::copysign(tolerance, centre - x);
        }
        golden = false;
      }
    }
    if (golden) {
      before = x >= centre ? a - x : b - x;
      step = kGoldenStep * before;
    }
    double u = std::abs(step) >= tolerance ? x + step : x + std::copysign(tolerance, step);
    double gu = -error_at(u);
    if (!(-gu <= stop_above)) return std::isnan(gu) ? HUGE_VAL : -gu;
    if (gu <= gx) {
      (u >= x ? a : b) = x;
      v = w;
      gv = gw;
      w = x;
      gw = gx;
      x = u;
      gx = gu;
    } else {
      (u < x ? a : b) = u;
      if (gu <= gw || w == x) {
        v = w;
        gv = gw;
        w = u;
        gw = gu;
      } else if (gu <= gv || v == x || v == w) {
        v = u;
        gv = gu;
      }
    }
  }
  return -gx;
}

}  // namespace cinc

#endif  // CINC_FIT_PEAK_SEARCH_H_
