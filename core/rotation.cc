#include "core/rotation.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_access.hpp>
#include <glm/mat3x3.hpp>

namespace cinc {

Quat QuatFromAxisAngle(const Vec3& axis, double radians) {
  return QuatFromUnitAxisAngle(UnitAxisOf(axis), radians);
}

UnitAxis UnitAxisOf(const Vec3& axis) {
  double length = glm::length(axis);
  if (length == 0) return UnitAxis{};
  return UnitAxis{axis / length, false};
}

Quat QuatFromUnitAxisAngle(const UnitAxis& axis, double radians) {
  if (axis.zero) return Quat(1, 0, 0, 0);
  double half = radians / 2;
  double s = std::sin(half);
  return Quat(std::cos(half), axis.unit.x * s, axis.unit.y * s, axis.unit.z * s);
}

Quat QuatFromEulerDegrees(const Vec3& pitch_yaw_roll) {
  Quat yaw = QuatFromAxisAngle(Vec3(0, 1, 0), Radians(pitch_yaw_roll.y));
  Quat pitch = QuatFromAxisAngle(Vec3(1, 0, 0), Radians(pitch_yaw_roll.x));
  Quat roll = QuatFromAxisAngle(Vec3(0, 0, 1), Radians(pitch_yaw_roll.z));
  return glm::normalize(yaw * pitch * roll);
}

Vec3 CanonicalEulerDegrees(const Quat& rotation) {
  // glm matrices are column-major: m[column][row]; R_ij is m[j][i].
  Mat3 m = glm::mat3_cast(glm::normalize(rotation));
  auto r = [&m](int row, int column) { return m[column][row]; };
  double pitch = std::asin(std::clamp(-r(1, 2), -1.0, 1.0));
  double yaw;
  double roll;
  // cos p is taken from the row (R10, R11) = cos p * (sin r, cos r), not as
  // cos(asin(-R12)): near the lock asin turns a 1-ulp error of R12 into
  // ~1e-8 rad, which would miss the 1e-9 test and leave yaw and roll to
  // atan2 of rounding noise.
  if (std::hypot(r(1, 0), r(1, 1)) < 1e-9) {
    pitch = -r(1, 2) > 0 ? kPi / 2 : -kPi / 2;
    roll = 0;
    yaw = std::atan2(-r(2, 0), r(0, 0));
  } else {
    yaw = std::atan2(r(0, 2), r(2, 2));
    roll = std::atan2(r(1, 0), r(1, 1));
  }
  Vec3 degrees(Degrees(pitch), Degrees(yaw), Degrees(roll));
  for (int i = 0; i < 3; ++i) {
    if (degrees[i] == 0) degrees[i] = 0;  // no -0 in outputs
  }
  // atan2(-0, x < 0) is -180: the contract's range is (-180, 180].
  for (int i = 1; i < 3; ++i) {
    if (degrees[i] == -180) degrees[i] = 180;
  }
  return degrees;
}

Quat QuatFromXyzw(const std::array<double, 4>& xyzw) {
  return glm::normalize(Quat(xyzw[3], xyzw[0], xyzw[1], xyzw[2]));
}

std::array<double, 4> QuatToXyzw(const Quat& rotation) {
  return {rotation.x, rotation.y, rotation.z, rotation.w};
}

Quat Slerp(const Quat& from, const Quat& to, double u) {
  return SlerpAlong(PlanSlerp(from, to), u);
}

SlerpPlan PlanSlerp(const Quat& from, const Quat& to) {
  Quat delta = glm::normalize(glm::inverse(from) * to);
  if (std::abs(delta.w) <= 1e-12) {
    // A half turn: both signs are the same rotation; pick the axis whose
    // largest-magnitude component is positive so the choice is stable.
    Vec3 axis(delta.x, delta.y, delta.z);
    int largest = 0;
    for (int i = 1; i < 3; ++i) {
      if (std::abs(axis[i]) > std::abs(axis[largest])) largest = i;
    }
    if (axis[largest] < 0) delta = -delta;
    delta.w = std::abs(delta.w);
  } else if (delta.w < 0) {
    delta = -delta;
  }
  Vec3 vector(delta.x, delta.y, delta.z);
  double sine = glm::length(vector);
  SlerpPlan plan;
  plan.from = from;
  if (sine == 0) return plan;
  plan.axis = UnitAxisOf(vector);
  plan.angle = 2 * std::atan2(sine, delta.w);
  plan.holds = false;
  return plan;
}

Quat SlerpAlong(const SlerpPlan& plan, double u) {
  if (plan.holds) return plan.from;
  return glm::normalize(plan.from * QuatFromUnitAxisAngle(plan.axis, plan.angle * u));
}

namespace {

// The level move between two canonical triples: yaw brought into (-180, 180].
Vec3 LevelDelta(const Vec3& from_euler, const Vec3& to_euler) {
  Vec3 delta = to_euler - from_euler;
  // Canonical yaws are in (-180, 180], so one turn at most brings the
  // difference into (-180, 180].
  if (delta.y > 180) delta.y -= 360;
  if (delta.y <= -180) delta.y += 360;
  return delta;
}

}  // namespace

Vec3 LevelEulerDelta(const Quat& from, const Quat& to) {
  return LevelDelta(CanonicalEulerDegrees(from), CanonicalEulerDegrees(to));
}

Quat LevelInterpolate(const Quat& from, const Quat& to, double u) {
  if (u <= 0) return from;
  if (u >= 1) return to;
  // Each triple once: this is evaluated at every sample of a camera move.
  Vec3 from_euler = CanonicalEulerDegrees(from);
  return QuatFromEulerDegrees(from_euler + LevelDelta(from_euler, CanonicalEulerDegrees(to)) * u);
}

double AngleBetween(const Quat& a, const Quat& b) {
  Quat delta = glm::inverse(a) * b;
  double sine = std::sqrt(delta.x * delta.x + delta.y * delta.y + delta.z * delta.z);
  return 2 * std::atan2(sine, std::abs(delta.w));
}

}  // namespace cinc
