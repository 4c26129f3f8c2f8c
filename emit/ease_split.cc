#include "emit/ease_split.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace cinc {
namespace {

using Cubic = std::array<double, 4>;  // one coordinate's four control values

Cubic Lerp(const Cubic& a, double s) {
  // de Casteljau: the control values of the part [0, s] of the cubic a.
  double a01 = a[0] + (a[1] - a[0]) * s;
  double a12 = a[1] + (a[2] - a[1]) * s;
  double a23 = a[2] + (a[3] - a[2]) * s;
  double a012 = a01 + (a12 - a01) * s;
  double a123 = a12 + (a23 - a12) * s;
  double a0123 = a012 + (a123 - a012) * s;
  return {a[0], a01, a012, a0123};
}

// The control values of the part [s_start, s_end] of the cubic.
Cubic SubCubic(const Cubic& cubic, double s_start, double s_end) {
  Cubic left = Lerp(cubic, s_end);
  if (s_start <= 0) return left;
  // Reverse, cut at 1 - s_start / s_end from the other end, reverse back.
  Cubic reversed = {left[3], left[2], left[1], left[0]};
  Cubic part = Lerp(reversed, 1 - s_start / s_end);
  return {part[3], part[2], part[1], part[0]};
}

// The renormalised curve of one part, or nullopt when it is no valid CSS
// timing curve (x controls outside [0, 1], or no extent in x or y).
std::optional<std::array<double, 4>> PartCurve(const std::array<double, 4>& control, double s_start,
                                               double s_end) {
  Cubic x = SubCubic({0, control[0], control[2], 1}, s_start, s_end);
  Cubic y = SubCubic({0, control[1], control[3], 1}, s_start, s_end);
  double x_extent = x[3] - x[0];
  double y_extent = y[3] - y[0];
  if (!(x_extent > 0) || y_extent == 0) return std::nullopt;
  std::array<double, 4> part = {(x[1] - x[0]) / x_extent, (y[1] - y[0]) / y_extent,
                                (x[2] - x[0]) / x_extent, (y[2] - y[0]) / y_extent};
  constexpr double kSlack = 1e-12;  // rounding of a valid part
  for (int index : {0, 2}) {
    if (part[index] < -kSlack || part[index] > 1 + kSlack) return std::nullopt;
    part[index] = std::clamp(part[index], 0.0, 1.0);
  }
  for (double& value : part) {
    if (value == 0) value = 0;  // no -0 in outputs
  }
  return part;
}

bool IsIdentity(const std::array<double, 4>& control) {
  // P1 = (a, a) and P2 = (b, b) give y(s) = x(s): the linear timing curve.
  return control[0] == control[1] && control[2] == control[3];
}

bool InUnitRange(double value) { return value >= 0 && value <= 1; }

// The curve parameters in (s_start, s_end) where y(s) crosses `level`:
// sign changes on a fine grid, each refined by bisection (a cubic has at
// most three; a tangential touch is no crossing and needs no cut).
std::vector<double> Crossings(const std::array<double, 4>& control, double level, double s_start,
                              double s_end) {
  constexpr int kGrid = 256;
  std::vector<double> crossings;
  auto offset = [&](double s) { return BezierY(control, s) - level; };
  double previous_s = s_start;
  double previous = offset(s_start);
  for (int step = 1; step <= kGrid; ++step) {
    double s = s_start + (s_end - s_start) * step / kGrid;
    double current = offset(s);
    if ((previous < 0 && current > 0) || (previous > 0 && current < 0)) {
      double low = previous_s;
      double high = s;
      for (int iteration = 0; iteration < 200 && low < high; ++iteration) {
        double middle = (low + high) / 2;
        if (middle == low || middle == high) break;
        if ((offset(middle) < 0) == (previous < 0)) {
          low = middle;
        } else {
          high = middle;
        }
      }
      crossings.push_back(high);
    }
    previous_s = s;
    previous = current;
  }
  return crossings;
}

// Appends the parts of [s_start, s_end] (y within [0, 1] there), halving in
// s until each renormalised piece is a valid CSS curve. `bounds` holds the
// progress and eased values to use at the outer ends.
void AppendValidParts(const std::array<double, 4>& control, double s_start, double s_end,
                      const EasedPart& bounds, std::vector<EasedPart>* parts) {
  struct Interval {
    double s_start, s_end;
    int depth;
  };
  std::vector<Interval> pending = {{s_start, s_end, 0}};  // a stack: first half on top
  while (!pending.empty()) {
    Interval interval = pending.back();
    pending.pop_back();
    std::optional<std::array<double, 4>> curve =
        PartCurve(control, interval.s_start, interval.s_end);
    if (!curve && interval.depth < 8) {
      double middle = (interval.s_start + interval.s_end) / 2;
      pending.push_back({middle, interval.s_end, interval.depth + 1});
      pending.push_back({interval.s_start, middle, interval.depth + 1});
      continue;
    }
    bool first = interval.s_start == s_start;
    bool last = interval.s_end == s_end;
    EasedPart part;
    part.progress_start = first ? bounds.progress_start : BezierX(control, interval.s_start);
    part.progress_end = last ? bounds.progress_end : BezierX(control, interval.s_end);
    part.eased_start = first ? bounds.eased_start : BezierY(control, interval.s_start);
    part.eased_end = last ? bounds.eased_end : BezierY(control, interval.s_end);
    if (curve && !IsIdentity(*curve)) part.ease = curve;
    parts->push_back(part);
  }
}

}  // namespace

std::optional<EasedPart> UncutEase(const Ease& ease, double progress_start, double progress_end) {
  if (ease.kind == Ease::Kind::kCubicBezier) {
    const std::array<double, 4>& control = ease.control();
    const bool overshoots = !InUnitRange(control[1]) || !InUnitRange(control[3]);
    if (!(progress_start <= 0 && progress_end >= 1 && !overshoots)) return std::nullopt;
  }
  EasedPart whole;
  whole.progress_start = progress_start;
  whole.progress_end = progress_end;
  whole.eased_start = ApplyEase(ease, progress_start);
  whole.eased_end = ApplyEase(ease, progress_end);
  if (ease.kind == Ease::Kind::kCubicBezier && !IsIdentity(ease.control())) {
    whole.ease = ease.control();
  }
  return whole;
}

std::vector<EasedPart> SplitEase(const Ease& ease, double progress_start, double progress_end) {
  if (std::optional<EasedPart> whole = UncutEase(ease, progress_start, progress_end)) {
    return {*whole};
  }
  EasedPart whole;
  whole.progress_start = progress_start;
  whole.progress_end = progress_end;
  whole.eased_start = ApplyEase(ease, progress_start);
  whole.eased_end = ApplyEase(ease, progress_end);
  const std::array<double, 4>& control = ease.control();
  bool overshoots = !InUnitRange(control[1]) || !InUnitRange(control[3]);
  double s_first = BezierParameterForX(control, progress_start);
  double s_last = BezierParameterForX(control, progress_end);
  // Where y leaves [0, 1] the state is clamped (rig's Interpolate): those
  // stretches are holds of 0 or 1, cut off at the crossings.
  // Each cut is a curve parameter and the eased value there: exactly the
  // level at a crossing, so the parts on both sides meet without a jump.
  std::vector<std::pair<double, double>> cuts = {{s_first, whole.eased_start}};
  if (overshoots) {
    for (double level : {0.0, 1.0}) {
      for (double s : Crossings(control, level, s_first, s_last)) cuts.push_back({s, level});
    }
  }
  // x1 = 1 and x2 = 0 make x(s) = 1/2 + 4 (s - 1/2)^3, which stands still at
  // s = 1/2 (the curve's tangent is vertical there): no part across it
  // renormalises to a valid curve, however often halved, but the parts on
  // either side do ({1, ., 1, .} and {0, ., 0, .}). The only such curve: with
  // x1 and x2 in [0, 1], x'(s) = 0 inside (0, 1) needs exactly these two.
  if (control[0] == 1 && control[2] == 0 && s_first < 0.5 && 0.5 < s_last &&
      InUnitRange(BezierY(control, 0.5))) {
    cuts.push_back({0.5, BezierY(control, 0.5)});
  }
  std::sort(cuts.begin() + 1, cuts.end());
  cuts.push_back({s_last, whole.eased_end});
  std::vector<EasedPart> parts;
  for (size_t index = 0; index + 1 < cuts.size(); ++index) {
    double s_start = cuts[index].first;
    double s_end = cuts[index + 1].first;
    if (!(s_start < s_end)) continue;
    EasedPart bounds;
    bounds.progress_start = index == 0 ? progress_start : BezierX(control, s_start);
    bounds.progress_end = index + 2 == cuts.size() ? progress_end : BezierX(control, s_end);
    bounds.eased_start = cuts[index].second;
    bounds.eased_end = cuts[index + 1].second;
    double middle = BezierY(control, (s_start + s_end) / 2);
    if (!InUnitRange(middle)) {
      // Clamped: a constant part; the values at its ends are the clamp.
      bounds.eased_start = bounds.eased_end = middle > 1 ? 1 : 0;
      parts.push_back(bounds);
      continue;
    }
    AppendValidParts(control, s_start, s_end, bounds, &parts);
  }
  if (parts.empty()) parts.push_back(whole);
  return parts;
}

}  // namespace cinc
