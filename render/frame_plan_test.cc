#include "render/frame_plan.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

RenderSettings Settings(std::string output = "out.mp4") {
  RenderSettings settings;
  settings.output = std::move(output);
  return settings;
}

std::string Problem(const RenderSettings& settings, double duration) {
  std::string problem;
  EXPECT_FALSE(PlanFrames(settings, duration, &problem));
  return problem;
}

TEST(FramePlanTest, TheWholeSequenceIncludesTheEndWhenItLandsOnAFrame) {
  std::string problem;
  std::optional<FramePlan> plan = PlanFrames(Settings(), 2.5, &problem);
  ASSERT_TRUE(plan) << problem;
  EXPECT_EQ(plan->first_frame, 0);
  EXPECT_EQ(plan->range_count, 76);  // 0 .. 75, 75 / 30 = 2.5
  EXPECT_EQ(plan->count(), 76);
  EXPECT_EQ(plan->TimeOf(0), 0.0);
  EXPECT_EQ(plan->TimeOf(75), 2.5);
  EXPECT_EQ(plan->TimeOf(1), 1.0 / 30);
  plan = PlanFrames(Settings(), 2.51, &problem);  // 75.3 frames: the last is at 2.5
  EXPECT_EQ(plan->range_count, 76);
}

// In exact arithmetic: 0.7 * 30 is 20.999999999999996 in doubles.
TEST(FramePlanTest, CountsInWholeNanoseconds) {
  std::string problem;
  EXPECT_EQ(PlanFrames(Settings(), 0.7, &problem)->range_count, 22);
  RenderSettings settings = Settings();
  settings.fps = 10;
  EXPECT_EQ(PlanFrames(settings, 0.3, &problem)->range_count, 4);
  EXPECT_EQ(PlanFrames(settings, 0.3, &problem)->TimeOf(3), 0.3);
}

TEST(FramePlanTest, ARangeTakesTheFramesOnTheGridInsideIt) {
  RenderSettings settings = Settings();
  settings.fps = 10;
  settings.from = 0.25;
  settings.to = 0.7;
  std::string problem;
  std::optional<FramePlan> plan = PlanFrames(settings, 2, &problem);
  ASSERT_TRUE(plan) << problem;
  EXPECT_EQ(plan->first_frame, 3);  // 0.3, 0.4, ..., 0.7
  EXPECT_EQ(plan->range_count, 5);
  EXPECT_EQ(plan->TimeOf(0), 0.3);
  EXPECT_EQ(plan->TimeOf(4), 0.7);
  settings.from = settings.to = 0.5;
  EXPECT_EQ(PlanFrames(settings, 2, &problem)->range_count, 1);
}

TEST(FramePlanTest, ASliceKeepsPartOfTheRange) {
  RenderSettings settings = Settings();
  settings.slice = FrameSlice{10, 20};
  std::string problem;
  std::optional<FramePlan> plan = PlanFrames(settings, 1, &problem);
  ASSERT_TRUE(plan) << problem;
  EXPECT_EQ(plan->range_count, 31);
  EXPECT_EQ(plan->slice_first, 10);
  EXPECT_EQ(plan->slice_end, 20);
  EXPECT_EQ(plan->count(), 10);
  settings.slice = FrameSlice{30, 31};
  EXPECT_EQ(PlanFrames(settings, 1, &problem)->count(), 1);
}

TEST(FramePlanTest, RefusesWhatItCannotMake) {
  RenderSettings settings = Settings("out.gif");
  EXPECT_EQ(Problem(settings, 1),
            "-o out.gif: the output must end in .mp4 or .webm, or be a folder ending in /");
  settings = Settings();
  settings.width = 8;
  EXPECT_EQ(Problem(settings, 1), "the width 8 is not between 16 and 8192 pixels");
  settings = Settings();
  settings.height = 91;
  EXPECT_EQ(Problem(settings, 1), "the height 91 is odd: a video's width and height must be even");
  settings.output = "frames/";
  std::string problem;
  EXPECT_TRUE(PlanFrames(settings, 1, &problem)) << problem;  // PNGs may be odd
  settings = Settings();
  settings.fps = 0;
  EXPECT_EQ(Problem(settings, 1), "--fps 0 is not between 1 and 240");
  settings = Settings();
  settings.from = 2;
  EXPECT_EQ(Problem(settings, 1.5), "--from 2 s is not inside the sequence (0 to 1.5 s)");
  settings = Settings();
  settings.from = 1;
  settings.to = 0.5;
  EXPECT_EQ(Problem(settings, 1.5), "--to 0.5 s is before --from 1 s");
  settings.from = 0.01;
  settings.to = 0.02;
  EXPECT_EQ(Problem(settings, 1.5),
            "the range 0.01 s to 0.02 s holds no frame at 30 frames a second");
  settings = Settings();
  settings.slice = FrameSlice{5, 32};
  EXPECT_EQ(Problem(settings, 1),
            "--frames 5:32 is not a slice of the range's 31 frames (0:31 is all of them)");
  settings.slice = FrameSlice{5, 5};
  EXPECT_EQ(Problem(settings, 1),
            "--frames 5:5 is not a slice of the range's 31 frames (0:31 is all of them)");
}

TEST(FramePlanTest, OutputKinds) {
  EXPECT_EQ(RenderOutputOf("a/b.mp4"), RenderOutput::kMp4);
  EXPECT_EQ(RenderOutputOf("b.webm"), RenderOutput::kWebm);
  EXPECT_EQ(RenderOutputOf("frames/"), RenderOutput::kFrames);
  EXPECT_EQ(RenderOutputOf("frames"), RenderOutput::kUnknown);
  EXPECT_EQ(RenderOutputOf("b.MP4"), RenderOutput::kUnknown);
  EXPECT_EQ(RenderViewName(RenderView::kOrbit), "orbit");
  EXPECT_EQ(RenderViewName(RenderView::kCamera), "camera");
}

}  // namespace
}  // namespace cinc
