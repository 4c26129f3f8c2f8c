// SurelyAffineInTiming: it answers only where no rotation moves and every
// position mover is a plain lerp, and only while the rounding it bounds
// (32 (links + 4) epsilons of the reach, the drift of `from`) is below half
// of IsAffineInTiming's 1e-9; anything else (a NaN too) is left to the probes.
#include "fit/pose_pieces.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace cinc {
namespace {

// One linear mover over [0, 1] s: the eased progress runs 0 to 1 over the piece.
Movers OneLerp(int links, double reach) {
  Movers movers;
  movers.position.push_back(Mover{ExactTime(), ExactTime::FromRatio(1, 1), Ease::Linear(), 0});
  movers.links = links;
  movers.reach = reach;
  return movers;
}

SharedTiming Whole(const Movers& movers) {
  return SharedTiming{&movers.position.front(), 0.0, 1.0};
}

TEST(SurelyAffineInTimingTest, ATranslationWithinItsReachIsSure) {
  Movers movers = OneLerp(2, 10);
  // 32 * 6 * 2^-52 * 10 * 2 = 8.5e-13, far below 5e-10.
  EXPECT_TRUE(SurelyAffineInTiming(movers, Whole(movers), 0, 1, Vec3(0, 0, 0), Vec3(1, 0, 0), 0));
  // A drift of 1e-12 adds at most 1e-12.
  EXPECT_TRUE(
      SurelyAffineInTiming(movers, Whole(movers), 0, 1, Vec3(0, 0, 0), Vec3(1, 0, 0), 1e-12));
}

TEST(SurelyAffineInTimingTest, ARotationInMotionOrAPathIsLeftToTheProbes) {
  Movers turning = OneLerp(2, 10);
  turning.rotation.push_back(turning.position.front());
  EXPECT_FALSE(
      SurelyAffineInTiming(turning, Whole(turning), 0, 1, Vec3(0, 0, 0), Vec3(1, 0, 0), 0));
  Movers path = OneLerp(2, 10);
  path.linear = false;
  EXPECT_FALSE(SurelyAffineInTiming(path, Whole(path), 0, 1, Vec3(0, 0, 0), Vec3(1, 0, 0), 0));
}

TEST(SurelyAffineInTimingTest, TooFarAReachOrTooLargeADriftIsLeftToTheProbes) {
  // 32 * 6 * 2^-52 * 1e8 = 4.3e-6 at the least: above 5e-10.
  Movers far = OneLerp(2, 1e8);
  EXPECT_FALSE(SurelyAffineInTiming(far, Whole(far), 0, 1, Vec3(0, 0, 0), Vec3(1, 0, 0), 0));
  // Probe 2 is at 0.236: a drift of 1e-9 moves its expected position by
  // 0.764e-9, above 5e-10 * (1 + 0.236) = 6.2e-10.
  Movers near = OneLerp(2, 10);
  EXPECT_FALSE(SurelyAffineInTiming(near, Whole(near), 0, 1, Vec3(0, 0, 0), Vec3(1, 0, 0), 1e-9));
  Movers unknown = OneLerp(2, std::numeric_limits<double>::quiet_NaN());
  EXPECT_FALSE(
      SurelyAffineInTiming(unknown, Whole(unknown), 0, 1, Vec3(0, 0, 0), Vec3(1, 0, 0), 0));
}

}  // namespace
}  // namespace cinc
