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

Ease Ease::CubicBezier(double x1, double y1, double x2, double y2) {
  Ease ease;
  ease.kind = Kind::kCubicBezier;
  ease.control = {x1, y1, x2, y2};
  return ease;
}

std::optional<Ease> Ease::FromName(std::string_view name) {
  Ease ease;
  if (name == "linear") {
    ease = Linear();
  } else if (name == "step") {
    ease.kind = Kind::kStep;
  } else if (name == "ease_in_out") {
    ease = CubicBezier(1.0 / 3.0, 0, 2.0 / 3.0, 1);  // exactly smoothstep u^2 (3 - 2u)
  } else if (name == "ease") {
    ease = CubicBezier(0.25, 0.1, 0.25, 1);
  } else if (name == "ease-in") {
    ease = CubicBezier(0.42, 0, 1, 1);
  } else if (name == "ease-out") {
    ease = CubicBezier(0, 0, 0.58, 1);
  } else if (name == "ease-in-out") {
    ease = CubicBezier(0.42, 0, 0.58, 1);
  } else {
    return std::nullopt;
  }
  for (size_t index = 0; index < kEaseNames.size(); ++index) {
    if (kEaseNames[index] == name) ease.name_number = static_cast<uint8_t>(index + 1);
  }
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
      return CubicBezierEase(ease.control, u);
  }
  return u;
}

}  // namespace cinc
