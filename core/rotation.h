// Rotations: the one place that knows cinc's Euler convention.
//
// Contract (docs/language.md "Conventions"): Euler triples are [pitch, yaw, roll] in degrees
// meaning R = Ry(yaw) * Rx(pitch) * Rz(roll) for column vectors. Quaternions
// in files are [x, y, z, w]; in code they are glm::dquat (constructed w first).
// Everything here is a pure function of doubles.
#ifndef CINC_CORE_ROTATION_H_
#define CINC_CORE_ROTATION_H_

#include <array>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>

namespace cinc {

using Vec3 = glm::dvec3;
using Quat = glm::dquat;
using Mat3 = glm::dmat3;

constexpr double kPi = 3.14159265358979323846;
inline double Radians(double degrees) { return degrees * (kPi / 180.0); }
inline double Degrees(double radians) { return radians * (180.0 / kPi); }

// [pitch, yaw, roll] degrees -> unit quaternion.
Quat QuatFromEulerDegrees(const Vec3& pitch_yaw_roll);
// The canonical triple (docs/state.md): pitch in [-90, 90], yaw and roll in
// (-180, 180]; at gimbal lock (|cos pitch| < 1e-9) roll is 0.
Vec3 CanonicalEulerDegrees(const Quat& rotation);

Quat QuatFromXyzw(const std::array<double, 4>& xyzw);  // normalised
std::array<double, 4> QuatToXyzw(const Quat& rotation);
// A rotation about a unit (or not) axis by an angle in radians.
Quat QuatFromAxisAngle(const Vec3& axis, double radians);

// An axis divided by its length once, for many rotations about it:
// QuatFromUnitAxisAngle(UnitAxisOf(axis), r) equals QuatFromAxisAngle(axis, r)
// to the bit. A zero axis gives the identity for every angle.
struct UnitAxis {
  Vec3 unit{0, 0, 0};
  bool zero = true;
};
UnitAxis UnitAxisOf(const Vec3& axis);
Quat QuatFromUnitAxisAngle(const UnitAxis& axis, double radians);

// SLERP the shorter way (docs/state.md "Segments"): where from^-1 * to has |w| <= 1e-12
// the half turn is about the axis whose largest-magnitude component is
// positive. u = 0 gives `from`, u = 1 gives `to` (up to sign).
Quat Slerp(const Quat& from, const Quat& to, double u);

// Slerp's part that does not depend on u, worked out once for many u:
// SlerpAlong(PlanSlerp(from, to), u) equals Slerp(from, to, u) to the bit.
// `holds`: from^-1 * to is exactly no turn, so every u gives `from`.
struct SlerpPlan {
  Quat from{1, 0, 0, 0};
  UnitAxis axis;
  double angle = 0;  // radians at u = 1
  bool holds = true;
};
SlerpPlan PlanSlerp(const Quat& from, const Quat& to);
Quat SlerpAlong(const SlerpPlan& plan, double u);

// The level-horizon interpolation of camera rotations (docs/cameras.md "A
// level horizon"): from the canonical triple of `from` by LevelEulerDelta,
// pitch and roll linearly and yaw the shorter way round, all by u; so a
// camera whose roll is 0 at both ends keeps roll 0 in between. u <= 0 gives
// `from` and u >= 1 gives `to` exactly.
Quat LevelInterpolate(const Quat& from, const Quat& to, double u);
// canonical(to) - canonical(from) in degrees, its yaw wrapped into (-180, 180].
Vec3 LevelEulerDelta(const Quat& from, const Quat& to);

// The angle in radians of a^-1 * b: 2 * atan2(|v|, |w|).
double AngleBetween(const Quat& a, const Quat& b);

}  // namespace cinc

#endif  // CINC_CORE_ROTATION_H_
