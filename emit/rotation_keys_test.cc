#include "emit/rotation_keys.h"

#include <gtest/gtest.h>

#include <cmath>

#include "emit/channel_keys.h"
#include "emit/test_support.h"

namespace cinc {
namespace {

using testing::MakeSegment;
using testing::MakeTrack;
using testing::Named;
using testing::PlayKeys;

Quat Euler(double pitch, double yaw, double roll) {
  return QuatFromEulerDegrees(Vec3(pitch, yaw, roll));
}

void ExpectTriple(const std::vector<double>& actual, double pitch, double yaw, double roll) {
  ASSERT_EQ(actual.size(), 3u);
  EXPECT_NEAR(actual[0], pitch, 1e-9);
  EXPECT_NEAR(actual[1], yaw, 1e-9);
  EXPECT_NEAR(actual[2], roll, 1e-9);
}

Keys RotationKeys(const ChannelTrack<Quat>& track, double tolerance = 0.01) {
  FitSettings settings;
  settings.tolerance.rotation = tolerance;
  return RotationKeysFromPieces(BuildPieces(track), settings);
}

// The largest angle in degrees between the played and the exact rotation,
// sampled at 1 kHz over [0, end].
double WorstErrorDegrees(const Keys& keys, const ChannelTrack<Quat>& track, double end) {
  double worst = 0;
  for (int sample = 0; sample <= static_cast<int>(end * 1000); ++sample) {
    ExactTime t = ExactTime::FromRatio(sample, 1000);
    std::vector<double> played = PlayKeys(keys, t.ToDouble());
    Quat played_rotation = QuatFromEulerDegrees(Vec3(played[0], played[1], played[2]));
    worst = std::max(worst, Degrees(AngleBetween(ValueAt(track, t), played_rotation)));
  }
  return worst;
}

TEST(NearestEulerTriple, PicksTheRepresentativeNearestTheReference) {
  // yaw -170 is 190 next to 170.
  Vec3 triple = NearestEulerTriple(Euler(0, -170, 0), Vec3(0, 170, 0));
  EXPECT_NEAR(triple.y, 190, 1e-9);
  // Pitch past 90: (100, 0, 0) is canonically (80, 180, 180); next to
  // (95, 0, 0) the second form (180 - p, y + 180, r + 180) is nearer.
  triple = NearestEulerTriple(Euler(100, 0, 0), Vec3(95, 0, 0));
  EXPECT_NEAR(triple.x, 100, 1e-9);
  EXPECT_NEAR(triple.y, 0, 1e-9);
  EXPECT_NEAR(triple.z, 0, 1e-9);
}

TEST(NearestEulerTriple, AtGimbalLockKeepsRollAndSolvesYaw) {
  for (double pitch : {90.0, -90.0}) {
    Quat rotation = Euler(pitch, 30, 20);
    Vec3 triple = NearestEulerTriple(rotation, Vec3(pitch, 29, 20));
    EXPECT_NEAR(triple.z, 20, 1e-12);
    EXPECT_NEAR(triple.x, pitch, 1e-6);
    EXPECT_LT(Degrees(AngleBetween(QuatFromEulerDegrees(triple), rotation)), 1e-6);
    EXPECT_NEAR(triple.y, 30, 1e-6);
  }
}

TEST(RotationKeys, FirstKeyIsCanonical) {
  Keys keys = RotationKeys(MakeTrack(Euler(10, 200, 0), {}));
  ASSERT_EQ(keys.size(), 1u);
  ExpectTriple(keys[0].value, 10, -160, 0);
  EXPECT_EQ(keys[0].interp, Interpolation::kStep);
}

TEST(RotationKeys, SingleAxisSlerpIsTwoExactKeys) {
  // yaw 0 -> 90 over [0, 1] with ease_in_out: SLERP about +Y is yaw itself,
  //   t=0 [0, 0, 0]  linear ease [1/3, 0, 2/3, 1]
  //   t=1 [0, 90, 0] step
  auto track =
      MakeTrack(Euler(0, 0, 0),
                {MakeSegment("0", "1", Euler(0, 0, 0), Euler(0, 90, 0), Named("ease_in_out"))});
  Keys keys = RotationKeys(track);
  ASSERT_EQ(keys.size(), 2u);
  ExpectTriple(keys[0].value, 0, 0, 0);
  EXPECT_EQ(keys[0].interp, Interpolation::kLinear);
  EXPECT_EQ(keys[0].ease, (std::array<double, 4>{1.0 / 3.0, 0, 2.0 / 3.0, 1}));
  ExpectTriple(keys[1].value, 0, 90, 0);
  EXPECT_EQ(keys[1].t, 1);
  EXPECT_EQ(keys[1].interp, Interpolation::kStep);
  // The unchanged components are exactly equal, not merely close.
  EXPECT_EQ(keys[0].value[0], keys[1].value[0]);
  EXPECT_EQ(keys[0].value[2], keys[1].value[2]);
  EXPECT_LT(WorstErrorDegrees(keys, track, 1), 1e-9);
}

TEST(RotationKeys, SingleAxisOnATiltedBaseIsExactToo) {
  // Roll 20 -> 80 under pitch 30 and yaw 40: one Euler component changes.
  auto track =
      MakeTrack(Euler(30, 40, 20), {MakeSegment("1", "2", Euler(30, 40, 20), Euler(30, 40, 80))});
  Keys keys = RotationKeys(track);
  ASSERT_EQ(keys.size(), 3u);
  ExpectTriple(keys[1].value, 30, 40, 20);
  ExpectTriple(keys[2].value, 30, 40, 80);
  EXPECT_LT(WorstErrorDegrees(keys, track, 3), 1e-9);
}

TEST(RotationKeys, EulerContinuityCarriesYawPast180) {
  // yaw 170 -> -170 turns 20 degrees the short way: keys 170 -> 190.
  auto track =
      MakeTrack(Euler(0, 170, 0), {MakeSegment("0", "1", Euler(0, 170, 0), Euler(0, -170, 0))});
  Keys keys = RotationKeys(track);
  ASSERT_EQ(keys.size(), 2u);
  ExpectTriple(keys[0].value, 0, 170, 0);
  ExpectTriple(keys[1].value, 0, 190, 0);
  EXPECT_LT(WorstErrorDegrees(keys, track, 1), 1e-9);
}

TEST(RotationKeys, PitchThroughTheLockStaysOnePitchMove) {
  // Pitch 60 -> 120 is a turn about +X; canonically 120 is (60, 180, 180),
  // but carried through the lock at 90 it stays (120, 0, 0): 2 exact keys.
  auto track =
      MakeTrack(Euler(60, 0, 0), {MakeSegment("0", "1", Euler(60, 0, 0), Euler(120, 0, 0))});
  Keys keys = RotationKeys(track);
  ASSERT_EQ(keys.size(), 2u);
  ExpectTriple(keys[0].value, 60, 0, 0);
  ExpectTriple(keys[1].value, 120, 0, 0);
  EXPECT_LT(WorstErrorDegrees(keys, track, 1), 1e-9);
}

TEST(RotationKeys, ContinuityFollowsAChainOfTurns) {
  // Three quarter turns of yaw in a row: 0 -> 90 -> 180 -> 270 (not -90).
  auto track =
      MakeTrack(Euler(0, 0, 0), {MakeSegment("0", "1", Euler(0, 0, 0), Euler(0, 90, 0)),
                                 MakeSegment("1", "1", Euler(0, 90, 0), Euler(0, 180, 0)),
                                 MakeSegment("2", "1", Euler(0, 180, 0), Euler(0, 270, 0))});
  Keys keys = RotationKeys(track);
  ASSERT_EQ(keys.size(), 4u);
  ExpectTriple(keys[3].value, 0, 270, 0);
  EXPECT_LT(WorstErrorDegrees(keys, track, 3), 1e-9);
}

TEST(RotationKeys, MultiAxisSlerpIsBakedWithinTolerance) {
  // From identity to (40, 70, 30) with ease-in-out over [0.5, 2.5]: several
  // components change, so hermite keys; played at 1 kHz within 0.01 degrees.
  Quat target = Euler(40, 70, 30);
  auto track = MakeTrack(Quat(1, 0, 0, 0),
                         {MakeSegment("0.5", "2", Quat(1, 0, 0, 0), target, Named("ease-in-out"))});
  Keys keys = RotationKeys(track);
  ASSERT_GT(keys.size(), 3u);
  EXPECT_LT(keys.size(), 200u);
  EXPECT_EQ(keys[0].interp, Interpolation::kStep);  // the hold before S
  EXPECT_EQ(keys[1].t, 0.5);
  EXPECT_EQ(keys[1].interp, Interpolation::kHermite);
  EXPECT_EQ(keys.back().t, 2.5);
  EXPECT_EQ(keys.back().interp, Interpolation::kStep);
  EXPECT_TRUE(keys.back().in_tangent);
  for (size_t index = 1; index + 1 < keys.size(); ++index) {
    EXPECT_EQ(keys[index].interp, Interpolation::kHermite);
    EXPECT_TRUE(keys[index].out_tangent);
    EXPECT_GT(keys[index + 1].t, keys[index].t);
  }
  double worst = WorstErrorDegrees(keys, track, 3);
  EXPECT_LE(worst, 0.01);
  // A tighter tolerance needs more keys and still holds.
  Keys fine = RotationKeys(track, 0.0001);
  EXPECT_GT(fine.size(), keys.size());
  EXPECT_LE(WorstErrorDegrees(fine, track, 3), 0.0001);
}

TEST(RotationKeys, BakeThroughGimbalLockStaysWithinTolerance) {
  // Pitch 0 -> 90 while yawing: ends exactly at the lock.
  auto track =
      MakeTrack(Quat(1, 0, 0, 0), {MakeSegment("0", "1", Quat(1, 0, 0, 0), Euler(90, 45, 0))});
  Keys keys = RotationKeys(track);
  EXPECT_LE(WorstErrorDegrees(keys, track, 1), 0.01);
}

TEST(RotationKeys, HalfTurnAndTakeOverAreExact) {
  // A half turn of yaw (the SLERP's axis rule picks +Y) cut at 1 by a jump.
  auto track = MakeTrack(Euler(0, 0, 0), {MakeSegment("0", "2", Euler(0, 0, 0), Euler(0, 180, 0)),
                                          MakeSegment("1", "0", Euler(0, 90, 0), Euler(0, 0, 10))});
  Keys keys = RotationKeys(track);
  ASSERT_EQ(keys.size(), 3u);
  ExpectTriple(keys[0].value, 0, 0, 0);
  EXPECT_EQ(keys[1].t, std::nextafter(1.0, 0.0));
  ExpectTriple(keys[1].value, 0, 90, 0);
  EXPECT_EQ(keys[2].t, 1);
  ExpectTriple(keys[2].value, 0, 0, 10);
  EXPECT_LT(WorstErrorDegrees(keys, track, 2), 1e-9);
}

}  // namespace
}  // namespace cinc
