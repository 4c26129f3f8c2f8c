#include "compiler/cli/publish_plan.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

std::vector<Chapter> ThreeChapters() {
  // Seconds 0 to 1, 1 to 2.5 (a moment, running to the next), 2.5 to 4.
  return {{"Base", "base.in", ExactTime::FromInteger(0), ExactTime::FromInteger(1)},
          {"Shelf", "shelf.in", ExactTime::FromInteger(1), ExactTime::FromRatio(5, 2)},
          {"Top", "top.in", ExactTime::FromRatio(5, 2), ExactTime::FromInteger(4)}};
}

TEST(PublishPlanTest, ChaptersForwardAreTheScenesSpans) {
  std::vector<PageChapter> page = PageChapters(ThreeChapters(), 4, false);
  ASSERT_EQ(page.size(), 3u);
  EXPECT_EQ(page[1].label, "Shelf");
  EXPECT_EQ(page[1].start, 1.0);
  EXPECT_EQ(page[1].end, 2.5);
}

// The disassembly plays the last chapter first, mirrored: D - end to D - start.
TEST(PublishPlanTest, ChaptersOfTheDisassemblyAreMirroredAndReordered) {
  std::vector<PageChapter> page = PageChapters(ThreeChapters(), 4, true);
  ASSERT_EQ(page.size(), 3u);
  EXPECT_EQ(page[0].label, "Top");
  EXPECT_EQ(page[0].start, 0.0);
  EXPECT_EQ(page[0].end, 1.5);
  EXPECT_EQ(page[2].label, "Base");
  EXPECT_EQ(page[2].start, 3.0);
  EXPECT_EQ(page[2].end, 4.0);
}

TEST(PublishPlanTest, ReadsSizesAndSlices) {
  EXPECT_EQ(ParseSize("160x90"), (std::pair<int, int>(160, 90)));
  EXPECT_EQ(ParseSize("0x0"), (std::pair<int, int>(0, 0)));  // the range is render/'s
  for (const char* bad : {"", "160", "160x", "x90", "160X90", "-160x90", "160x90x2", " 160x90",
                          "160.5x90", "99999999999x1"}) {
    EXPECT_EQ(ParseSize(bad), std::nullopt) << bad;
  }
  std::optional<FrameSlice> slice = ParseFrames("3:7");
  ASSERT_TRUE(slice);
  EXPECT_EQ(slice->first, 3);
  EXPECT_EQ(slice->end, 7);
  for (const char* bad : {"", "3", "3:", ":7", "3-7", "-1:4", "a:b", "3:7:9"}) {
    EXPECT_EQ(ParseFrames(bad), std::nullopt) << bad;
  }
}

TEST(PublishPlanTest, StillTimes) {
  PageChapter shelf{"Shelf", 1, 2.5};
  std::string problem;
  EXPECT_EQ(StillTime(shelf, *ParseStillMoment("start"), &problem), 1.0);
  EXPECT_EQ(StillTime(shelf, *ParseStillMoment("end"), &problem), 2.5 - 1e-3);  // the step done
  EXPECT_EQ(StepDoneTime(3, 3.0005), 3);  // a chapter shorter than a millisecond: its start
  EXPECT_EQ(StillTime(shelf, *ParseStillMoment("0.3"), &problem), 1.3);
  EXPECT_EQ(StillTime(shelf, *ParseStillMoment("1.5"), &problem), 2.5);
  EXPECT_EQ(StillTime(shelf, *ParseStillMoment("1.6"), &problem), std::nullopt);
  EXPECT_EQ(problem, "--at 1.6 is past the end of chapter 'Shelf', which lasts 1.5 s");
  for (const char* bad : {"", "middle", "-1", "nan", "1.2.3"}) {
    EXPECT_EQ(ParseStillMoment(bad), std::nullopt) << bad;
  }
}

TEST(PublishPlanTest, StillNames) {
  EXPECT_EQ(SafeFileLabel("Step 1: the base"), "step-1-the-base");
  EXPECT_EQ(SafeFileLabel("  ../../etc/passwd  "), "etc-passwd");
  EXPECT_EQ(SafeFileLabel("Écrou M4 — serrer"), "crou-m4-serrer");
  EXPECT_EQ(SafeFileLabel("???"), "chapter");
  EXPECT_EQ(SafeFileLabel(std::string(60, 'a') + " b"), std::string(48, 'a'));
  EXPECT_EQ(StillFileName(0, 4, "Base"), "01-base.png");
  EXPECT_EQ(StillFileName(9, 12, "Base"), "10-base.png");
  EXPECT_EQ(StillFileName(6, 120, "Top!"), "007-top.png");
}

TEST(PublishPlanTest, ProgressBar) {
  EXPECT_EQ(ProgressBarText(0, 136, 0), "[--------------------]   0/136 frames");
  EXPECT_EQ(ProgressBarText(34, 136, 2),
            "[#####---------------]  34/136 frames  17.0 fps  6 s left");
  EXPECT_EQ(ProgressBarText(136, 136, 10), "[####################] 136/136 frames  13.6 fps");
}

}  // namespace
}  // namespace cinc
