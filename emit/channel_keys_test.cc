#include "emit/channel_keys.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "emit/ease_split.h"
#include "emit/test_support.h"
#include "sequence/test_keys.h"

namespace cinc {
namespace {

using testing::MakeKey;

using testing::MakeSegment;
using testing::MakeTrack;
using testing::Named;
using testing::PlayKeys;
using testing::Time;

void ExpectKeysEqual(const Keys& actual, const Keys& expected) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t index = 0; index < actual.size(); ++index) {
    SCOPED_TRACE("key " + std::to_string(index));
    EXPECT_EQ(actual[index].t, expected[index].t);
    EXPECT_EQ(actual[index].value, expected[index].value);
    EXPECT_EQ(actual[index].interp, expected[index].interp);
    EXPECT_EQ(actual[index].ease, expected[index].ease);
    EXPECT_EQ(actual[index].in_tangent, expected[index].in_tangent);
    EXPECT_EQ(actual[index].out_tangent, expected[index].out_tangent);
  }
}

TEST(ChannelKeys, NoSegmentsIsOneHoldAtZero) {
  Keys keys = KeysFromPieces(BuildPieces(MakeTrack(Vec3(1, 2, 3), {})));
  ExpectKeysEqual(keys, {MakeKey(0, {1, 2, 3}, Interpolation::kStep)});
}

TEST(ChannelKeys, HoldThenLinearMove) {
  // Held at [0, 0, 0] until S = 1, moved linearly to [2, 0, 0] by E = 3, held:
  //   t=0 [0,0,0] step   (the hold)
  //   t=1 [0,0,0] linear (the move leaves here; no ease: linear)
  //   t=3 [2,0,0] step   (the target, held)
  auto track = MakeTrack(Vec3(0), {MakeSegment("1", "2", Vec3(0), Vec3(2, 0, 0))});
  ExpectKeysEqual(
      KeysFromPieces(BuildPieces(track)),
      {MakeKey(0, {0, 0, 0}, Interpolation::kStep), MakeKey(1, {0, 0, 0}, Interpolation::kLinear),
       MakeKey(3, {2, 0, 0}, Interpolation::kStep)});
}

TEST(ChannelKeys, EasedMoveCarriesItsCurve) {
  // ease_in_out is cubic-bezier(1/3, 0, 2/3, 1) on the key that leaves S.
  auto track = MakeTrack(
      Vec3(0), {MakeSegment("0", "1", Vec3(0), Vec3(0, 1, 0), Named("ease_in_out")),
                MakeSegment("1", "1", Vec3(0, 1, 0), Vec3(0, 2, 0), Named("ease-in")),
                MakeSegment("2", "1", Vec3(0, 2, 0), Vec3(0, 3, 0), Named("ease")),
                MakeSegment("3", "1", Vec3(0, 3, 0), Vec3(0, 4, 0), Named("ease-out")),
                MakeSegment("4", "1", Vec3(0, 4, 0), Vec3(0, 5, 0), Named("ease-in-out"))});
  Keys keys = KeysFromPieces(BuildPieces(track));
  ASSERT_EQ(keys.size(), 6u);
  std::array<double, 4> smoothstep = {1.0 / 3.0, 0, 2.0 / 3.0, 1};
  EXPECT_EQ(keys[0].ease, smoothstep);
  EXPECT_EQ(keys[1].ease, (std::array<double, 4>{0.42, 0, 1, 1}));
  EXPECT_EQ(keys[2].ease, (std::array<double, 4>{0.25, 0.1, 0.25, 1}));
  EXPECT_EQ(keys[3].ease, (std::array<double, 4>{0, 0, 0.58, 1}));
  EXPECT_EQ(keys[4].ease, (std::array<double, 4>{0.42, 0, 0.58, 1}));
  for (int index = 0; index < 5; ++index) EXPECT_EQ(keys[index].interp, Interpolation::kLinear);
  EXPECT_EQ(keys[5].interp, Interpolation::kStep);
  EXPECT_FALSE(keys[5].ease);
}

TEST(ChannelKeys, ZeroDurationJumpAfterAMoveIsTheNextafterPair) {
  // Moves 0 -> 2 over [1, 3], then a d = 0 node at 3 jumps to 5. The move's
  // end key moves to the largest double below 3, held (step), then 5 at 3.
  auto track = MakeTrack(0.0, {MakeSegment("1", "2", 0.0, 2.0), MakeSegment("3", "0", 2.0, 5.0)});
  double before_three = std::nextafter(3.0, -std::numeric_limits<double>::infinity());
  ExpectKeysEqual(
      KeysFromPieces(BuildPieces(track)),
      {MakeKey(0, {0}, Interpolation::kStep), MakeKey(1, {0}, Interpolation::kLinear),
       MakeKey(before_three, {2}, Interpolation::kStep), MakeKey(3, {5}, Interpolation::kStep)});
}

TEST(ChannelKeys, ZeroDurationJumpAfterAHoldNeedsNoExtraKey) {
  // The hold's step key already carries 0 up to 2 (exclusive): the key at 2
  // alone is the exact jump; a t- key of the same value would be a
  // consecutive equal hold, merged away.
  auto track = MakeTrack(0.0, {MakeSegment("2", "0", 0.0, 5.0)});
  ExpectKeysEqual(KeysFromPieces(BuildPieces(track)),
                  {MakeKey(0, {0}, Interpolation::kStep), MakeKey(2, {5}, Interpolation::kStep)});
}

TEST(ChannelKeys, JumpAtZeroReplacesTheInitialValue) {
  auto track = MakeTrack(0.0, {MakeSegment("0", "0", 0.0, 5.0)});
  ExpectKeysEqual(KeysFromPieces(BuildPieces(track)), {MakeKey(0, {5}, Interpolation::kStep)});
}

TEST(ChannelKeys, StepEaseHoldsThenJumpsAtTheEnd) {
  auto track = MakeTrack(0.0, {MakeSegment("1", "2", 0.0, 4.0, Named("step"))});
  ExpectKeysEqual(KeysFromPieces(BuildPieces(track)),
                  {MakeKey(0, {0}, Interpolation::kStep), MakeKey(3, {4}, Interpolation::kStep)});
}

TEST(ChannelKeys, ConsecutiveMovesShareTheirBoundaryKey) {
  auto track = MakeTrack(0.0, {MakeSegment("0", "1", 0.0, 1.0), MakeSegment("1", "1", 1.0, 3.0)});
  ExpectKeysEqual(KeysFromPieces(BuildPieces(track)),
                  {MakeKey(0, {0}, Interpolation::kLinear), MakeKey(1, {1}, Interpolation::kLinear),
                   MakeKey(2, {3}, Interpolation::kStep)});
}

TEST(ChannelKeys, MoveToTheSameValueIsAHold) {
  auto track = MakeTrack(1.0, {MakeSegment("1", "1", 1.0, 1.0), MakeSegment("3", "1", 1.0, 2.0)});
  ExpectKeysEqual(KeysFromPieces(BuildPieces(track)),
                  {MakeKey(0, {1}, Interpolation::kStep), MakeKey(3, {1}, Interpolation::kLinear),
                   MakeKey(4, {2}, Interpolation::kStep)});
}

TEST(ChannelKeys, TakeOverCutsAnEaseInOutIntoAnExactBezier) {
  // A: 0 -> 1 over [0, 2] with ease_in_out; B takes over at 1 (half of A's
  // duration) and goes linearly to 3 by 2. At progress 1/2 smoothstep is
  // 1/2, so B starts from 0.5. For (1/3, 0, 2/3, 1) x(s) = s, so the cut is
  // at s = 1/2; de Casteljau's left half has x [0, 1/6, 1/3, 1/2] and y
  // [0, 0, 1/4, 1/2]; renormalised: (1/3, 0, 2/3, 1/2).
  //   t=0 0   linear ease [1/3, 0, 2/3, 0.5]
  //   t=1 0.5 linear
  //   t=2 3   step
  auto track = MakeTrack(0.0, {MakeSegment("0", "2", 0.0, 1.0, Named("ease_in_out")),
                               MakeSegment("1", "1", 0.5, 3.0)});
  Keys keys = KeysFromPieces(BuildPieces(track));
  ASSERT_EQ(keys.size(), 3u);
  EXPECT_EQ(keys[0].t, 0);
  EXPECT_EQ(keys[0].value, std::vector<double>{0});
  ASSERT_TRUE(keys[0].ease);
  EXPECT_NEAR((*keys[0].ease)[0], 1.0 / 3.0, 1e-15);
  EXPECT_NEAR((*keys[0].ease)[1], 0, 1e-15);
  EXPECT_NEAR((*keys[0].ease)[2], 2.0 / 3.0, 1e-15);
  EXPECT_NEAR((*keys[0].ease)[3], 0.5, 1e-15);
  EXPECT_EQ(keys[1].t, 1);
  EXPECT_EQ(keys[1].value, std::vector<double>{0.5});
  EXPECT_FALSE(keys[1].ease);
  EXPECT_EQ(keys[2].value, std::vector<double>{3});
  // The cut curve plays the original: value(t) = smoothstep(t / 2) on [0, 1].
  for (double t = 0; t <= 1.0; t += 0.0625) {
    double u = t / 2;
    EXPECT_NEAR(PlayKeys(keys, t)[0], u * u * (3 - 2 * u), 1e-12) << "t=" << t;
  }
}

TEST(ChannelKeys, TakeOverOfAnAsymmetricEaseMatchesEverywhere) {
  // ease-in cut at 0.3 of its duration: the cut curve must equal the
  // original's value at every instant of [S, cut] and at the cut itself.
  Ease ease = Named("ease-in");
  auto first = MakeSegment("0", "1", 0.0, 10.0, ease);
  double cut_value = Interpolate(0.0, 10.0, ApplyEase(ease, 0.3));
  auto track = MakeTrack(0.0, {first, MakeSegment("0.3", "1", cut_value, 20.0)});
  Keys keys = KeysFromPieces(BuildPieces(track));
  ASSERT_EQ(keys.size(), 3u);
  EXPECT_EQ(keys[1].t, 0.3);
  EXPECT_EQ(keys[1].value, std::vector<double>{cut_value});
  for (int sample = 0; sample <= 300; ++sample) {
    double t = sample / 1000.0;
    EXPECT_NEAR(PlayKeys(keys, t)[0], 10.0 * ApplyEase(ease, t), 1e-12) << "t=" << t;
  }
}

TEST(ChannelKeys, TakeOverAtTheSameStartAddsNothing) {
  auto track = MakeTrack(0.0, {MakeSegment("1", "1", 0.0, 9.0), MakeSegment("1", "1", 0.0, 2.0)});
  ExpectKeysEqual(KeysFromPieces(BuildPieces(track)),
                  {MakeKey(0, {0}, Interpolation::kStep), MakeKey(1, {0}, Interpolation::kLinear),
                   MakeKey(2, {2}, Interpolation::kStep)});
}

TEST(ChannelKeys, OvershootingEaseIsClampedLikeTheState) {
  // y goes above 1 mid-way: the state clamps u to 1 there (rig Interpolate),
  // so the keys hold the target over that stretch instead of overshooting.
  Ease ease = Ease::CubicBezier(0.2, 0.5, 0.5, 1.8);
  auto track = MakeTrack(0.0, {MakeSegment("0", "1", 0.0, 1.0, ease)});
  Keys keys = KeysFromPieces(BuildPieces(track));
  for (int sample = 0; sample <= 1000; ++sample) {
    double t = sample / 1000.0;
    double exact = Interpolate(0.0, 1.0, ApplyEase(ease, t));
    EXPECT_NEAR(PlayKeys(keys, t)[0], exact, 1e-9) << "t=" << t;
  }
  for (const Key& key : keys) {
    if (!key.ease) continue;
    EXPECT_GE((*key.ease)[0], 0);
    EXPECT_LE((*key.ease)[0], 1);
    EXPECT_GE((*key.ease)[2], 0);
    EXPECT_LE((*key.ease)[2], 1);
  }
}

TEST(EaseSplit, UncutEaseIsTheOnePartWhereNothingIsCut) {
  // Linear over [0.25, 0.75]: the progress itself, no curve.
  std::optional<EasedPart> linear = UncutEase(Ease::Linear(), 0.25, 0.75);
  ASSERT_TRUE(linear);
  EXPECT_EQ(linear->progress_start, 0.25);
  EXPECT_EQ(linear->progress_end, 0.75);
  EXPECT_EQ(linear->eased_start, 0.25);
  EXPECT_EQ(linear->eased_end, 0.75);
  EXPECT_FALSE(linear->ease);
  // A bezier inside [0, 1] taken whole: its own control points, 0 to 1.
  std::optional<EasedPart> whole = UncutEase(Ease::CubicBezier(0.42, 0, 0.58, 1), 0, 1);
  ASSERT_TRUE(whole);
  EXPECT_EQ(whole->eased_start, 0);
  EXPECT_EQ(whole->eased_end, 1);
  ASSERT_TRUE(whole->ease);
  EXPECT_EQ(*whole->ease, (std::array<double, 4>{0.42, 0, 0.58, 1}));
  // The same bezier from 0.3 on, or one that overshoots, is cut: none.
  EXPECT_FALSE(UncutEase(Ease::CubicBezier(0.42, 0, 0.58, 1), 0.3, 1));
  EXPECT_FALSE(UncutEase(Ease::CubicBezier(0.3, -0.5, 0.7, 1.5), 0, 1));
  // Where there is one, SplitEase gives it and nothing else.
  std::vector<EasedPart> split = SplitEase(Ease::Linear(), 0.25, 0.75);
  ASSERT_EQ(split.size(), 1u);
  EXPECT_EQ(split[0].eased_start, 0.25);
  EXPECT_EQ(split[0].eased_end, 0.75);
  EXPECT_FALSE(split[0].ease);
}

TEST(EaseSplit, CurvesWithCrossedControlsSplitIntoValidParts) {
  // x1 = 1, x2 = 0.05: the left part of the cut at 0.9 would have x1 > 1;
  // halving in the curve parameter gives three valid parts.
  Ease ease = Ease::CubicBezier(1, 0.2, 0.05, 0.8);
  std::vector<EasedPart> parts = SplitEase(ease, 0, 0.9);
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(parts.front().progress_start, 0);
  EXPECT_EQ(parts.back().progress_end, 0.9);
  for (size_t index = 0; index < parts.size(); ++index) {
    const EasedPart& part = parts[index];
    if (index > 0) {
      EXPECT_EQ(part.progress_start, parts[index - 1].progress_end);
    }
    ASSERT_TRUE(part.ease);
    EXPECT_GE((*part.ease)[0], 0);
    EXPECT_LE((*part.ease)[0], 1);
    EXPECT_GE((*part.ease)[2], 0);
    EXPECT_LE((*part.ease)[2], 1);
    for (double u : {0.25, 0.5, 0.75}) {
      double progress = part.progress_start + (part.progress_end - part.progress_start) * u;
      double played =
          part.eased_start + (part.eased_end - part.eased_start) * CubicBezierEase(*part.ease, u);
      EXPECT_NEAR(played, ApplyEase(ease, progress), 1e-9);
    }
  }
}

TEST(EaseSplit, AVerticalTangentInsideIsACutBetweenTwoExactParts) {
  // x1 = 1, x2 = 0: x(s) = 1/2 + 4 (s - 1/2)^3 and y(s) = 3 s^2 - 2 s^3, so
  // the eased progress near 1/2 is 1/2 + (3/2) ((p - 1/2) / 4)^(1/3): a
  // vertical tangent at p = 1/2. Cut across it, [0.3125, 0.5625], the parts
  // meet there; the left is the curve 1 - (1 - v)^3 in x ({1, ., 1, .}), the
  // right v^3 ({0, ., 0, .}). A linear part across it was 1.27 mm off a 2 m
  // move 10 ns from the tangent.
  Ease ease = Ease::CubicBezier(1, 0, 0, 1);
  std::vector<EasedPart> parts = SplitEase(ease, 0.3125, 0.5625);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].progress_end, 0.5);
  EXPECT_EQ(parts[1].progress_start, 0.5);
  EXPECT_EQ(parts[0].eased_end, 0.5);
  EXPECT_EQ(parts[1].eased_start, 0.5);
  ASSERT_TRUE(parts[0].ease && parts[1].ease);
  EXPECT_NEAR((*parts[0].ease)[0], 1, 1e-12);
  EXPECT_NEAR((*parts[0].ease)[2], 1, 1e-12);
  EXPECT_NEAR((*parts[1].ease)[0], 0, 1e-12);
  EXPECT_NEAR((*parts[1].ease)[2], 0, 1e-12);
  auto expected = [](double p) {
    double d = (p - 0.5) / 4;
    return 0.5 + 1.5 * std::cbrt(d) - 2 * d;  // y(s) with s = 1/2 + cbrt(d)
  };
  for (double offset : {-0.1875, -0.1, -1e-3, -1e-8, -1e-12, 1e-12, 1e-8, 1e-3, 0.0625}) {
    double progress = 0.5 + offset;
    const EasedPart& part = offset < 0 ? parts[0] : parts[1];
    double u = (progress - part.progress_start) / (part.progress_end - part.progress_start);
    double played =
        part.eased_start + (part.eased_end - part.eased_start) * CubicBezierEase(*part.ease, u);
    EXPECT_NEAR(played, expected(progress), 1e-9) << "progress 0.5 + " << offset;
  }
}

}  // namespace
}  // namespace cinc
