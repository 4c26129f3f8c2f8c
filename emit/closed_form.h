// Test and benchmark support: rigid poses written out from first principles,
// independent of core/rotation.h and markers/pose.h, so that replays of
// emitted sequences are checked against closed forms, not against the code
// that produced them.
#ifndef CINC_EMIT_CLOSED_FORM_H_
#define CINC_EMIT_CLOSED_FORM_H_

#include <cmath>

#include "core/rotation.h"

namespace cinc::closed_form {

struct RigidPoseForm {
  Vec3 position{0, 0, 0};
  Quat rotation{1, 0, 0, 0};
};

inline Quat AxisAngle(const Vec3& axis, double radians) {
  Vec3 unit = axis / std::sqrt(axis.x * axis.x + axis.y * axis.y + axis.z * axis.z);
  double s = std::sin(radians / 2);
  return Quat(std::cos(radians / 2), unit.x * s, unit.y * s, unit.z * s);
}

// The Euler convention (docs/language.md): R = Ry(yaw) * Rx(pitch) * Rz(roll), degrees.
inline Quat EulerYxz(double pitch, double yaw, double roll) {
  return AxisAngle(Vec3(0, 1, 0), Radians(yaw)) * AxisAngle(Vec3(1, 0, 0), Radians(pitch)) *
         AxisAngle(Vec3(0, 0, 1), Radians(roll));
}

// a * b for rigid poses: b's position turned by a, then a's added.
inline RigidPoseForm Then(const RigidPoseForm& a, const RigidPoseForm& b) {
  return {a.position + a.rotation * b.position, a.rotation * b.rotation};
}

// The angle of a^-1 * b in degrees, 2 atan2(|v|, |w|).
inline double AngleDegrees(const Quat& a, const Quat& b) {
  Quat relative = glm::conjugate(a) * b;
  double v = std::sqrt(relative.x * relative.x + relative.y * relative.y + relative.z * relative.z);
  return Degrees(2 * std::atan2(v, std::abs(relative.w)));
}

}  // namespace cinc::closed_form

#endif  // CINC_EMIT_CLOSED_FORM_H_
