#include "core/easing.h"

#include <algorithm>
#include <cmath>

namespace cinc {
namespace {

// One coordinate of a cubic bezier with P0 = 0 and P3 = 1.
double BezierCoordinate(double p1, double p2, double s) {
  double inverse = 1 - s;
  return 3 * inverse * inverse * s * p1 + 3 * inverse * s * s * p2 + s * s * s;
}

double BezierSlope(double p1, double p2, double s) {
  double inverse = 1 - s;
  return 3 * inverse * inverse * p1 + 6 * inverse * s * (p2 - p1) + 3 * s * s * (1 - p2);
}

}  // namespace

std::array<double, 4> MirroredBezier(const std::array<double, 4>& control) {
  return {1 - control[2], 1 - control[3], 1 - control[0], 1 - control[1]};
}

// The control points of kEaseNames, in its order (linear and step: the
// straight line's).
constexpr std::array<std::array<double, 4>, kEaseNames.size()> kNamedControls = {{
    {0, 0, 1, 1},                  // linear
    {0, 0, 1, 1},                  // step
    {1.0 / 3.0, 0, 2.0 / 3.0, 1},  // ease_in_out: exactly smoothstep u^2 (3 - 2u)
    {0.25, 0.1, 0.25, 1},          // ease
    {0.42, 0, 1, 1},               // ease-in
    {0, 0, 0.58, 1},               // ease-out
    {0.42, 0, 0.58, 1},            // ease-in-out
}};

static_assert(kEaseNames[0] == "linear" && kEaseNames[1] == "step");

const std::array<double, 4>& Ease::control() const {
  if (name_number != 0) return kNamedControls[name_number - 1u];
  if (written_control_) return *written_control_;
  return kNamedControls[0];
}

Ease Ease::CubicBezier(double x1, double y1, double x2, double y2) {
  Ease ease;
  ease.kind = Kind::kCubicBezier;
  ease.written_control_ = std::array<double, 4>{x1, y1, x2, y2};
  return ease;
}

std::optional<Ease> Ease::FromName(std::string_view name) {
  const auto found = std::find(kEaseNames.begin(), kEaseNames.end(), name);
  if (found == kEaseNames.end()) return std::nullopt;
  const size_t index = static_cast<size_t>(found - kEaseNames.begin());
  Ease ease;
  ease.name_number = static_cast<uint8_t>(index + 1);
  // kEaseNames: linear, step, then the cubic beziers.
  ease.kind = index == 0 ? Kind::kLinear : index == 1 ? Kind::kStep : Kind::kCubicBezier;
  return ease;
}

double BezierX(const std::array<double, 4>& control, double s) {
  return BezierCoordinate(control[0], control[2], s);
}

double BezierY(const std::array<double, 4>& control, double s) {
  return BezierCoordinate(control[1], control[3], s);
}

double BezierParameterForX(const std::array<double, 4>& control, double x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const double x1 = control[0], x2 = control[2];
  // x(s) is monotone for x1, x2 in [0, 1]. Newton from s = x, bisection as the net.
  double low = 0;
  double high = 1;
  double s = x;
  for (int iteration = 0; iteration < 100; ++iteration) {
    double error = BezierCoordinate(x1, x2, s) - x;
    if (error == 0) break;
    if (error < 0) {
      low = s;
    } else {
      high = s;
    }
    double slope = BezierSlope(x1, x2, s);
    double next = slope > 1e-12 ? s - error / slope : (low + high) / 2;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (next == s || high - low <= 1e-17) break;
    s = next;
  }
  return s;
}

double CubicBezierEase(const std::array<double, 4>& control, double u) {
  if (u <= 0) return 0;
  if (u >= 1) return 1;
  return BezierY(control, BezierParameterForX(control, u));
}

double ApplyEase(const Ease& ease, double u) {
  u = std::clamp(u, 0.0, 1.0);
  switch (ease.kind) {
    case Ease::Kind::kLinear:
      return u;
    case Ease::Kind::kStep:
      return u >= 1 ? 1 : 0;
    case Ease::Kind::kCubicBezier:
      return CubicBezierEase(ease.control(), u);
  }
  return u;
}

}  // namespace cinc
