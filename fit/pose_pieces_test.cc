// SurelyAffineInTiming: it answers only where no rotation moves and every
// position mover is a plain lerp, and only while the rounding it bounds
// (32 (links + 4) epsilons of the reach, the drift of `from`) is below half
// of IsAffineInTiming's 1e-9; anything else (a NaN too) is left to the probes.
// MoversAt's reach sums |x| + |y| + |z| of what is composed along the chain.
// FollowsAim finds an aim up a plain chain and through carriers that change.
#include "fit/pose_pieces.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "fit/test_support.h"

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

// Object k is carried by the objects of `carriers[k]` (each from time 0 on,
// one after the other at 0, 1, ...), at marker (1, -2, 3) with offset (0, 0, 4).
Rig CarriedRig(const std::vector<std::vector<int>>& carriers) {
  Rig rig;
  rig.objects.resize(carriers.size());
  for (size_t k = 0; k < carriers.size(); ++k) {
    ObjectRig& object = rig.objects[k];
    object.position.initial = Vec3(0.5, 0, -1);
    object.scale.initial = Vec3(2, 2, 2);
    for (size_t c = 0; c < carriers[k].size(); ++c) {
      FrameSpan span;
      span.start = ExactTime::FromRatio(static_cast<int64_t>(c), 1);
      span.frame.parent = OwnerRef::Object(static_cast<size_t>(carriers[k][c]));
      span.frame.marker.position = Vec3(1, -2, 3);
      span.frame.offset.position = Vec3(0, 0, 4);
      object.frames.spans.push_back(span);
    }
  }
  return rig;
}

TEST(MoversAtTest, TheReachSumsWhatIsComposedAlongTheChain) {
  // 0 on 1 on 2: each link's own position (1.5), and on each frame its
  // offset (4) and its marker (6) times the carrier's scale (2 + 2 + 2 = 6).
  Rig rig = CarriedRig({{1}, {2}, {}});
  Movers movers = MoversAt(rig, OwnerRef::Object(0), ExactTime());
  EXPECT_EQ(movers.links, 3);
  EXPECT_EQ(movers.reach, 3 * 1.5 + 2 * (4 + 6 * 6));
  EXPECT_TRUE(movers.linear);
  EXPECT_TRUE(movers.position.empty());
  EXPECT_TRUE(movers.rotation.empty());
}

TEST(FollowsAimTest, AnAimIsFoundUpAChainAndThroughCarriersThatChange) {
  Rig chain = CarriedRig({{1}, {2}, {}});
  EXPECT_FALSE(FollowsAim(chain, OwnerRef::Object(0)));
  Segment<Quat> look = testing::MakeSegment("0", "1", Quat(1, 0, 0, 0), Quat(1, 0, 0, 0));
  look.aim = Aim{OwnerRef::Object(0), Vec3(0, 0, 0), "part"};
  chain.objects[2].rotation.segments.push_back(look);
  EXPECT_TRUE(FollowsAim(chain, OwnerRef::Object(0)));
  EXPECT_FALSE(FollowsAim(chain, OwnerRef::Object(3)));  // not in the rig
  // 0 is carried by 1, then by 2; only 3, above 2, aims.
  Rig changing = CarriedRig({{1, 2}, {}, {3}, {}});
  EXPECT_FALSE(FollowsAim(changing, OwnerRef::Object(0)));
  changing.objects[3].rotation.segments.push_back(look);
  EXPECT_TRUE(FollowsAim(changing, OwnerRef::Object(0)));
  EXPECT_FALSE(FollowsAim(changing, OwnerRef::Object(1)));
  // A cycle (BuildRig reports and cuts it; here it is left): the walk ends.
  Rig cycle = CarriedRig({{1}, {0}});
  EXPECT_FALSE(FollowsAim(cycle, OwnerRef::Object(0)));
}

}  // namespace
}  // namespace cinc
