#include "gltf/gltf_animation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "gltf/gltf_playback.h"
#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::TestScene;

constexpr double kFloat = 1e-6;  // float32 storage of values of order 1

GltfOwnerMotion Animate(const TestScene& test, size_t object, bool hide = true) {
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  GltfExportSettings settings;
  settings.fit.tolerance = test.scene.tolerance;
  settings.hide_with_scale = hide;
  return AnimateOwner(rig, OwnerRef::Object(object), settings);
}

// A still object has no channels; its node's TRS holds the pose.
TEST(GltfAnimationTest, StillObjectHasNoChannels) {
  TestScene test;
  size_t box = test.AddObject("box");
  test.scene.objects[box].position = Vec3(1, 2, 3);
  test.scene.objects[box].opacity = 1;
  GltfOwnerMotion motion = Animate(test, box);
  EXPECT_FALSE(motion.animation.translation);
  EXPECT_FALSE(motion.animation.rotation);
  EXPECT_FALSE(motion.animation.scale);
  EXPECT_EQ(motion.initial.translation, Vec3(1, 2, 3));
}

// A linear move is two LINEAR keys: (1, [0,0,0]) ... (3, [2,4,-6]).
TEST(GltfAnimationTest, LinearMoveIsExactLinear) {
  TestScene test;
  size_t box = test.AddObject("box");
  test.scene.objects[box].opacity = 1;
  test.AddObjectNode(box, "move", "1", "3").position = Vec3(2, 4, -6);
  GltfOwnerMotion motion = Animate(test, box);
  ASSERT_TRUE(motion.animation.translation);
  const GltfSampler& sampler = *motion.animation.translation;
  EXPECT_EQ(sampler.interpolation, GltfInterpolation::kLinear);
  ASSERT_EQ(sampler.times, (std::vector<float>{0, 1, 3}));
  EXPECT_EQ(sampler.values, (std::vector<float>{0, 0, 0, 0, 0, 0, 2, 4, -6}));
  // Played at 2 s: half way, by hand.
  std::array<double, 4> middle = SampleGltf(sampler, 2);
  EXPECT_NEAR(middle[0], 1, kFloat);
  EXPECT_NEAR(middle[1], 2, kFloat);
  EXPECT_NEAR(middle[2], -3, kFloat);
}

// Holds and jumps only: STEP, each jump one key at its time.
TEST(GltfAnimationTest, JumpsAreStep) {
  TestScene test;
  size_t box = test.AddObject("box");
  test.scene.objects[box].opacity = 1;
  test.AddObjectNode(box, "a", "0.5", "0.5").position = Vec3(1, 0, 0);
  test.AddObjectNode(box, "b", "2", "2").position = Vec3(1, 1, 0);
  GltfOwnerMotion motion = Animate(test, box);
  ASSERT_TRUE(motion.animation.translation);
  const GltfSampler& sampler = *motion.animation.translation;
  EXPECT_EQ(sampler.interpolation, GltfInterpolation::kStep);
  EXPECT_EQ(sampler.times, (std::vector<float>{0, 0.5f, 2}));
  EXPECT_EQ(sampler.values, (std::vector<float>{0, 0, 0, 1, 0, 0, 1, 1, 0}));
  EXPECT_EQ(SampleGltf(sampler, 1.999)[1], 0);
  EXPECT_EQ(SampleGltf(sampler, 2)[1], 1);
}

// ease_in_out is smoothstep, a cubic: CUBICSPLINE keys with zero tangents
// play v0 + (v1 - v0)(3u^2 - 2u^3) exactly.
TEST(GltfAnimationTest, SmoothstepIsExactCubic) {
  TestScene test;
  size_t box = test.AddEasedBox(Vec3(4, 0, 0), "ease_in_out");
  GltfOwnerMotion motion = Animate(test, box);
  ASSERT_TRUE(motion.animation.translation);
  const GltfSampler& sampler = *motion.animation.translation;
  EXPECT_EQ(sampler.interpolation, GltfInterpolation::kCubicSpline);
  EXPECT_EQ(sampler.times, (std::vector<float>{0, 2}));
  for (double t : {0.25, 0.5, 1.0, 1.3, 1.9}) {
    double u = t / 2;
    EXPECT_NEAR(SampleGltf(sampler, t)[0], 4 * (3 * u * u - 2 * u * u * u), 1e-6) << t;
  }
}

// A steady spin of 2 turns in 2 s is LINEAR (SLERP) keys at most 120
// degrees apart: 6 segments, each exactly 120 degrees about +Y.
TEST(GltfAnimationTest, SteadySpinIsSlerpKeys120DegreesApart) {
  TestScene test;
  size_t wheel = test.AddObject("wheel");
  test.scene.objects[wheel].opacity = 1;
  test.AddObjectNode(wheel, "spin", "0", "2").mutable_rare().spin = Spin{Vec3(0, 1, 0), 720, {}};
  GltfOwnerMotion motion = Animate(test, wheel);
  ASSERT_TRUE(motion.animation.rotation);
  const GltfSampler& sampler = *motion.animation.rotation;
  EXPECT_EQ(sampler.interpolation, GltfInterpolation::kLinear);
  ASSERT_EQ(sampler.key_count(), 7u);
  for (double t : {0.1, 0.33, 0.7, 1.25, 1.99}) {
    std::array<double, 4> q = SampleGltf(sampler, t);
    double angle = 720.0 * t / 2;  // degrees about +Y
    double half = angle * std::numbers::pi / 360;
    // |dot| with the closed form (sign-insensitive).
    double dot = std::abs(q[1] * std::sin(half) + q[3] * std::cos(half));
    EXPECT_NEAR(dot, 1, 1e-12) << t;
  }
}

// Hidden until a fade starts at 1 s: scale 0 until then, 1 after (exact STEP).
TEST(GltfAnimationTest, HiddenIntervalsAreScaleZero) {
  TestScene test;
  size_t box = test.AddObject("box");
  test.AddObjectNode(box, "in", "1", "2").opacity = 1;
  GltfOwnerMotion motion = Animate(test, box);
  EXPECT_EQ(motion.initial.scale, Vec3(0, 0, 0));
  ASSERT_TRUE(motion.animation.scale);
  EXPECT_EQ(motion.animation.scale->interpolation, GltfInterpolation::kStep);
  EXPECT_EQ(SampleGltf(*motion.animation.scale, 0.999)[0], 0);
  EXPECT_EQ(SampleGltf(*motion.animation.scale, 1)[0], 1);
  EXPECT_FALSE(Animate(test, box, /*hide=*/false).animation.scale);
}

// An ease no cubic carries (CSS `ease`) is fitted: within the tolerance at
// 10 kHz against the closed form v = 3 * ease(t / 2).
TEST(GltfAnimationTest, OtherEasesAreFittedWithinTolerance) {
  TestScene test;
  size_t box = test.AddEasedBox(Vec3(3, 0, 0), "ease");
  GltfOwnerMotion motion = Animate(test, box);
  ASSERT_TRUE(motion.animation.translation);
  const GltfSampler& sampler = *motion.animation.translation;
  EXPECT_EQ(sampler.interpolation, GltfInterpolation::kCubicSpline);
  EXPECT_GT(sampler.key_count(), 2u);
  double worst = 0;
  for (int step = 0; step <= 20000; ++step) {
    double t = step / 10000.0;
    double exact = 3 * CubicBezierEase({0.25, 0.1, 0.25, 1}, t / 2);
    worst = std::max(worst, std::abs(SampleGltf(sampler, t)[0] - exact));
  }
  EXPECT_LE(worst, test.scene.tolerance.position);
}

TEST(GltfAnimationTest, StoredTimesNeverComeAfterTheirTime) {
  for (double t : {0.1, 1.9, 2.6, 1e-7, 3599.999999}) {
    double stored = GltfStoredTime(t);
    EXPECT_LE(stored, t);
    EXPECT_EQ(static_cast<double>(static_cast<float>(stored)), stored);
    EXPECT_GT(std::nextafter(static_cast<float>(stored), HUGE_VALF), t);
  }
}

}  // namespace
}  // namespace cinc
