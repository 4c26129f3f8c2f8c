#include "fit/visibility.h"

#include <gtest/gtest.h>

#include "fit/channel_pieces.h"
#include "fit/test_support.h"

namespace cinc {
namespace {

using testing::MakeSegment;
using testing::MakeTrack;
using testing::Time;

TEST(Visibility, FadeInFromZeroHidesUntilItsStart) {
  // Opacity 0 until the fade-in over [1, 2]: 0 at every instant of [0, 1),
  // and at 1 itself only: hidden [0, 1).
  auto opacity = MakeTrack(0.0, {MakeSegment("1", "1", 0.0, 1.0)});
  std::vector<HiddenInterval> hidden = HiddenIntervals(BuildPieces(opacity));
  ASSERT_EQ(hidden.size(), 1u);
  EXPECT_EQ(hidden[0].start, Time("0"));
  EXPECT_EQ(hidden[0].end, Time("1"));
}

TEST(Visibility, FadeOutHidesFromItsEnd) {
  // Opacity 1 -> 0 over [1, 2]: exactly 0 from 2 on, forever.
  auto opacity = MakeTrack(1.0, {MakeSegment("1", "1", 1.0, 0.0)});
  std::vector<HiddenInterval> hidden = HiddenIntervals(BuildPieces(opacity));
  ASSERT_EQ(hidden.size(), 1u);
  EXPECT_EQ(hidden[0].start, Time("2"));
  EXPECT_FALSE(hidden[0].end);
}

TEST(Visibility, HiddenIntervalsMergeAndEndAtFadeIns) {
  // 0 initially, a d = 0 node to 0 at 1 (still 0), fade in [2, 3], a jump
  // to 0 at 4, fade in [5, 6]: hidden [0, 2) and [4, 5).
  auto opacity = MakeTrack(0.0, {MakeSegment("1", "0", 0.0, 0.0), MakeSegment("2", "1", 0.0, 1.0),
                                 MakeSegment("4", "0", 1.0, 0.0), MakeSegment("5", "1", 0.0, 0.5)});
  std::vector<HiddenInterval> hidden = HiddenIntervals(BuildPieces(opacity));
  ASSERT_EQ(hidden.size(), 2u);
  EXPECT_EQ(hidden[0].start, Time("0"));
  EXPECT_EQ(hidden[0].end, Time("2"));
  EXPECT_EQ(hidden[1].start, Time("4"));
  EXPECT_EQ(hidden[1].end, Time("5"));
}

TEST(Visibility, HideOverHoldsZeroOverTheIntervalsAndKeepsTheScaleElsewhere) {
  // Scale 1 -> 2 over [0, 2], hidden over [0, 1): 0 until 1, then the move
  // from its value at 1 on.
  auto scale = MakeTrack(Vec3(1), {MakeSegment("0", "2", Vec3(1), Vec3(2))});
  std::vector<Piece<Vec3>> pieces =
      HideOver(BuildPieces(scale), {HiddenInterval{Time("0"), Time("1")}});
  ASSERT_EQ(pieces.size(), 3u);
  EXPECT_EQ(pieces[0].start, Time("0"));
  EXPECT_FALSE(pieces[0].motion);
  EXPECT_EQ(pieces[0].value, Vec3(0));
  EXPECT_EQ(pieces[1].start, Time("1"));
  ASSERT_TRUE(pieces[1].motion);
  EXPECT_EQ(pieces[1].ValueAt(Time("1.5")), Vec3(1.75));
  EXPECT_EQ(pieces[2].start, Time("2"));
  EXPECT_EQ(pieces[2].value, Vec3(2));
  EXPECT_TRUE(ScaleEverChanges(pieces));
  EXPECT_FALSE(ScaleEverChanges(BuildPieces(MakeTrack(Vec3(1), {}))));
}

}  // namespace
}  // namespace cinc
