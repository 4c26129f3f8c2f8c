// The disassembly of a glTF export (AnimateOwner with `reverse`), against
// the forward motion's closed forms at D - tau and the exact state.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "core/easing.h"
#include "gltf/gltf_animation.h"
#include "gltf/gltf_playback.h"
#include "markers/pose.h"
#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::TestScene;
using test_support::Time;

constexpr double kFloat = 1e-6;  // float32 storage of values of order 1

float Next(float t) { return std::nextafter(t, HUGE_VALF); }

struct Reversed {
  Rig rig;
  GltfOwnerMotion motion;
};

Reversed Reverse(const TestScene& test, size_t object) {
  Reversed reversed;
  Diagnostics diagnostics;
  reversed.rig = BuildRig(test.scene, test.timeline, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  GltfExportSettings settings;
  settings.fit.tolerance = test.scene.tolerance;
  settings.hide_with_scale = true;
  settings.reverse = true;
  settings.duration = test.timeline.duration;
  reversed.motion = AnimateOwner(reversed.rig, OwnerRef::Object(object), settings);
  return reversed;
}

// The smallest float32 not before D - t: 10 - 0.1 is 9.9, and the
// float32s about it are 9.89999962 and 9.90000057.
TEST(GltfReverseTest, MirroredTimeIsTheFloatNotBefore) {
  EXPECT_EQ(GltfMirroredTime(1, 3), 2.0);
  EXPECT_EQ(GltfMirroredTime(0, 3), 3.0);
  EXPECT_EQ(GltfMirroredTime(3, 3), 0.0);
  EXPECT_EQ(GltfMirroredTime(4, 3), 0.0);
  EXPECT_EQ(GltfMirroredTime(0.1, 10), static_cast<double>(9.90000057f));
  EXPECT_LT(static_cast<double>(9.89999962f), 9.9);
  EXPECT_EQ(Next(9.89999962f), 9.90000057f);
}

// A linear move over [1, 3] from 0 to (2, 4, -6) in a scene of 4 s (another
// object moves until 4): played backwards, the move runs over [1, 3] from
// (2, 4, -6) to 0, and the node starts where the forward motion ends.
TEST(GltfReverseTest, ALinearMoveRunsBackOverTheMirroredSpan) {
  TestScene test;
  size_t box = test.AddObject("box");
  test.scene.objects[box].opacity = 1;
  test.AddObjectNode(box, "move", "1", "3").position = Vec3(2, 4, -6);
  size_t other = test.AddObject("other");
  test.AddObjectNode(other, "late", "3.5", "4").position = Vec3(1, 0, 0);
  Reversed reversed = Reverse(test, box);
  ASSERT_TRUE(reversed.motion.animation.translation);
  const GltfSampler& sampler = *reversed.motion.animation.translation;
  EXPECT_EQ(sampler.interpolation, GltfInterpolation::kLinear);
  EXPECT_EQ(sampler.times, (std::vector<float>{0, 1, 3}));
  EXPECT_EQ(sampler.values, (std::vector<float>{2, 4, -6, 2, 4, -6, 0, 0, 0}));
  EXPECT_EQ(reversed.motion.initial.translation, Vec3(2, 4, -6));
  // At 1.5 s: the forward move at 4 - 1.5 = 2.5 s, three quarters of the way.
  std::array<double, 4> at = SampleGltf(sampler, 1.5);
  EXPECT_NEAR(at[0], 1.5, kFloat);
  EXPECT_NEAR(at[1], 3, kFloat);
  EXPECT_NEAR(at[2], -4.5, kFloat);
}

// Jumps at 0.5 and 2 s in a scene of 3 s: played backwards, the value at
// 3 - 2 = 1 s is the one from 2 s on, the one before 2 s starts one float32
// after 1 s, and the one before 0.5 s one float32 after 2.5 s.
TEST(GltfReverseTest, JumpsShowTheForwardValueAtTheMirroredTime) {
  TestScene test;
  size_t box = test.AddObject("box");
  test.scene.objects[box].opacity = 1;
  test.AddObjectNode(box, "a", "0.5", "0.5").position = Vec3(1, 0, 0);
  test.AddObjectNode(box, "b", "2", "2").position = Vec3(1, 1, 0);
  size_t other = test.AddObject("other");
  test.AddObjectNode(other, "late", "2", "3").position = Vec3(1, 0, 0);
  Reversed reversed = Reverse(test, box);
  ASSERT_TRUE(reversed.motion.animation.translation);
  const GltfSampler& sampler = *reversed.motion.animation.translation;
  EXPECT_EQ(sampler.interpolation, GltfInterpolation::kStep);
  EXPECT_EQ(sampler.times, (std::vector<float>{0, Next(1), Next(2.5f)}));
  EXPECT_EQ(sampler.values, (std::vector<float>{1, 1, 0, 1, 0, 0, 0, 0, 0}));
  EXPECT_EQ(SampleGltf(sampler, 1)[1], 1);  // forward at 2
  EXPECT_EQ(SampleGltf(sampler, 1.001)[1], 0);
  EXPECT_EQ(SampleGltf(sampler, 2.5)[0], 1);  // forward at 0.5
  EXPECT_EQ(SampleGltf(sampler, 2.501)[0], 0);
}

// ease_in_out over [0, 2] to (4, 0, 0): backwards, 4 (1 - smoothstep((2 - tau)
// / 2))... that is 4 smoothstep(1 - tau / 2) run down, exact cubic keys.
TEST(GltfReverseTest, ASmoothstepStaysAnExactCubic) {
  TestScene test;
  size_t box = test.AddEasedBox(Vec3(4, 0, 0), "ease_in_out");
  Reversed reversed = Reverse(test, box);
  ASSERT_TRUE(reversed.motion.animation.translation);
  const GltfSampler& sampler = *reversed.motion.animation.translation;
  EXPECT_EQ(sampler.interpolation, GltfInterpolation::kCubicSpline);
  EXPECT_EQ(sampler.times, (std::vector<float>{0, 2}));
  for (double tau : {0.0, 0.25, 0.5, 1.0, 1.3, 1.9, 2.0}) {
    double u = (2 - tau) / 2;
    EXPECT_NEAR(SampleGltf(sampler, tau)[0], 4 * (3 * u * u - 2 * u * u * u), kFloat) << tau;
  }
}

// A steady turn of 90 degrees about Y over [0, 2]: SLERP keys, the same
// quaternions in the other order.
TEST(GltfReverseTest, ASteadyTurnStaysSlerp) {
  TestScene test;
  size_t box = test.AddObject("box");
  test.scene.objects[box].opacity = 1;
  test.AddObjectNode(box, "turn", "0", "2").rotation = QuatFromEulerDegrees(Vec3(0, 90, 0));
  Reversed reversed = Reverse(test, box);
  ASSERT_TRUE(reversed.motion.animation.rotation);
  const GltfSampler& sampler = *reversed.motion.animation.rotation;
  EXPECT_EQ(sampler.interpolation, GltfInterpolation::kLinear);
  EXPECT_EQ(sampler.times, (std::vector<float>{0, 2}));
  const double half = std::sqrt(0.5);
  // At 0.5 s: the forward turn at 1.5 s, 67.5 degrees about Y.
  std::array<double, 4> q = SampleGltf(sampler, 0.5);
  EXPECT_NEAR(q[1], std::sin(67.5 / 2 * std::numbers::pi / 180), kFloat);
  EXPECT_NEAR(q[3], std::cos(67.5 / 2 * std::numbers::pi / 180), kFloat);
  EXPECT_NEAR(reversed.motion.initial.rotation.y, half, 1e-12);
}

// A jump, an ease_out move and a smoothstep turn, with the boundaries where
// float32s about D - B are closer together than about B (D = 4.2, a jump at
// 2.6): at every tau the exact state at D - tau, within the tolerance, the
// value at D - 2.6 = 1.6 the one from 2.6 on.
TEST(GltfReverseTest, AMotionPlaysTheExactStateBackwards) {
  TestScene test;
  size_t box = test.AddObject("box");
  test.scene.objects[box].opacity = 1;
  Node& slide = test.AddObjectNode(box, "slide", "0.3", "2.6");
  slide.position = Vec3(2, 1, 0.5);
  slide.ease = *Ease::FromName("ease-out");
  test.AddObjectNode(box, "jump", "2.6", "2.6").position = Vec3(0, 1, 0);
  Node& turn = test.AddObjectNode(box, "turn", "2.6", "4.2");
  turn.rotation = QuatFromEulerDegrees(Vec3(0, 90, 30));
  turn.ease = *Ease::FromName("ease-in");
  Reversed reversed = Reverse(test, box);
  ASSERT_TRUE(reversed.motion.animation.translation);
  ASSERT_TRUE(reversed.motion.animation.rotation);
  for (int k = 0; k <= 420; ++k) {
    double tau = k / 100.0;
    char decimal[16];
    std::snprintf(decimal, sizeof decimal, "%d.%02d", k / 100, k % 100);
    RigidPose exact = WorldPoseAt(reversed.rig, OwnerRef::Object(box), Time("4.2") - Time(decimal));
    GltfNodePose played = GltfPose(reversed.motion, tau);
    EXPECT_LE(glm::length(played.translation - exact.position), test.scene.tolerance.position)
        << tau;
    EXPECT_LE(Degrees(AngleBetween(played.rotation, exact.rotation)), test.scene.tolerance.rotation)
        << tau;
  }
  EXPECT_NEAR(GltfPose(reversed.motion, 1.6).translation.y, 1, kFloat);
  EXPECT_NEAR(GltfPose(reversed.motion, 1.6001).translation.y, 1 - 1e-4, 1e-4);
  EXPECT_NEAR(GltfPose(reversed.motion, 1.6001).translation.x, 2, 1e-3);
}

}  // namespace
}  // namespace cinc
