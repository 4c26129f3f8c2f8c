#include "core/number_format.h"

#include <gtest/gtest.h>

#include <cmath>

namespace cinc {
namespace {

TEST(NumberFormatTest, WritesTheShortestRoundTrip) {
  EXPECT_EQ(FormatDouble(0.6), "0.6");
  EXPECT_EQ(FormatDouble(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(FormatDouble(8), "8");
  EXPECT_EQ(FormatDouble(-2.5), "-2.5");
  EXPECT_EQ(FormatDouble(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(FormatDouble(1e-7), "1e-07");
  EXPECT_EQ(FormatDouble(0.0), "0");
  EXPECT_EQ(FormatDouble(-0.0), "0");
  EXPECT_EQ(FormatDouble(std::nextafter(1.0, 0.0)), "0.9999999999999999");
}

TEST(NumberFormatTest, Float32SourcesLoseTheirNoise) {
  // 0.03f is 0.02999999932944774627685546875; its shortest float32 decimal is 0.03.
  EXPECT_EQ(WithoutFloat32Noise(static_cast<double>(0.03f)), 0.03);
  EXPECT_EQ(WithoutFloat32Noise(static_cast<double>(-0.6f)), -0.6);
  EXPECT_EQ(WithoutFloat32Noise(static_cast<double>(1.5f)), 1.5);
  // Not a float32: left as it is.
  EXPECT_EQ(WithoutFloat32Noise(0.1), 0.1);
  EXPECT_EQ(WithoutFloat32Noise(1.0 / 3.0), 1.0 / 3.0);
  EXPECT_EQ(WithoutFloat32Noise(0.0), 0.0);
}

}  // namespace
}  // namespace cinc
