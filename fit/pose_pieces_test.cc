// SurelyAffineInTiming: it answers only where no rotation moves and every
// position mover is a plain lerp, and only while the rounding it bounds
// (32 (links + 4) epsilons of the reach, the drift of `from`) is below half
// of IsAffineInTiming's 1e-9; anything else (a NaN too) is left to the probes.
// MoversAt's reach sums |x| + |y| + |z| of what is composed along the chain.
// With a MoversMemo, MoversAt finds the same movers as without, from the
// carrier's kept ones, and says whether every segment the pose reads has
// ended (`settled`). ChainPieceStarts tells apart the instants where only a
// carrier's scale that scales no marker translation changes, the same with
// a carrier's starts kept (within the window it carries). FollowsAim
// finds an aim up a plain chain and through carriers that change. A mover's
// progress is ApplyEase's to the bit, kept or not.
#include "fit/pose_pieces.h"

#include <gtest/gtest.h>

#include <algorithm>
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

TEST(MoversAtTest, AMemoGivesTheMoversOfTheWalk) {
  // 0 on 1 on 2; 2 moves over [0, 2], 1 turns over [0, 1].
  Rig rig = CarriedRig({{1}, {2}, {}});
  rig.objects[2].position = testing::MakeTrack(
      Vec3(0, 0, 0), {testing::MakeSegment("0", "2", Vec3(0, 0, 0), Vec3(1, 0, 0))});
  rig.objects[1].rotation = testing::MakeTrack(
      Quat(1, 0, 0, 0), {testing::MakeSegment("0", "1", Quat(1, 0, 0, 0), Quat(0, 0, 1, 0))});
  const ExactTime t = testing::Time("0.5");
  MoversMemo memo;
  EXPECT_EQ(memo.FindAbove(OwnerRef::Object(1), t), nullptr);
  Movers carrier = MoversAt(rig, OwnerRef::Object(1), t, &memo);
  ASSERT_NE(memo.FindAbove(OwnerRef::Object(1), t), nullptr);
  EXPECT_EQ(memo.FindAbove(OwnerRef::Object(1), t)->links, 1);  // 2, past 1's own link
  EXPECT_EQ(carrier.rotation.size(), 1u);                       // its own turn
  Movers walked = MoversAt(rig, OwnerRef::Object(0), t);
  Movers remembered = MoversAt(rig, OwnerRef::Object(0), t, &memo);
  // 0's position: 1's turn and 2's move; its rotation: 1's turn.
  ASSERT_EQ(walked.position.size(), 2u);
  ASSERT_EQ(walked.rotation.size(), 1u);
  ASSERT_EQ(remembered.position.size(), 2u);
  ASSERT_EQ(remembered.rotation.size(), 1u);
  for (size_t k = 0; k < 2; ++k) {
    EXPECT_TRUE(remembered.position[k].SameTiming(walked.position[k]));
    EXPECT_EQ(remembered.position[k].turn_degrees, walked.position[k].turn_degrees);
  }
  EXPECT_EQ(remembered.rotation[0].turn_degrees, 180);
  EXPECT_EQ(remembered.links, 3);
  EXPECT_EQ(remembered.reach, walked.reach);
  EXPECT_EQ(remembered.linear, walked.linear);
  EXPECT_EQ(memo.FindAbove(OwnerRef::Object(1), testing::Time("0.25")), nullptr);
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

TEST(MoversAtTest, SettledWhenEverySegmentThePoseReadsHasEnded) {
  // 0 on 1, marker at the origin: 1 slides over [0, 1] and scales over [2, 3].
  Rig rig = CarriedRig({{1}, {}});
  rig.objects[0].frames.spans[0].frame.marker.position = Vec3(0, 0, 0);
  rig.objects[1].position = testing::MakeTrack(
      Vec3(0, 0, 0), {testing::MakeSegment("0", "1", Vec3(0, 0, 0), Vec3(1, 0, 0))});
  rig.objects[1].scale = testing::MakeTrack(
      Vec3(2, 2, 2), {testing::MakeSegment("2", "1", Vec3(2, 2, 2), Vec3(3, 3, 3))});
  EXPECT_FALSE(MoversAt(rig, OwnerRef::Object(0), testing::Time("0.5")).settled);
  // At 1 the slide has ended (t = E); the scale scales no marker translation.
  EXPECT_TRUE(MoversAt(rig, OwnerRef::Object(0), testing::Time("1")).settled);
  EXPECT_TRUE(MoversAt(rig, OwnerRef::Object(0), testing::Time("2.5")).settled);
  // Before any segment of the chain begins.
  rig.objects[1].position.segments[0].start = testing::Time("0.5");
  EXPECT_TRUE(MoversAt(rig, OwnerRef::Object(0), testing::Time("0.25")).settled);
  // With the marker off the origin the scale is read: in motion at 2.5.
  rig.objects[0].frames.spans[0].frame.marker.position = Vec3(1, 0, 0);
  EXPECT_FALSE(MoversAt(rig, OwnerRef::Object(0), testing::Time("2.5")).settled);
  // Movers kept above a carrier carry it too: 0 on 1 on 2, 2 sliding.
  Rig chain = CarriedRig({{1}, {2}, {}});
  chain.objects[2].position = rig.objects[1].position;
  MoversMemo memo;
  MoversAt(chain, OwnerRef::Object(1), testing::Time("1"), &memo);
  ASSERT_NE(memo.FindAbove(OwnerRef::Object(1), testing::Time("1")), nullptr);
  EXPECT_FALSE(MoversAt(chain, OwnerRef::Object(0), testing::Time("1"), &memo).settled);
  EXPECT_FALSE(MoversAt(chain, OwnerRef::Object(0), testing::Time("1")).settled);
}

TEST(ChainPieceStartsTest, TellsApartScalesThatScaleNoMarker) {
  // 0 on 1 on 2, markers at the origin. 1 slides over [0, 1] and scales over
  // [1, 3]; 2 scales over [4, 5]; 0's own scale over [6, 7] is no instant.
  Rig rig = CarriedRig({{1}, {2}, {}});
  rig.objects[0].frames.spans[0].frame.marker.position = Vec3(0, 0, 0);
  rig.objects[1].frames.spans[0].frame.marker.position = Vec3(0, 0, 0);
  rig.objects[1].position = testing::MakeTrack(
      Vec3(0, 0, 0), {testing::MakeSegment("0", "1", Vec3(0, 0, 0), Vec3(1, 0, 0))});
  rig.objects[1].scale = testing::MakeTrack(
      Vec3(2, 2, 2), {testing::MakeSegment("1", "2", Vec3(2, 2, 2), Vec3(3, 3, 3))});
  rig.objects[2].scale = testing::MakeTrack(
      Vec3(2, 2, 2), {testing::MakeSegment("4", "1", Vec3(2, 2, 2), Vec3(1, 1, 1))});
  rig.objects[0].scale = testing::MakeTrack(
      Vec3(2, 2, 2), {testing::MakeSegment("6", "1", Vec3(2, 2, 2), Vec3(1, 1, 1))});
  std::vector<ExactTime> unread;
  std::vector<ExactTime> starts = ChainPieceStarts(rig, OwnerRef::Object(0), &unread);
  auto times = [](std::initializer_list<const char*> decimals) {
    std::vector<ExactTime> list;
    for (const char* decimal : decimals) list.push_back(testing::Time(decimal));
    return list;
  };
  // 1 is read there too (its slide ends at 1).
  EXPECT_EQ(starts, times({"0", "1", "3", "4", "5"}));
  EXPECT_EQ(unread, times({"3", "4", "5"}));
  EXPECT_EQ(ChainPieceStarts(rig, OwnerRef::Object(0)), starts);
  PosePieces pieces(rig, OwnerRef::Object(0));
  ASSERT_EQ(pieces.starts(), starts);
  EXPECT_TRUE(pieces.PoseMayChangeAt(0));
  EXPECT_TRUE(pieces.PoseMayChangeAt(1));
  EXPECT_FALSE(pieces.PoseMayChangeAt(2));
  EXPECT_FALSE(pieces.PoseMayChangeAt(4));
  // 2's marker on 1 off the origin: 2's scale is read.
  rig.objects[1].frames.spans[0].frame.marker.position = Vec3(0, 1, 0);
  ChainPieceStarts(rig, OwnerRef::Object(0), &unread);
  EXPECT_EQ(unread, times({"3"}));
}

TEST(MoverTest, KeptEasesAreTheCurvesOwnAnswers) {
  // Two curves asked at the same instants, twice over: each answer is the
  // bits ApplyEase gives for that curve (the kept ones are not the other
  // curve's); ease-in-out is symmetric, 0.5 at the middle.
  Mover in_out{ExactTime(), testing::Time("2"), testing::Named("ease-in-out"), 0};
  Mover out{ExactTime(), testing::Time("2"), testing::Named("ease-out"), 0};
  for (int pass = 0; pass < 2; ++pass) {
    for (int j = 0; j <= 64; ++j) {
      double t = 2.0 * j / 64;
      EXPECT_EQ(in_out.ProgressAt(t), std::clamp(ApplyEase(in_out.ease, t / 2), 0.0, 1.0));
      EXPECT_EQ(out.ProgressAt(t), std::clamp(ApplyEase(out.ease, t / 2), 0.0, 1.0));
    }
  }
  EXPECT_NEAR(in_out.ProgressAt(1), 0.5, 1e-12);
  EXPECT_GT(out.ProgressAt(1), 0.5);  // ease-out runs ahead
  EXPECT_EQ(in_out.ProgressAt(-1), 0);
  EXPECT_EQ(in_out.ProgressAt(3), 1);
}

TEST(ChainPieceStartsTest, TheStartsKeptForACarrierAreTheWalksWithinItsWindow) {
  // 0 rides 1 over [0, 1), then 2; 1 rides 2, its marker on 2 at the
  // origin. 1 slides over [0.5, 0.75] and [2, 3]; 2 scales over
  // [0.25, 0.75] and [4, 5] and slides over [6, 7].
  Rig rig = CarriedRig({{1, 2}, {2}, {}});
  rig.objects[1].frames.spans[0].frame.marker.position = Vec3(0, 0, 0);
  rig.objects[1].position = testing::MakeTrack(
      Vec3(0, 0, 0), {testing::MakeSegment("0.5", "0.25", Vec3(0, 0, 0), Vec3(1, 0, 0)),
                      testing::MakeSegment("2", "1", Vec3(1, 0, 0), Vec3(2, 0, 0))});
  rig.objects[2].scale = testing::MakeTrack(
      Vec3(1, 1, 1), {testing::MakeSegment("0.25", "0.5", Vec3(1, 1, 1), Vec3(2, 2, 2)),
                      testing::MakeSegment("4", "1", Vec3(2, 2, 2), Vec3(1, 1, 1))});
  rig.objects[2].position = testing::MakeTrack(
      Vec3(0, 0, 0), {testing::MakeSegment("6", "1", Vec3(0, 0, 0), Vec3(1, 0, 0))});
  auto times = [](std::initializer_list<const char*> decimals) {
    std::vector<ExactTime> list;
    for (const char* decimal : decimals) list.push_back(testing::Time(decimal));
    return list;
  };
  // 1: its slides, 2's slide; 2's scale is unread but at 0.75 (1's slide ends).
  ChainStarts kept;
  PosePieces carrier(rig, OwnerRef::Object(1), nullptr, &kept);
  EXPECT_EQ(carrier.starts(), times({"0", "0.25", "0.5", "0.75", "2", "3", "4", "5", "6", "7"}));
  EXPECT_EQ(kept.owner, OwnerRef::Object(1));
  EXPECT_EQ(kept.unread, times({"0.25", "4", "5"}));
  EXPECT_GT(kept.walked, 0u);
  // 0: 1's within [0, 1) (2's scale unread there), then on 2 from 1 (its
  // marker off the origin: 2's scale read).
  const std::vector<ExactTime> expected =
      times({"0", "0.25", "0.5", "0.75", "1", "4", "5", "6", "7"});
  PosePieces walked(rig, OwnerRef::Object(0));
  PosePieces reused(rig, OwnerRef::Object(0), nullptr, &kept);
  EXPECT_EQ(walked.starts(), expected);
  ASSERT_EQ(reused.starts(), expected);
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(reused.PoseMayChangeAt(i), i != 1) << i;
    EXPECT_EQ(walked.PoseMayChangeAt(i), i != 1) << i;
  }
  EXPECT_EQ(kept.owner, OwnerRef::Object(0));  // now 0's, for what 0 carries
}

}  // namespace
}  // namespace cinc
