// The fitter with a linear player (PlaybackModel::linear, the glTF export's
// Blender profile) on curves whose chord errors have closed forms: a point
// going round a circle (a chord's sagitta) and a steady spin (a normalised
// lerp's lag behind the slerp). Played values are computed here, not by the
// fitter's own code.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "fit/fit_settings.h"
#include "fit/hermite_fit.h"

namespace cinc {
namespace {

constexpr double kPi = 3.141592653589793;
constexpr double kRadius = 0.5;     // metres
constexpr double kOmega = 2 * kPi;  // radians a second: a turn in [0, 1]
constexpr double kSpinRate = kPi;   // radians a second: half a turn a second
constexpr double kDegrees = 180 / kPi;

PlaybackModel LinearGltf() {
  PlaybackModel playback{PlaybackModel::Kind::kGltf};
  playback.linear = true;
  return playback;
}

FitVector<3> OnCircle(double t) {
  return FitVector<3>(kRadius * std::cos(kOmega * t), kRadius * std::sin(kOmega * t), 0);
}

// [x, y, z, w] of a turn by `angle` radians about +Y.
FitVector<4> AboutY(double angle) {
  return FitVector<4>(0, std::sin(angle / 2), 0, std::cos(angle / 2));
}

// How far (degrees) the normalised lerp of two rotations `theta` radians
// apart about one axis lags the true turn at u: its angle is
// 2 atan2(u sin(theta/2), (1 - u) + u cos(theta/2)).
double NlerpLagDegrees(double theta, double u) {
  double played = 2 * std::atan2(u * std::sin(theta / 2), (1 - u) + u * std::cos(theta / 2));
  return std::abs(played - u * theta) * kDegrees;
}

double LargestNlerpLag(double theta) {
  double largest = 0;
  for (int i = 1; i < 1000; ++i) largest = std::max(largest, NlerpLagDegrees(theta, i / 1000.0));
  return largest;
}

TEST(ChordFitTest, ACircleIsCutIntoChordsWhoseSagittaIsWithinTheTolerance) {
  FitCurve<3> curve;
  curve.quantity = FitQuantity::kPosition;
  curve.track = [](double, const FitVector<3>&, double to) { return OnCircle(to); };
  curve.error = [](double t, const FitVector<3>& played) {
    return glm::length(played - OnCircle(t));
  };
  FitSettings settings;  // 1e-4 m
  std::vector<FitKey<3>> keys =
      FitHermite(curve, 0.0, 1.0, OnCircle(0), OnCircle(1), settings, LinearGltf());
  ASSERT_GE(keys.size(), 2u);
  EXPECT_EQ(keys.front().t, 0.0);
  EXPECT_EQ(keys.back().t, 1.0);
  const double tolerance = settings.tolerance.position;
  for (size_t k = 1; k < keys.size(); ++k) {
    const FitKey<3>& a = keys[k - 1];
    const FitKey<3>& b = keys[k];
    ASSERT_LT(a.t, b.t);
    // The chord's sagitta r (1 - cos(phi / 2)), phi the angle it spans.
    double sagitta = kRadius * (1 - std::cos(kOmega * (b.t - a.t) / 2));
    EXPECT_LE(sagitta, tolerance * 1.0001) << "chord " << k;
    for (int i = 1; i < 200; ++i) {
      double u = i / 200.0;
      double t = a.t + (b.t - a.t) * u;
      FitVector<3> played = a.value + (b.value - a.value) * u;
      EXPECT_LE(glm::length(played - OnCircle(t)), tolerance) << "chord " << k << " at " << t;
    }
  }
  // The fewest chords of sagitta <= the tolerance, and not many more: the
  // greedy search takes lengths within a few per cent of the longest.
  const double widest = 2 * std::acos(1 - tolerance / kRadius);
  const double fewest = std::ceil(2 * kPi / widest);
  EXPECT_GE(keys.size() - 1, fewest);
  EXPECT_LE(keys.size() - 1, std::ceil(fewest * 1.1));
}

TEST(ChordFitTest, ASteadySpinIsKeyedSoThatANormalisedLerpKeepsUp) {
  FitCurve<4> curve;
  curve.quantity = FitQuantity::kQuaternion;
  curve.track = [](double, const FitVector<4>&, double to) { return AboutY(kSpinRate * to); };
  curve.error = [](double t, const FitVector<4>& played) {
    FitVector<4> exact = AboutY(kSpinRate * t);
    double cosine = std::abs(glm::dot(exact, played / glm::length(played)));
    return 2 * std::acos(std::min(1.0, cosine)) * kDegrees;
  };
  FitSettings settings;  // 0.01 degrees
  std::vector<FitKey<4>> keys =
      FitHermite(curve, 0.0, 2.0, AboutY(0), AboutY(2 * kSpinRate), settings, LinearGltf());
  ASSERT_GE(keys.size(), 2u);
  const double tolerance = settings.tolerance.rotation;
  double widest = 0;
  for (size_t k = 1; k < keys.size(); ++k) {
    double theta = kSpinRate * (keys[k].t - keys[k - 1].t);
    widest = std::max(widest, theta);
    EXPECT_LE(LargestNlerpLag(theta), tolerance * 1.0001) << "key " << k;
  }
  // The widest step a normalised lerp allows, by bisection on the closed
  // form: the spin needs at least 2 pi / it steps, and the fit takes no more
  // than a tenth over.
  double lo = 0;
  double hi = kPi / 2;
  for (int i = 0; i < 60; ++i) {
    double mid = (lo + hi) / 2;
    (LargestNlerpLag(mid) <= tolerance ? lo : hi) = mid;
  }
  const double fewest = std::ceil(2 * kPi / lo);
  EXPECT_GE(keys.size() - 1, fewest);
  EXPECT_LE(keys.size() - 1, std::ceil(fewest * 1.1));
  EXPECT_LE(widest, lo * 1.0001);
}

TEST(ChordFitTest, AStraightLineNeedsNoKeyBetweenItsEnds) {
  FitCurve<3> curve;
  curve.quantity = FitQuantity::kPosition;
  auto line = [](double t) { return FitVector<3>(1 + 2 * t, -t, 0.5 * t); };
  curve.track = [line](double, const FitVector<3>&, double to) { return line(to); };
  curve.error = [line](double t, const FitVector<3>& played) {
    return glm::length(played - line(t));
  };
  FitSettings settings;
  std::vector<FitKey<3>> keys =
      FitHermite(curve, 0.0, 4.0, line(0), line(4), settings, LinearGltf());
  EXPECT_EQ(keys.size(), 2u);
}

}  // namespace
}  // namespace cinc
