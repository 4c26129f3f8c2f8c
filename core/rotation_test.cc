// Tests of the Euler convention (docs/language.md), the canonical triple, Slerp
// and AngleBetween. Expected values are worked out by hand in the comments.
#include "core/rotation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace cinc {
namespace {

constexpr double kTight = 1e-12;

Vec3 Rotate(const Quat& rotation, const Vec3& vector) { return rotation * vector; }

void ExpectVectorNear(const Vec3& expected, const Vec3& actual, double tolerance) {
  EXPECT_NEAR(expected.x, actual.x, tolerance);
  EXPECT_NEAR(expected.y, actual.y, tolerance);
  EXPECT_NEAR(expected.z, actual.z, tolerance);
}

// Equal as rotations: q and -q are the same rotation.
void ExpectSameRotation(const Quat& expected, const Quat& actual, double tolerance) {
  EXPECT_NEAR(AngleBetween(expected, actual), 0, tolerance);
}

TEST(EulerTest, YawNinetyMapsZToX) {
  // Ry(90) = [[0,0,1],[0,1,0],[-1,0,0]]: +Z -> (sin 90, 0, cos 90) = +X.
  ExpectVectorNear(Vec3(1, 0, 0), Rotate(QuatFromEulerDegrees(Vec3(0, 90, 0)), Vec3(0, 0, 1)),
                   kTight);
}

TEST(EulerTest, PitchNinetyMapsYToZ) {
  // Rx(90) = [[1,0,0],[0,0,-1],[0,1,0]]: +Y -> (0, cos 90, sin 90) = +Z.
  ExpectVectorNear(Vec3(0, 0, 1), Rotate(QuatFromEulerDegrees(Vec3(90, 0, 0)), Vec3(0, 1, 0)),
                   kTight);
}

TEST(EulerTest, RollNinetyMapsXToY) {
  // Rz(90) = [[0,-1,0],[1,0,0],[0,0,1]]: +X -> +Y.
  ExpectVectorNear(Vec3(0, 1, 0), Rotate(QuatFromEulerDegrees(Vec3(0, 0, 90)), Vec3(1, 0, 0)),
                   kTight);
}

TEST(EulerTest, OrderIsYawThenPitchThenRollForColumnVectors) {
  // R = Ry(90) Rx(90): +Y -> Rx -> +Z -> Ry -> +X. (The other order,
  // Rx(90) Ry(90), would map +Y -> +Y -> +Z.)
  ExpectVectorNear(Vec3(1, 0, 0), Rotate(QuatFromEulerDegrees(Vec3(90, 90, 0)), Vec3(0, 1, 0)),
                   kTight);
  // R = Rx(90) Rz(90) (pitch and roll): +X -> Rz -> +Y -> Rx -> +Z.
  ExpectVectorNear(Vec3(0, 0, 1), Rotate(QuatFromEulerDegrees(Vec3(90, 0, 90)), Vec3(1, 0, 0)),
                   kTight);
}

TEST(EulerTest, CameraLooksDownNegativeZ) {
  // A camera at yaw 90 looks along Ry(90) * (0, 0, -1) = -X.
  ExpectVectorNear(Vec3(-1, 0, 0), Rotate(QuatFromEulerDegrees(Vec3(0, 90, 0)), Vec3(0, 0, -1)),
                   kTight);
}

TEST(CanonicalEulerTest, OrdinaryTriplesRoundTrip) {
  for (Vec3 triple : {Vec3(30, 45, 0), Vec3(10, -170, 20), Vec3(-45, 90, -90), Vec3(0, 0, 0),
                      Vec3(89, 179, -179)}) {
    ExpectVectorNear(triple, CanonicalEulerDegrees(QuatFromEulerDegrees(triple)), 1e-9);
  }
}

TEST(CanonicalEulerTest, PitchBeyondNinetyFolds) {
  // (p, y, r) and (180 - p, y + 180, r + 180) are the same rotation:
  // [120, 0, 0] is [60, 180, 180].
  Vec3 triple = CanonicalEulerDegrees(QuatFromEulerDegrees(Vec3(120, 0, 0)));
  ExpectVectorNear(Vec3(60, 180, 180), triple, 1e-9);
}

TEST(CanonicalEulerTest, RangeExcludesMinusOneEighty) {
  // Yaw -180 is yaw 180 (the range is (-180, 180]); no negative zeros.
  Vec3 triple = CanonicalEulerDegrees(QuatFromEulerDegrees(Vec3(0, -180, 0)));
  EXPECT_EQ(180, triple.y);
  EXPECT_FALSE(std::signbit(triple.x));
  EXPECT_FALSE(std::signbit(triple.z));
}

TEST(CanonicalEulerTest, GimbalLockPutsEverythingInYaw) {
  // At pitch +90, R = Ry(y) Rx(90) Rz(r) depends on y - r only:
  // R00 = cos(y - r), R20 = -sin(y - r); so r = 0 and y = y - r.
  ExpectVectorNear(Vec3(90, 10, 0), CanonicalEulerDegrees(QuatFromEulerDegrees(Vec3(90, 30, 20))),
                   1e-9);
  // At pitch -90 it depends on y + r.
  ExpectVectorNear(Vec3(-90, 50, 0), CanonicalEulerDegrees(QuatFromEulerDegrees(Vec3(-90, 30, 20))),
                   1e-9);
}

TEST(CanonicalEulerTest, GimbalLockIsDetectedDespiteRounding) {
  // R12 of a pitch-90 quaternion is often 1 ulp away from -1; asin then
  // gives 90 - 1.2e-6 degrees, whose cosine would miss the 1e-9 test. Every
  // such rotation must still come back as the same rotation with roll 0.
  std::mt19937 generator(7);
  std::uniform_real_distribution<double> angle(-180, 180);
  for (int i = 0; i < 2000; ++i) {
    Vec3 triple(i % 2 == 0 ? 90 : -90, angle(generator), angle(generator));
    Quat rotation = QuatFromEulerDegrees(triple);
    Vec3 canonical = CanonicalEulerDegrees(rotation);
    EXPECT_EQ(triple.x, canonical.x);
    EXPECT_EQ(0, canonical.z);
    ExpectSameRotation(rotation, QuatFromEulerDegrees(canonical), 1e-12);
  }
}

TEST(CanonicalEulerTest, RandomRotationsRoundTrip) {
  std::mt19937 generator(11);
  std::uniform_real_distribution<double> component(-1, 1);
  for (int i = 0; i < 2000; ++i) {
    Quat rotation = glm::normalize(Quat(component(generator), component(generator),
                                        component(generator), component(generator)));
    Vec3 canonical = CanonicalEulerDegrees(rotation);
    EXPECT_GE(canonical.x, -90);
    EXPECT_LE(canonical.x, 90);
    EXPECT_GT(canonical.y, -180);
    EXPECT_LE(canonical.y, 180);
    EXPECT_GT(canonical.z, -180);
    EXPECT_LE(canonical.z, 180);
    ExpectSameRotation(rotation, QuatFromEulerDegrees(canonical), 1e-12);
  }
}

TEST(QuaternionTest, XyzwOrder) {
  Quat rotation = QuatFromXyzw({0, 0, 2, 0});  // normalised: half turn about +Z
  EXPECT_EQ(1, rotation.z);
  EXPECT_EQ(0, rotation.w);
  std::array<double, 4> xyzw = QuatToXyzw(Quat(0.5, 0.1, 0.2, 0.3));
  EXPECT_EQ(0.1, xyzw[0]);
  EXPECT_EQ(0.2, xyzw[1]);
  EXPECT_EQ(0.3, xyzw[2]);
  EXPECT_EQ(0.5, xyzw[3]);
}

TEST(SlerpTest, HalfwayOfNinetyAboutYIsFortyFive) {
  Quat from(1, 0, 0, 0);
  Quat to = QuatFromEulerDegrees(Vec3(0, 90, 0));
  ExpectSameRotation(QuatFromEulerDegrees(Vec3(0, 45, 0)), Slerp(from, to, 0.5), 1e-12);
  ExpectSameRotation(from, Slerp(from, to, 0), 1e-15);
  ExpectSameRotation(to, Slerp(from, to, 1), 1e-12);
}

TEST(SlerpTest, TakesTheShorterWay) {
  // From yaw 170 to yaw -170 is 20 degrees through 180, not 340 through 0.
  Quat from = QuatFromEulerDegrees(Vec3(0, 170, 0));
  Quat to = QuatFromEulerDegrees(Vec3(0, -170, 0));
  ExpectSameRotation(QuatFromEulerDegrees(Vec3(0, 180, 0)), Slerp(from, to, 0.5), 1e-12);
  // Same with `to` given as -q: still the short way.
  ExpectSameRotation(QuatFromEulerDegrees(Vec3(0, 180, 0)), Slerp(from, -to, 0.5), 1e-12);
}

TEST(SlerpTest, HalfTurnPicksThePositiveAxis) {
  // Yaw 0 -> 180: delta = (0, 0, +-1, 0) has w = 0. The largest-magnitude
  // component must be positive, so the turn is +90 about +Y halfway, which
  // maps +Z to +X (whereas -Y would map it to -X).
  Quat from(1, 0, 0, 0);
  Quat to(0, 0, -1, 0);  // the same half turn written with the negative axis
  Quat halfway = Slerp(from, to, 0.5);
  ExpectVectorNear(Vec3(1, 0, 0), Rotate(halfway, Vec3(0, 0, 1)), 1e-12);
  // About a diagonal axis (-1, 2, 0)/sqrt 5: y is largest, positive as is.
  Quat diagonal = QuatFromAxisAngle(Vec3(1, -2, 0), kPi);  // = axis (-1, 2, 0), same turn
  Quat quarter = Slerp(from, diagonal, 0.5);
  ExpectSameRotation(QuatFromAxisAngle(Vec3(-1, 2, 0), kPi / 2), quarter, 1e-12);
}

// The plan holds the turn's axis and angle: 90 degrees about +Y.
TEST(SlerpTest, APlanHoldsTheTurnsAxisAndAngle) {
  SlerpPlan plan = PlanSlerp(Quat(1, 0, 0, 0), QuatFromEulerDegrees(Vec3(0, 90, 0)));
  EXPECT_FALSE(plan.holds);
  EXPECT_NEAR(kPi / 2, plan.angle, 1e-15);
  ExpectVectorNear(Vec3(0, 1, 0), plan.axis.unit, 1e-15);
  ExpectSameRotation(QuatFromEulerDegrees(Vec3(0, 30, 0)), SlerpAlong(plan, 1.0 / 3), 1e-12);
}

// From a rotation to itself there is no turn: every u gives `from`, bit for
// bit, as Slerp does.
TEST(SlerpTest, APlanFromARotationToItselfHoldsIt) {
  Quat rotation = glm::normalize(Quat(0.9, 0.1, -0.3, 0.2));
  SlerpPlan plan = PlanSlerp(rotation, rotation);
  EXPECT_TRUE(plan.holds);
  for (double u : {0.1, 0.5, 0.9}) {
    EXPECT_EQ(rotation, SlerpAlong(plan, u));
    EXPECT_EQ(rotation, Slerp(rotation, rotation, u));
  }
}

// A zero axis turns by nothing, whatever the angle; a long one is made unit.
TEST(UnitAxisTest, AZeroAxisGivesNoTurnAndALongOneIsUnit) {
  EXPECT_TRUE(UnitAxisOf(Vec3(0, 0, 0)).zero);
  EXPECT_EQ(Quat(1, 0, 0, 0), QuatFromUnitAxisAngle(UnitAxisOf(Vec3(0, 0, 0)), 2.0));
  UnitAxis axis = UnitAxisOf(Vec3(0, 0, 4));
  EXPECT_FALSE(axis.zero);
  EXPECT_EQ(Vec3(0, 0, 1), axis.unit);
  ExpectSameRotation(QuatFromEulerDegrees(Vec3(0, 0, 90)), QuatFromUnitAxisAngle(axis, kPi / 2),
                     1e-15);
}

TEST(LevelInterpolateTest, YawTheShorterWayPitchAndRollLinearly) {
  // From [-10, 170, 0] to [20, -170, 6]: yaw goes +20 through 180, so at a
  // quarter the triple is [-10 + 7.5, 175, 1.5].
  Quat from = QuatFromEulerDegrees(Vec3(-10, 170, 0));
  Quat to = QuatFromEulerDegrees(Vec3(20, -170, 6));
  ExpectVectorNear(Vec3(30, 20, 6), LevelEulerDelta(from, to), 1e-9);
  ExpectSameRotation(QuatFromEulerDegrees(Vec3(-2.5, 175, 1.5)), LevelInterpolate(from, to, 0.25),
                     1e-12);
  ExpectSameRotation(QuatFromEulerDegrees(Vec3(5, 180, 3)), LevelInterpolate(from, to, 0.5), 1e-12);
  // The ends are the quaternions given, bit for bit.
  EXPECT_EQ(from, LevelInterpolate(from, to, 0));
  EXPECT_EQ(to, LevelInterpolate(from, to, 1));
  EXPECT_EQ(to, LevelInterpolate(from, to, 1.5));
}

TEST(LevelInterpolateTest, ALevelCameraStaysLevelWhereSlerpTiltsIt) {
  // Looking 40 degrees down, then level and turned 120 degrees: roll stays
  // 0 all the way. The SLERP between the same two level orientations rolls
  // mid-way (the tilted horizon a camera operator would never make).
  Quat from = QuatFromEulerDegrees(Vec3(-40, 0, 0));
  Quat to = QuatFromEulerDegrees(Vec3(0, 120, 0));
  for (int k = 1; k < 10; ++k) {
    double u = k / 10.0;
    Vec3 level = CanonicalEulerDegrees(LevelInterpolate(from, to, u));
    ExpectVectorNear(Vec3(-40 + 40 * u, 120 * u, 0), level, 1e-9);
  }
  EXPECT_GT(std::abs(CanonicalEulerDegrees(Slerp(from, to, 0.5)).z), 10);
}

TEST(AngleBetweenTest, AngleOfTheRelativeRotation) {
  Quat a = QuatFromEulerDegrees(Vec3(0, 30, 0));
  Quat b = QuatFromEulerDegrees(Vec3(0, 100, 0));
  EXPECT_NEAR(Radians(70), AngleBetween(a, b), 1e-12);
  // The sign of a quaternion does not matter.
  EXPECT_NEAR(Radians(70), AngleBetween(a, -b), 1e-12);
  EXPECT_NEAR(0, AngleBetween(a, -a), 1e-15);
  // 2 atan2(|v|, |w|) never exceeds a half turn: 270 degrees is 90.
  EXPECT_NEAR(Radians(90),
              AngleBetween(Quat(1, 0, 0, 0), QuatFromAxisAngle(Vec3(1, 0, 0), Radians(270))),
              1e-12);
}

}  // namespace
}  // namespace cinc
