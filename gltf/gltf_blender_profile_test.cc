// The Blender profile of the glTF export (GltfProfile::kBlender): LINEAR and
// STEP samplers only, played within the tolerance both as slerp and as the
// normalised lerp Blender's importer makes of LINEAR rotations, and a jump's
// old value keyed a ramp before it. Expected values are closed forms; the
// normalised lerp is computed here from the sampler's numbers.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "gltf/gltf_animation.h"
#include "gltf/gltf_playback.h"
#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::TestScene;

constexpr double kDegrees = 180 / std::numbers::pi;

GltfOwnerMotion AnimateForBlender(const TestScene& test, size_t object, bool reverse = false) {
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  GltfExportSettings settings;
  settings.fit.tolerance = test.scene.tolerance;
  settings.hide_with_scale = true;
  settings.profile = GltfProfile::kBlender;
  settings.reverse = reverse;
  settings.duration = test.timeline.duration;
  return AnimateOwner(rig, OwnerRef::Object(object), settings);
}

// The sampler's rotation at t as Blender plays it: each component lerped
// between the two keys around t, then normalised ([x, y, z, w]).
std::array<double, 4> NormalisedLerp(const GltfSampler& sampler, double t) {
  size_t k = 0;
  while (k + 2 < sampler.times.size() && sampler.times[k + 1] <= t) ++k;
  double u = (t - sampler.times[k]) / (sampler.times[k + 1] - sampler.times[k]);
  std::array<double, 4> q{};
  double norm = 0;
  for (size_t c = 0; c < 4; ++c) {
    double a = sampler.values[4 * k + c];
    double b = sampler.values[4 * (k + 1) + c];
    q[c] = a + (b - a) * u;
    norm += q[c] * q[c];
  }
  for (double& component : q) component /= std::sqrt(norm);
  return q;
}

// An eased move (smoothstep, an exact cubic by default) becomes LINEAR keys
// that play within the tolerance of v = 4 (3u^2 - 2u^3).
TEST(GltfBlenderProfileTest, AnEasedMoveIsLinearKeysWithinTheTolerance) {
  TestScene test;
  size_t box = test.AddEasedBox(Vec3(4, 0, 0), "ease_in_out");
  GltfOwnerMotion motion = AnimateForBlender(test, box);
  ASSERT_TRUE(motion.animation.translation);
  const GltfSampler& sampler = *motion.animation.translation;
  EXPECT_EQ(sampler.interpolation, GltfInterpolation::kLinear);
  EXPECT_GT(sampler.key_count(), 10u);
  double worst = 0;
  for (int step = 0; step <= 20000; ++step) {
    double t = step / 10000.0;
    double u = t / 2;
    worst = std::max(worst, std::abs(SampleGltf(sampler, t, GltfPlayer::kBlender)[0] -
                                     4 * (3 * u * u - 2 * u * u * u)));
  }
  EXPECT_LE(worst, test.scene.tolerance.position);
}

// A steady spin of 2 turns in 2 s: LINEAR keys close enough that the
// normalised lerp (and the slerp) stay within 0.01 degrees of the turn.
TEST(GltfBlenderProfileTest, ASpinPlaysWithinTheToleranceAsANormalisedLerp) {
  TestScene test;
  size_t wheel = test.AddObject("wheel");
  test.scene.objects[wheel].opacity = 1;
  test.AddObjectNode(wheel, "spin", "0", "2").mutable_rare().spin = Spin{Vec3(0, 1, 0), 720, {}};
  GltfOwnerMotion motion = AnimateForBlender(test, wheel);
  ASSERT_TRUE(motion.animation.rotation);
  const GltfSampler& sampler = *motion.animation.rotation;
  EXPECT_EQ(sampler.interpolation, GltfInterpolation::kLinear);
  double worst_nlerp = 0;
  double worst_slerp = 0;
  for (int step = 0; step <= 20000; ++step) {
    double t = step / 10000.0;
    double half = (720.0 * t / 2) / kDegrees / 2;  // the exact turn about +Y, halved
    auto angle_to_exact = [&](const std::array<double, 4>& q) {
      double dot = std::abs(q[1] * std::sin(half) + q[3] * std::cos(half));
      return 2 * std::acos(std::min(1.0, dot)) * kDegrees;
    };
    worst_nlerp = std::max(worst_nlerp, angle_to_exact(NormalisedLerp(sampler, t)));
    worst_slerp = std::max(worst_slerp, angle_to_exact(SampleGltf(sampler, t)));
  }
  EXPECT_LE(worst_nlerp, test.scene.tolerance.rotation);
  EXPECT_LE(worst_slerp, test.scene.tolerance.rotation);
}

// A jump at 2 s after a move: the old value keyed 10 us before it (Blender
// takes keys within 1e-4 frames of a time for that time), the new at 2 s.
TEST(GltfBlenderProfileTest, AJumpKeysItsOldValueARampBefore) {
  TestScene test;
  size_t box = test.AddObject("box");
  test.scene.objects[box].opacity = 1;
  test.AddObjectNode(box, "move", "0", "1").position = Vec3(1, 0, 0);
  test.AddObjectNode(box, "jump", "2", "2").position = Vec3(1, 1, 0);
  GltfOwnerMotion motion = AnimateForBlender(test, box);
  ASSERT_TRUE(motion.animation.translation);
  const GltfSampler& sampler = *motion.animation.translation;
  EXPECT_EQ(sampler.interpolation, GltfInterpolation::kLinear);
  // The largest float32 not after 2 - 1e-5.
  float before = static_cast<float>(2 - 1e-5);
  if (before > 2 - 1e-5) before = std::nextafter(before, 0.0f);
  ASSERT_EQ(sampler.times, (std::vector<float>{0, 1, before, 2}));
  EXPECT_EQ(sampler.values, (std::vector<float>{0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0}));
  EXPECT_EQ(SampleGltf(sampler, 2, GltfPlayer::kBlender)[1], 1);
  EXPECT_EQ(SampleGltf(sampler, 1.99998, GltfPlayer::kBlender)[1], 0);
  EXPECT_EQ(GltfBlenderJumpRamp(2), 1e-5);
  EXPECT_DOUBLE_EQ(GltfBlenderJumpRamp(100), 2.5e-5);  // 2.5e-7 of t, past 40 s
}

// Blender's LINEAR rotation between keys 90 degrees apart about +Y, a
// quarter of the way: 2 atan2(sin 45° / 4, 3/4 + cos 45° / 4) = 21.6°, not 22.5°.
TEST(GltfBlenderProfileTest, BlenderPlaysLinearRotationsAsANormalisedLerp) {
  GltfSampler sampler;
  sampler.interpolation = GltfInterpolation::kLinear;
  sampler.width = 4;
  sampler.times = {0, 1};
  const float s = static_cast<float>(std::sin(std::numbers::pi / 4));
  sampler.values = {0, 0, 0, 1, 0, s, 0, s};
  std::array<double, 4> q = SampleGltf(sampler, 0.25, GltfPlayer::kBlender);
  double expected = 2 * std::atan2(0.25 * s, 0.75 + 0.25 * s) * kDegrees;
  EXPECT_NEAR(2 * std::atan2(q[1], q[3]) * kDegrees, expected, 1e-6);
  EXPECT_NEAR(expected, 21.6, 0.05);  // lags the slerp's 22.5 degrees
  std::array<double, 4> slerp = SampleGltf(sampler, 0.25);
  EXPECT_NEAR(2 * std::atan2(slerp[1], slerp[3]) * kDegrees, 22.5, 1e-5);
}

}  // namespace
}  // namespace cinc
