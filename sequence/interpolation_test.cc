// Channel curves against values worked out by hand (closed forms in comments).
#include "sequence/interpolation.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

Key MakeKey(double t, double value, Interpolation interp = Interpolation::kLinear) {
  Key key;
  key.t = t;
  key.value = {value};
  key.interp = interp;
  return key;
}

constexpr double kExact = 1e-12;

TEST(Interpolation, HoldsBeforeTheFirstAndAfterTheLastKey) {
  Keys keys = {MakeKey(1, 5), MakeKey(2, 7)};
  EXPECT_EQ(SampleScalarChannel(keys, 0), 5);
  EXPECT_EQ(SampleScalarChannel(keys, 1), 5);
  EXPECT_EQ(SampleScalarChannel(keys, 2), 7);
  EXPECT_EQ(SampleScalarChannel(keys, 100), 7);
  EXPECT_EQ(SampleScalarChannel({MakeKey(3, 4)}, 0), 4);
}

TEST(Interpolation, LinearAndStep) {
  Keys keys = {MakeKey(0, 0), MakeKey(2, 10, Interpolation::kStep), MakeKey(3, 20)};
  EXPECT_EQ(SampleScalarChannel(keys, 0.5), 2.5);
  EXPECT_EQ(SampleScalarChannel(keys, 2.999), 10);  // step holds this key's value
  EXPECT_EQ(SampleScalarChannel(keys, 3), 20);      // and jumps at the next key
}

TEST(Interpolation, EaseWarpsTheProgress) {
  // x1 = 1/3, x2 = 2/3 make x(s) = s, so the eased progress is
  // y(u) = 3 (1 - u)^2 u y1 + 3 (1 - u) u^2 y2 + u^3; with y1 = y2 = 1 at
  // u = 0.5: 0.375 + 0.375 + 0.125 = 0.875.
  Keys keys = {MakeKey(0, 0), MakeKey(2, 10)};
  keys[0].ease = std::array<double, 4>{1.0 / 3.0, 1, 2.0 / 3.0, 1};
  EXPECT_NEAR(SampleScalarChannel(keys, 1), 8.75, kExact);
  // CSS ease-in-out is symmetric: half way in time is half way in value.
  keys[0].ease = std::array<double, 4>{0.42, 0, 0.58, 1};
  EXPECT_NEAR(SampleScalarChannel(keys, 1), 5, kExact);
  // An ease on a step key changes nothing.
  keys[0].interp = Interpolation::kStep;
  EXPECT_EQ(SampleScalarChannel(keys, 1.9), 0);
}

TEST(Interpolation, HermiteWithTangents) {
  // v0 = 2 at t = 1 (out 3), v1 = 10 at t = 3 (in -1), span 2.
  Keys keys = {MakeKey(1, 2, Interpolation::kHermite), MakeKey(3, 10)};
  keys[0].out_tangent = std::vector<double>{3};
  keys[1].in_tangent = std::vector<double>{-1};
  // u = 0.5: h00 = h01 = 0.5, h10 = 0.125, h11 = -0.125:
  // 1 + 0.125 * 2 * 3 + 5 - 0.125 * 2 * -1 = 7.
  EXPECT_NEAR(SampleScalarChannel(keys, 2), 7, kExact);
  // u = 0.25: h00 = 0.84375, h10 = 0.140625, h01 = 0.15625, h11 = -0.046875:
  // 1.6875 + 0.84375 + 1.5625 + 0.09375 = 4.1875.
  EXPECT_NEAR(SampleScalarChannel(keys, 1.5), 4.1875, kExact);
  // A missing in_tangent copies the next key's out_tangent.
  keys[1].in_tangent.reset();
  keys[1].out_tangent = std::vector<double>{-1};
  EXPECT_NEAR(SampleScalarChannel(keys, 2), 7, kExact);
  // Both missing: 0, so 1 + 0.75 + 5 = 6.75.
  keys[1].out_tangent.reset();
  EXPECT_NEAR(SampleScalarChannel(keys, 2), 6.75, kExact);
  // A missing out_tangent is 0 as well: 1 + 5 = 6.
  keys[0].out_tangent.reset();
  EXPECT_NEAR(SampleScalarChannel(keys, 2), 6, kExact);
}

TEST(Interpolation, BezierWithHandles) {
  // P0 = 0, P1 = 0 + 1, P2 = 1 + 0.5, P3 = 1.
  Keys keys = {MakeKey(0, 0, Interpolation::kBezier), MakeKey(1, 1)};
  keys[0].out_tangent = std::vector<double>{1};
  keys[1].in_tangent = std::vector<double>{0.5};
  // u = 0.5: (0 + 3 * 1 + 3 * 1.5 + 1) / 8 = 1.0625.
  EXPECT_NEAR(SampleScalarChannel(keys, 0.5), 1.0625, kExact);
  // u = 0.25: 0.421875 * 1 + 0.140625 * 1.5 + 0.015625 = 0.6484375.
  EXPECT_NEAR(SampleScalarChannel(keys, 0.25), 0.6484375, kExact);
  // Missing handles are offsets of 0, the next key's out_tangent unused:
  // P1 = 0, P2 = 1: u = 0.25 gives 0.140625 + 0.015625 = 0.15625.
  keys[0].out_tangent.reset();
  keys[1].in_tangent.reset();
  keys[1].out_tangent = std::vector<double>{7};
  EXPECT_NEAR(SampleScalarChannel(keys, 0.25), 0.15625, kExact);
}

TEST(Interpolation, CatmullRomWithMirroredEnds) {
  // (0, 0), (1, 2), (3, 3): tangents 2 (end: (2 - 0) / 1), 1 ((3 - 0) / 3), 0.5 (end).
  Keys keys = {MakeKey(0, 0, Interpolation::kSmooth), MakeKey(1, 2, Interpolation::kSmooth),
               MakeKey(3, 3, Interpolation::kSmooth)};
  EXPECT_EQ(CatmullRomTangent(keys, 0, 0), 2);
  EXPECT_EQ(CatmullRomTangent(keys, 1, 0), 1);
  EXPECT_EQ(CatmullRomTangent(keys, 2, 0), 0.5);
  // Segment 0 at u = 0.5, span 1: 0.125 * 2 + 0.5 * 2 - 0.125 * 1 = 1.125.
  EXPECT_NEAR(SampleScalarChannel(keys, 0.5), 1.125, kExact);
  // Segment 1 at u = 0.5, span 2: 1 + 0.125 * 2 * 1 + 1.5 - 0.125 * 2 * 0.5 = 2.625.
  EXPECT_NEAR(SampleScalarChannel(keys, 2), 2.625, kExact);
}

TEST(Interpolation, VectorChannelsPerComponent) {
  Key from;
  from.t = 0;
  from.value = {0, 10, -4};
  Key to;
  to.t = 4;
  to.value = {8, 10, 4};
  ChannelSample sample = SampleChannel({from, to}, 1);
  EXPECT_EQ(sample[0], 2);
  EXPECT_EQ(sample[1], 10);
  EXPECT_EQ(sample[2], -2);
}

TEST(Interpolation, SegmentSearchMatchesALinearScanOnUnevenKeys) {
  // Keys crowded at both ends and sparse in the middle, so the even-spacing
  // guess is far off; step keys make the found segment visible in the value.
  Keys keys;
  for (int index = 0; index < 500; ++index) {
    double x = index / 499.0;
    keys.push_back(MakeKey(x * x * x * 100, index, Interpolation::kStep));
  }
  for (int sample = 0; sample <= 20000; ++sample) {
    double t = sample * 0.005 - 0.5;
    double expected = 0;
    for (const Key& key : keys) {
      if (key.t <= t) expected = key.value[0];
    }
    ASSERT_EQ(SampleScalarChannel(keys, t), expected) << t;
  }
}

}  // namespace
}  // namespace cinc
