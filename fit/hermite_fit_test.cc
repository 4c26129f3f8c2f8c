// The fitter's search (fit/hermite_fit.h) on one-component curves written
// here: where a key time is stored, what happens when the player's storage
// cannot meet the tolerance at any segment length, and where a piece stops
// past the keys a channel holds. Played values are computed with the cubic
// Hermite basis written out below, not with core/hermite.h.
#include "fit/hermite_fit.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <glm/glm.hpp>
#include <vector>

#include "fit/fit_settings.h"

namespace cinc {
namespace {

constexpr double kTurn = 6.283185307179586;

// The cubic Hermite between (t0, v0, m0) and (t1, v1, m1) at t, tangents
// per second: h00 v0 + h10 dt m0 + h01 v1 + h11 dt m1.
double PlayedAt(const FitKey<1>& a, const FitKey<1>& b, double t) {
  double dt = b.t - a.t;
  double s = (t - a.t) / dt;
  double s2 = s * s;
  double s3 = s2 * s;
  return (2 * s3 - 3 * s2 + 1) * a.value.x + (s3 - 2 * s2 + s) * dt * a.tangent.x +
         (-2 * s3 + 3 * s2) * b.value.x + (s3 - s2) * dt * b.tangent.x;
}

// The largest |played - exact| over `keys`, at 1,000 points per segment,
// leaving out the segment across `jump` (if any).
double LargestPlayedError(const std::vector<FitKey<1>>& keys, double (*exact)(double),
                          double jump = NAN) {
  double largest = 0;
  for (size_t k = 1; k < keys.size(); ++k) {
    if (keys[k - 1].t < jump && keys[k].t >= jump) continue;
    for (int i = 1; i < 1000; ++i) {
      double t = keys[k - 1].t + (keys[k].t - keys[k - 1].t) * i / 1000;
      largest = std::max(largest, std::abs(PlayedAt(keys[k - 1], keys[k], t) - exact(t)));
    }
  }
  return largest;
}

FitCurve<1> PositionCurve(double (*exact)(double)) {
  FitCurve<1> curve;
  curve.quantity = FitQuantity::kPosition;
  curve.track = [exact](double, const FitVector<1>&, double to) { return FitVector<1>(exact(to)); };
  curve.error = [exact](double t, const FitVector<1>& played) {
    return std::abs(played.x - exact(t));
  };
  return curve;
}

std::vector<FitKey<1>> Fit(const FitCurve<1>& curve, double start, double end,
                           double (*exact)(double), const FitSettings& settings,
                           const PlaybackModel& playback) {
  return FitHermite(curve, start, end, FitVector<1>(exact(start)), FitVector<1>(exact(end)),
                    settings, playback);
}

void ExpectIncreasingFromTo(const std::vector<FitKey<1>>& keys, double start, double end) {
  ASSERT_GE(keys.size(), 2u);
  EXPECT_EQ(keys.front().t, start);
  EXPECT_EQ(keys.back().t, end);
  for (size_t k = 1; k < keys.size(); ++k) EXPECT_LT(keys[k - 1].t, keys[k].t) << "key " << k;
}

TEST(PlaybackModelTest, GltfKeyTimesAreFloat32sOrTheEnd) {
  PlaybackModel gltf{PlaybackModel::Kind::kGltf};
  EXPECT_EQ(gltf.KeyTime(1.0, 0.25, 2.0), 1.25);
  // 1.1 is no float32: the nearest one, 1.10000002384185791015625.
  EXPECT_EQ(gltf.KeyTime(1.0, 0.1, 2.0), 1.10000002384185791015625);
  // Shorter than a float32 step: the next float32, 1 + 2^-23.
  EXPECT_EQ(gltf.KeyTime(1.0, 1e-12, 2.0), 1.0 + 0x1p-23);
  // From the last float32 before the end, 2 - 2^-23, only the end is left.
  EXPECT_EQ(gltf.KeyTime(2.0 - 0x1p-23, 1e-9, 2.0), 2.0);
}

TEST(PlaybackModelTest, SequenceKeyTimesAreOnTheMicrosecondAboveATenthOfAMillisecond) {
  PlaybackModel sequence;
  EXPECT_DOUBLE_EQ(sequence.KeyTime(0, 0.1234567891, 10), 0.123457);
  EXPECT_EQ(sequence.KeyTime(0, 0.00005, 10), 0.00005);  // too short to round
}

double Line(double t) { return 3 * t - 1; }

TEST(HermiteFitTest, ALineIsOneSegment) {
  FitSettings settings;
  std::vector<FitKey<1>> keys = Fit(PositionCurve(Line), 0, 2, Line, settings, PlaybackModel{});
  ASSERT_EQ(keys.size(), 2u);
  EXPECT_EQ(keys[0].value.x, -1);
  EXPECT_EQ(keys[1].value.x, 5);
  EXPECT_NEAR(keys[0].tangent.x, 3, 1e-9);
  EXPECT_NEAR(keys[1].tangent.x, 3, 1e-9);
}

// 8 km up and falling 100 m/s: a float32 holds these heights to a step of
// 2^-11 m (0.49 mm), so a key's value rounds by up to 0.24 mm, past the
// 0.1 mm tolerance, and no segment of any length fits. The fitter holds the piece to twice the
// error it meets instead of crowding keys a float32 step apart (it did, 400,000 of them, and ran
// out of memory).
double Fall(double t) { return 8100 - 100 * t; }

TEST(HermiteFitTest, WhereNoSegmentCanFitTheKeysStaySparse) {
  FitSettings settings;
  PlaybackModel gltf{PlaybackModel::Kind::kGltf};
  std::vector<FitKey<1>> keys = Fit(PositionCurve(Fall), 0, 1, Fall, settings, gltf);
  ExpectIncreasingFromTo(keys, 0, 1);
  EXPECT_LE(keys.size(), 4u);
  // The played line errs by the rounding of its end values at most, half
  // a float32 step at 8100 m; the tangent (-100) is a float32 exactly.
  EXPECT_LE(LargestPlayedError(keys, Fall), 0x1p-12 * 1.01);
}

TEST(HermiteFitTest, WhereEveryErrorIsNaNKeysGoOneDerivativeStepApart) {
  // No length plays a number. The first key goes at the shortest length
  // tried (as for a jump between two time steps); every later one a
  // finite-difference step (1e-5 of the 1 s piece) after the last, until
  // the piece stops past max_keys. It never jumps to the end as if the rest
  // fitted, and never crowds keys closer than the step.
  FitCurve<1> curve = PositionCurve(Line);
  curve.error = [](double, const FitVector<1>&) { return std::nan(""); };
  PlaybackModel playback;
  playback.max_keys = 50;
  std::vector<FitKey<1>> keys = Fit(curve, 0, 1, Line, FitSettings{}, playback);
  ExpectIncreasingFromTo(keys, 0, 1);
  ASSERT_EQ(keys.size(), 52u);
  EXPECT_LT(keys[1].t, 1e-12);
  EXPECT_NEAR(keys[2].t - keys[1].t, 1e-5, 1e-17);
  EXPECT_NEAR(keys[50].t - keys[1].t, 49e-5, 1e-15);
}

double FastWave(double t) { return std::sin(kTurn * 50 * t); }

TEST(HermiteFitTest, APieceStopsPastTheKeysAChannelHolds) {
  PlaybackModel playback;
  playback.max_keys = 20;
  std::vector<FitKey<1>> keys =
      Fit(PositionCurve(FastWave), 0, 10, FastWave, FitSettings{}, playback);
  // 21 keys placed, then the end: more than the 20 a channel may hold, so
  // the channel's writer reports it; no removal pass shortens the list.
  ExpectIncreasingFromTo(keys, 0, 10);
  EXPECT_EQ(keys.size(), 22u);
  EXPECT_LT(keys[20].t, 0.2);  // 500 waves need thousands of keys
}

TEST(HermiteFitTest, AFastWaveFitsWithinTheTolerance) {
  FitSettings settings;
  std::vector<FitKey<1>> keys =
      Fit(PositionCurve(FastWave), 0, 0.1, FastWave, settings, PlaybackModel{});
  ExpectIncreasingFromTo(keys, 0, 0.1);
  EXPECT_LE(LargestPlayedError(keys, FastWave), settings.tolerance.position);
  // A cubic Hermite segment of length h errs about |f''''| h^4 / 384, so
  // the keys a limit e needs are about the integral of
  // (|f''''(t)| / (384 e))^(1/4): for sin(w t), w^4 |sin|, over 5 waves,
  // (1 / (384 e))^(1/4) * 10 * (the integral of |sin|^(1/4) over a half
  // wave, sqrt(pi) Gamma(5/8) / Gamma(9/8) = 2.6999), 61.1 segments at
  // e = 0.99e-4. The greedy search takes up to a few per cent more.
  double segments = std::pow(384 * 0.99e-4, -0.25) * 10 * 2.6999;
  EXPECT_GE(static_cast<double>(keys.size() - 1), std::floor(segments));
  EXPECT_LE(static_cast<double>(keys.size() - 1), 1.05 * segments);
}

double OneWave(double t) { return std::sin(kTurn * t); }

TEST(HermiteFitTest, InteriorTangentsAreTheDerivativeToACentralDifferencesError) {
  // Over [0, 1] the step is h = 1e-5 s and the central difference spans a
  // tenth of it each way, c = 1e-6 s: it errs by c^2 |f^(3)| / 6 <= 1e-12
  // (2 pi)^3 / 6 = 4.1e-11 for sin(2 pi t), and its rounding by about
  // 1e-16 / 1e-6 = 1e-10.
  FitSettings settings;
  std::vector<FitKey<1>> keys =
      Fit(PositionCurve(OneWave), 0, 1, OneWave, settings, PlaybackModel{});
  ExpectIncreasingFromTo(keys, 0, 1);
  ASSERT_GT(keys.size(), 4u);
  for (size_t k = 1; k + 1 < keys.size(); ++k) {
    EXPECT_NEAR(keys[k].tangent.x, kTurn * std::cos(kTurn * keys[k].t), 5e-10)
        << "at " << keys[k].t;
  }
}

// A jump at 0.3 s, then a slow line: 0.1 m/s before, 0.5 m higher and the
// same rate after (a look-at's yaw flipping past 180 degrees is such a jump).
double JumpAt03(double t) { return t < 0.3 ? 0.1 * t : 0.5 + 0.1 * t; }

TEST(HermiteFitTest, AfterAJumpHeldInOneTimeStepTheKeysGrowApartAgain) {
  // No segment across the jump fits, so a key goes one float32 time step
  // before it (the shortest length tried). Lengths below a time step all
  // name the next float32 time, so the fitter measures from the step itself:
  // it once kept a guess of 1e-17 s and put every key after the jump a
  // float32 step apart, a million of them.
  FitSettings settings;
  PlaybackModel gltf{PlaybackModel::Kind::kGltf};
  std::vector<FitKey<1>> keys = Fit(PositionCurve(JumpAt03), 0, 1, JumpAt03, settings, gltf);
  ExpectIncreasingFromTo(keys, 0, 1);
  EXPECT_LE(keys.size(), 40u);
  for (size_t k = 1; k < keys.size(); ++k) {
    if (keys[k - 1].t < 0.3 && keys[k].t >= 0.3) {
      EXPECT_LE(keys[k].t - keys[k - 1].t, 0x1p-24 * 1.01) << "the jump's segment";
    }
  }
  // Away from the jump's float32 step the line plays within the tolerance.
  EXPECT_LE(LargestPlayedError(keys, JumpAt03, 0.3), settings.tolerance.position);
}

TEST(HermiteFitTest, AKeyBesideAJumpTakesItsTangentFromItsOwnSide) {
  // In a sequence (double times) the keys either side of the jump sit two
  // doubles apart, each with the line's own slope 0.1: a central difference
  // at a key within 2e-5 s of the jump read 0.5 / 1e-5 into it, and the
  // keys there crowded a tenth of a microsecond apart.
  FitSettings settings;
  std::vector<FitKey<1>> keys =
      Fit(PositionCurve(JumpAt03), 0, 1, JumpAt03, settings, PlaybackModel{});
  ExpectIncreasingFromTo(keys, 0, 1);
  EXPECT_LE(keys.size(), 6u);
  for (const FitKey<1>& key : keys) EXPECT_NEAR(key.tangent.x, 0.1, 1e-6) << "at " << key.t;
}

// What a glTF player stores is float32: every key the fit checked must hold
// values and tangents that are float32s already, in every component, or
// the keys checked are not the keys written. GCC 12.2 at -O2 and -O3 left
// some components of three- and four-component keys unrounded when the
// rounding was a plain cast behind the playback's kind (its vectorizer);
// these curves caught it. Whether a double is a float32 is read from its
// bits here, not with a cast, so that no compiler can fold the check away.
bool IsFloat32(double value) {
  if (value == 0) return true;
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  const int exponent = static_cast<int>((bits >> 52) & 0x7ff) - 1023;
  if (exponent > 127 || exponent < -149) return false;
  // A float32 has 23 fraction bits at exponents from -126 on, fewer below.
  const int kept = exponent >= -126 ? 23 : 23 - (-126 - exponent);
  const std::uint64_t dropped = (std::uint64_t{1} << (52 - kept)) - 1;
  return (bits & dropped) == 0;
}

TEST(HermiteFitTest, IsFloat32ReadsTheBits) {
  EXPECT_TRUE(IsFloat32(1.5));
  EXPECT_TRUE(IsFloat32(1.10000002384185791015625));  // the float32 nearest 1.1
  EXPECT_FALSE(IsFloat32(1.1));
  EXPECT_TRUE(IsFloat32(-0x1.fffffep127));
  EXPECT_FALSE(IsFloat32(0x1p128));
  EXPECT_TRUE(IsFloat32(0x1p-149));  // the least subnormal float32
  EXPECT_TRUE(IsFloat32(0x1.8p-148));
  EXPECT_FALSE(IsFloat32(0x1.8p-149));
  EXPECT_FALSE(IsFloat32(0x1p-150));
  EXPECT_FALSE(IsFloat32(1 + 0x1p-24));
}

template <int N>
void ExpectEveryComponentIsAFloat32(const std::vector<FitKey<N>>& keys) {
  ASSERT_GT(keys.size(), 2u);
  for (const FitKey<N>& key : keys) {
    for (int c = 0; c < N; ++c) {
      EXPECT_TRUE(IsFloat32(key.value[c])) << "value " << c << " at " << key.t;
      EXPECT_TRUE(IsFloat32(key.tangent[c])) << "tangent " << c << " at " << key.t;
    }
  }
}

template <int N>
FitVector<N> Swirl(double t) {
  FitVector<N> value;
  for (int c = 0; c < N; ++c) value[c] = 1.3 * (c + 1) * std::sin(kTurn * (t + 0.1 * c)) + 0.7;
  return value;
}

template <int N>
std::vector<FitKey<N>> FitSwirl(const PlaybackModel& playback) {
  FitCurve<N> curve;
  curve.quantity = FitQuantity::kPosition;
  curve.track = [](double, const FitVector<N>&, double to) { return Swirl<N>(to); };
  curve.error = [](double t, const FitVector<N>& played) {
    return glm::length(played - Swirl<N>(t));
  };
  return FitHermite(curve, 0.0, 2.0, Swirl<N>(0), Swirl<N>(2), FitSettings{}, playback);
}

TEST(HermiteFitTest, GltfKeysHoldFloat32ValuesAndTangentsInEveryComponent) {
  PlaybackModel gltf{PlaybackModel::Kind::kGltf};
  ExpectEveryComponentIsAFloat32(FitSwirl<1>(gltf));
  ExpectEveryComponentIsAFloat32(FitSwirl<3>(gltf));
  ExpectEveryComponentIsAFloat32(FitSwirl<4>(gltf));
  // A sequence stores doubles: its keys are not rounded (or this test
  // could not tell rounding from values that happen to be float32s).
  std::vector<FitKey<3>> doubles = FitSwirl<3>(PlaybackModel{});
  int not_float32 = 0;
  for (const FitKey<3>& key : doubles) {
    for (int c = 0; c < 3; ++c) {
      if (!IsFloat32(key.value[c])) ++not_float32;
    }
  }
  EXPECT_GT(not_float32, 0);
}

}  // namespace
}  // namespace cinc
