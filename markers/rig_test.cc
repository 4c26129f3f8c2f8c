// Tests of BuildRig and ValueAt (docs/state.md; eases: docs/language.md) against values worked
// out by hand in the comments.
#include "markers/rig.h"

#include <gtest/gtest.h>

#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::TestScene;
using test_support::Time;

void ExpectVectorNear(const Vec3& expected, const Vec3& actual, double tolerance) {
  EXPECT_NEAR(expected.x, actual.x, tolerance);
  EXPECT_NEAR(expected.y, actual.y, tolerance);
  EXPECT_NEAR(expected.z, actual.z, tolerance);
}

Rig Build(const TestScene& test, Diagnostics* diagnostics) {
  return BuildRig(test.scene, test.timeline, diagnostics);
}

TEST(RigTest, LinearMoveHalfway) {
  // 0 -> (10, 4, -2) over [0, 2]: at 1, u = 0.5, value (5, 2, -1).
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "move", "0", "2").position = Vec3(10, 4, -2);
  Diagnostics diagnostics;
  Rig rig = Build(test, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  ExpectVectorNear(Vec3(5, 2, -1), ValueAt(rig.objects[0].position, Time("1")), 0);
  ExpectVectorNear(Vec3(2.5, 1, -0.5), ValueAt(rig.objects[0].position, Time("0.5")), 0);
}

TEST(RigTest, HoldsBeforeStartAndAfterEnd) {
  TestScene test;
  size_t a = test.AddObject("a");
  test.scene.objects[a].position = Vec3(1, 1, 1);
  test.AddObjectNode(a, "move", "1", "2").position = Vec3(3, 3, 3);
  Rig rig = Build(test, nullptr);
  const ChannelTrack<Vec3>& track = rig.objects[0].position;
  EXPECT_EQ(Vec3(1, 1, 1), ValueAt(track, Time("0")));
  EXPECT_EQ(Vec3(1, 1, 1), ValueAt(track, Time("0.999999999")));
  EXPECT_EQ(Vec3(1, 1, 1), ValueAt(track, Time("1")));  // u = 0 at S
  EXPECT_EQ(Vec3(2, 2, 2), ValueAt(track, Time("1.5")));
  EXPECT_EQ(Vec3(3, 3, 3), ValueAt(track, Time("2")));  // exactly the target at E
  EXPECT_EQ(Vec3(3, 3, 3), ValueAt(track, Time("100")));
}

TEST(RigTest, ProgressIsExact) {
  // S = 1/3, d = 1/3 (both exact), t = 1/2: u = (1/2 - 1/3) / (1/3) = 0.5 exactly.
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "fade", "0", "1").opacity = 1;
  // Thirds have no decimal literal: set the resolved times directly.
  test.timeline.objects[a][0].start = ExactTime::FromRatio(1, 3);
  test.timeline.objects[a][0].end = ExactTime::FromRatio(2, 3);
  Rig rig = Build(test, nullptr);
  EXPECT_EQ(0.5, ValueAt(rig.objects[0].opacity, ExactTime::FromRatio(1, 2)));
  EXPECT_EQ(ExactTime::FromRatio(1, 3), rig.objects[0].opacity.segments[0].duration);
}

struct EaseCase {
  std::string_view name;
  double at_quarter;
  double at_half;
};

TEST(RigTest, EveryEasingAtAQuarterAndAHalf) {
  // Opacity 0 -> 1 over [0, 4], read at t = 1 (u = 0.25) and t = 2 (u = 0.5).
  // Smoothstep u^2 (3 - 2u): 0.15625 and 0.5. The CSS curves: references by
  // 200-step bisection of x(s) = u (not easing.cc's Newton), matching the
  // browsers' ease-in 0.3153568 and ease 0.8024034 at 0.5; ease-out is
  // ease-in mirrored (1 - 0.3153568), ease-in-out is symmetric (0.5).
  const EaseCase cases[] = {
      {"linear", 0.25, 0.5},
      {"step", 0, 0},
      {"ease_in_out", 0.15625, 0.5},
      {"ease", 0.40851059135539586, 0.802403387584857},
      {"ease-in", 0.09346465071882484, 0.31535681257253945},
      {"ease-out", 0.37813813082510966, 0.6846431874274606},
      {"ease-in-out", 0.1291619310473198, 0.5},
  };
  for (const EaseCase& ease_case : cases) {
    TestScene test;
    size_t a = test.AddObject("a");
    Node& node = test.AddObjectNode(a, "fade", "0", "4");
    node.opacity = 1;
    node.ease = Ease::FromName(ease_case.name).value();
    Rig rig = Build(test, nullptr);
    const ChannelTrack<double>& track = rig.objects[0].opacity;
    EXPECT_NEAR(ease_case.at_quarter, ValueAt(track, Time("1")), 1e-12) << ease_case.name;
    EXPECT_NEAR(ease_case.at_half, ValueAt(track, Time("2")), 1e-12) << ease_case.name;
    EXPECT_EQ(1, ValueAt(track, Time("4"))) << ease_case.name;
  }
}

TEST(RigTest, EasedProgressIsClampedToTheUnitRange) {
  // cubic-bezier(0.5, -0.8, 0.5, 1.8) overshoots: x(s) = 1.5 s (1 - s) + s^3
  // is 0.5 at s = 0.5 where y = 0.5; at u = 0.2, y ~ -0.152 and at u = 0.8,
  // y ~ 1.152 (bisection). The eased u is clamped, so the state holds 0 and 1 there.
  TestScene test;
  size_t a = test.AddObject("a");
  Node& node = test.AddObjectNode(a, "wobble", "0", "1");
  node.opacity = 1;
  node.ease = Ease::CubicBezier(0.5, -0.8, 0.5, 1.8);
  Ease ease = node.ease;
  Rig rig = Build(test, nullptr);
  const ChannelTrack<double>& track = rig.objects[0].opacity;
  EXPECT_NEAR(0.5, ValueAt(track, Time("0.5")), 1e-12);
  EXPECT_NEAR(-0.1523129157778137, ApplyEase(ease, 0.2), 1e-12);
  EXPECT_EQ(0, ValueAt(track, Time("0.2")));
  EXPECT_NEAR(1.1523129157778138, ApplyEase(ease, 0.8), 1e-12);
  EXPECT_EQ(1, ValueAt(track, Time("0.8")));
  EXPECT_EQ(0, SegmentProgress(track.segments[0], Time("0.2")));
}

TEST(RigTest, StepHoldsThenJumpsAtEnd) {
  TestScene test;
  size_t a = test.AddObject("a");
  Node& node = test.AddObjectNode(a, "jump", "1", "3");
  node.position = Vec3(0, 5, 0);
  node.ease = Ease::FromName("step").value();
  Rig rig = Build(test, nullptr);
  const ChannelTrack<Vec3>& track = rig.objects[0].position;
  EXPECT_EQ(Vec3(0, 0, 0), ValueAt(track, Time("1")));
  EXPECT_EQ(Vec3(0, 0, 0), ValueAt(track, Time("2.999999999")));
  EXPECT_EQ(Vec3(0, 5, 0), ValueAt(track, Time("3")));
}

TEST(RigTest, ZeroDurationJumpsAtStart) {
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "show", "1", "1").opacity = 1;
  Rig rig = Build(test, nullptr);
  const ChannelTrack<double>& track = rig.objects[0].opacity;
  EXPECT_EQ(0, ValueAt(track, Time("0.999999999")));
  EXPECT_EQ(1, ValueAt(track, Time("1")));
  EXPECT_EQ(1, ValueAt(track, Time("2")));
}

TEST(RigTest, OpacityDefaultsToZero) {
  TestScene test;
  test.AddObject("a");
  Rig rig = Build(test, nullptr);
  EXPECT_EQ(0, rig.objects[0].opacity.initial);
  EXPECT_EQ(0, ValueAt(rig.objects[0].opacity, Time("5")));
}

TEST(RigTest, TakeOverStartsFromTheCurrentValue) {
  // x: 0 -> 10 over [0, 2]; y: -> 0 over [1, 2]. At y's S = 1, x has reached
  // 5, so y goes 5 -> 0: 2.5 at 1.5, 0 at 2. x's own end no longer counts.
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "x", "0", "2").position = Vec3(10, 0, 0);
  test.AddObjectNode(a, "y", "1", "2").position = Vec3(0, 0, 0);
  Diagnostics diagnostics("scene.yaml");
  Rig rig = Build(test, &diagnostics);
  const ChannelTrack<Vec3>& track = rig.objects[0].position;
  ASSERT_EQ(2u, track.segments.size());
  EXPECT_EQ(Vec3(5, 0, 0), track.segments[1].from);
  EXPECT_EQ(Time("1"), track.segments[0].active_until);
  EXPECT_FALSE(track.segments[1].active_until.has_value());
  EXPECT_EQ(Vec3(2.5, 0, 0), ValueAt(track, Time("1.5")));
  EXPECT_EQ(Vec3(0, 0, 0), ValueAt(track, Time("2")));

  ASSERT_EQ(1u, diagnostics.items().size());
  const Diagnostic& warning = diagnostics.items()[0];
  EXPECT_EQ(Severity::kWarning, warning.severity);
  EXPECT_EQ("W_TIMING_OVERLAP", warning.code_name());
  EXPECT_EQ("scene.yaml", warning.file);
  EXPECT_EQ(101, warning.location.line);  // the later node's origin
  EXPECT_EQ(7, warning.location.column);
  EXPECT_EQ("/objects/a/nodes/1", warning.path);
  EXPECT_EQ("nodes 'a.x' and 'a.y' both drive position from 1 s to 2 s; 'a.y' takes over at 1 s",
            warning.message);
  EXPECT_FALSE(diagnostics.HasErrors());
}

TEST(RigTest, OverlapIntervalEndsAtTheFirstEnd) {
  // x over [0, 1.5], y over [1, 3]: both drive from 1 to 1.5. A later z over
  // [3, 4] starts exactly at y's end: no overlap (strictly before only).
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "x", "0", "1.5").scale = Vec3(2, 2, 2);
  test.AddObjectNode(a, "y", "1", "3").scale = Vec3(3, 3, 3);
  test.AddObjectNode(a, "z", "3", "4").scale = Vec3(1, 1, 1);
  Diagnostics diagnostics;
  Build(test, &diagnostics);
  ASSERT_EQ(1u, diagnostics.items().size());
  EXPECT_EQ("nodes 'a.x' and 'a.y' both drive scale from 1 s to 1.5 s; 'a.y' takes over at 1 s",
            diagnostics.items()[0].message);
}

TEST(RigTest, OneWarningPerChannelInChannelOrder) {
  // y overlaps x on opacity and position (set in that order on the node):
  // warnings come out position first. Nodes without an id are "a#N".
  TestScene test;
  size_t a = test.AddObject("a");
  Node& x = test.AddObjectNode(a, "", "0", "2");
  x.opacity = 1;
  x.position = Vec3(1, 0, 0);
  Node& y = test.AddObjectNode(a, "y", "0.5", "1");
  y.opacity = 0.5;
  y.position = Vec3(2, 0, 0);
  y.rotation = QuatFromEulerDegrees(Vec3(0, 90, 0));  // x drives no rotation: no warning
  Diagnostics diagnostics;
  Build(test, &diagnostics);
  ASSERT_EQ(2u, diagnostics.items().size());
  EXPECT_EQ(
      "nodes 'a#0' and 'a.y' both drive position from 0.5 s to 1 s; 'a.y' takes over at 0.5 s",
      diagnostics.items()[0].message);
  EXPECT_EQ("nodes 'a#0' and 'a.y' both drive opacity from 0.5 s to 1 s; 'a.y' takes over at 0.5 s",
            diagnostics.items()[1].message);
}

TEST(RigTest, EqualStartsLaterInFileWinsAtOnce) {
  // x: -> 10 over [0, 2]; y: -> 3 at 0 with d = 0. Ordered (S, file), y is
  // in charge from 0 and, d being 0, already at its target.
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "x", "0", "2").position = Vec3(10, 0, 0);
  test.AddObjectNode(a, "y", "0", "0").position = Vec3(3, 0, 0);
  Diagnostics diagnostics;
  Rig rig = Build(test, &diagnostics);
  const ChannelTrack<Vec3>& track = rig.objects[0].position;
  EXPECT_EQ(Vec3(0, 0, 0), track.segments[1].from);  // x at its own S: u = 0
  EXPECT_EQ(Vec3(3, 0, 0), ValueAt(track, Time("0")));
  EXPECT_EQ(Vec3(3, 0, 0), ValueAt(track, Time("1")));
  ASSERT_EQ(1u, diagnostics.items().size());
  EXPECT_EQ("nodes 'a.x' and 'a.y' both drive position from 0 s to 0 s; 'a.y' takes over at 0 s",
            diagnostics.items()[0].message);
}

TEST(RigTest, SegmentsAreOrderedByStartThenFile) {
  // Written late-first: the rig reorders by S; equal S keep file order.
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "late", "2", "3").opacity = 0.25;
  test.AddObjectNode(a, "early", "0", "1").opacity = 1;
  test.AddObjectNode(a, "late-too", "2", "2").opacity = 0.75;
  Rig rig = Build(test, nullptr);
  const ChannelTrack<double>& track = rig.objects[0].opacity;
  ASSERT_EQ(3u, track.segments.size());
  EXPECT_EQ(1, track.segments[0].node_index);
  EXPECT_EQ(0, track.segments[1].node_index);
  EXPECT_EQ(2, track.segments[2].node_index);
  EXPECT_EQ(0.75, ValueAt(track, Time("2")));
  EXPECT_EQ(1, track.segments[2].from);  // `late` at its own S is still 1
}

TEST(RigTest, SlerpNinetyAboutYHalfwayIsFortyFive) {
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "turn", "0", "2").rotation = QuatFromEulerDegrees(Vec3(0, 90, 0));
  Rig rig = Build(test, nullptr);
  Quat halfway = ValueAt(rig.objects[0].rotation, Time("1"));
  ExpectVectorNear(Vec3(0, 45, 0), CanonicalEulerDegrees(halfway), 1e-12);
  // Position is untouched by a rotation-only node.
  EXPECT_TRUE(rig.objects[0].position.segments.empty());
}

TEST(RigTest, SlerpOfAHalfTurnPicksThePositiveAxis) {
  // Yaw 0 -> 180, the target written as (x, y, z, w) = (0, -1, 0, 0). The
  // half turn is taken about +Y (largest component positive), so halfway is
  // yaw +90, which maps +Z to +X.
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "flip", "0", "1").rotation = QuatFromXyzw({0, -1, 0, 0});
  Rig rig = Build(test, nullptr);
  Quat halfway = ValueAt(rig.objects[0].rotation, Time("0.5"));
  ExpectVectorNear(Vec3(1, 0, 0), halfway * Vec3(0, 0, 1), 1e-12);
}

TEST(RigTest, RotationAndPositionAreSeparateChannels) {
  // A position node does not stop a running rotation, and vice versa.
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "turn", "0", "2").rotation = QuatFromEulerDegrees(Vec3(0, 90, 0));
  test.AddObjectNode(a, "move", "1", "2").position = Vec3(4, 0, 0);
  Diagnostics diagnostics;
  Rig rig = Build(test, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  ExpectVectorNear(Vec3(0, 67.5, 0),
                   CanonicalEulerDegrees(ValueAt(rig.objects[0].rotation, Time("1.5"))), 1e-12);
  EXPECT_EQ(Vec3(2, 0, 0), ValueAt(rig.objects[0].position, Time("1.5")));
}

TEST(RigTest, UnresolvedNodesAreSkipped) {
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "broken", "0", "1", /*resolved=*/false).opacity = 1;
  test.AddObjectNode(a, "fine", "0", "2").opacity = 0.5;
  Diagnostics diagnostics;
  Rig rig = Build(test, &diagnostics);
  ASSERT_EQ(1u, rig.objects[0].opacity.segments.size());
  EXPECT_EQ(1, rig.objects[0].opacity.segments[0].node_index);
  EXPECT_TRUE(diagnostics.items().empty());
}

TEST(RigTest, PartialTimelineIsTolerated) {
  // After errors the timeline may be missing lists: nothing drives, no crash.
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "x", "0", "1").opacity = 1;
  test.timeline.objects.clear();
  Rig rig = Build(test, nullptr);
  ASSERT_EQ(1u, rig.objects.size());
  EXPECT_TRUE(rig.objects[0].opacity.segments.empty());
}

TEST(RigTest, CameraChannels) {
  TestScene test;
  size_t main = test.AddCamera("main");
  test.scene.cameras[main].mutable_lens().fov = 40;
  Node& zoom = test.AddCameraNode(main, "zoom", "0", "2");
  zoom.mutable_rare().fov = 20;
  zoom.mutable_rare().aperture = 4.8;
  zoom.position = Vec3(0, 0, 2);
  Node& focus = test.AddCameraNode(main, "focus", "1", "3");
  focus.mutable_rare().focus = FocusTarget{2.5, "", {}};
  test.AddCameraNode(main, "refocus", "3", "5").mutable_rare().focus = FocusTarget{4.5, "", {}};
  Rig rig = Build(test, nullptr);
  const CameraRig& camera = rig.cameras[0];
  EXPECT_EQ(30, ValueAt(camera.fov, Time("1")));
  EXPECT_EQ(3.8, ValueAt(camera.aperture, Time("1")));  // 2.8 -> 4.8
  EXPECT_EQ(Vec3(0, 0, 1), ValueAt(camera.position, Time("1")));
  // No initial focus: off until `focus` starts, which jumps to 2.5 at once.
  EXPECT_FALSE(camera.has_initial_focus);
  EXPECT_FALSE(FocusAt(camera, Time("0.5")).has_value());
  EXPECT_EQ(2.5, FocusAt(camera, Time("1")));
  EXPECT_EQ(2.5, FocusAt(camera, Time("2")));
  EXPECT_EQ(3.5, FocusAt(camera, Time("4")));  // 2.5 -> 4.5, halfway
}

TEST(RigTest, CameraInitialFocusInterpolates) {
  TestScene test;
  size_t main = test.AddCamera("main");
  test.scene.cameras[main].mutable_lens().focus.distance = 1;
  test.AddCameraNode(main, "focus", "0", "2").mutable_rare().focus = FocusTarget{3, "", {}};
  Rig rig = Build(test, nullptr);
  EXPECT_EQ(1, FocusAt(rig.cameras[0], Time("0")));
  EXPECT_EQ(2, FocusAt(rig.cameras[0], Time("1")));
}

TEST(RigTest, CameraOverlapNamesTheCameraChannel) {
  TestScene test;
  size_t main = test.AddCamera("main");
  test.AddCameraNode(main, "a", "0", "2").mutable_rare().fov = 30;
  test.AddCameraNode(main, "b", "1", "3").mutable_rare().fov = 50;
  Diagnostics diagnostics;
  Build(test, &diagnostics);
  ASSERT_EQ(1u, diagnostics.items().size());
  EXPECT_EQ("/cameras/main/nodes/1", diagnostics.items()[0].path);
  EXPECT_EQ(
      "nodes 'main.a' and 'main.b' both drive fov from 1 s to 2 s; 'main.b' takes over at 1 s",
      diagnostics.items()[0].message);
}

TEST(RigTest, BinarySearchMatchesALinearScan) {
  // 200 back-to-back moves of 0.5 s each: x goes 0 -> 1 -> 2 -> ...
  TestScene test;
  size_t a = test.AddObject("a");
  for (int k = 0; k < 200; ++k) {
    ExactTime start = ExactTime::FromRatio(k, 2);
    ExactTime end = ExactTime::FromRatio(k + 1, 2);
    test.AddObjectNode(a, "m" + std::to_string(k), start.ToString(), end.ToString()).position =
        Vec3(k + 1, 0, 0);
  }
  Rig rig = Build(test, nullptr);
  for (int step = 0; step <= 420; ++step) {
    ExactTime t = ExactTime::FromRatio(step, 4);  // every quarter second, past the end too
    double expected = std::min(step / 2.0, 200.0);
    EXPECT_EQ(expected, ValueAt(rig.objects[0].position, t).x) << t.ToString();
  }
}

}  // namespace
}  // namespace cinc
