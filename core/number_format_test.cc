#include "core/number_format.h"

#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

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

// What the contract promises, from the standard library: the shortest
// round trip (std::to_chars), "0" for both zeros.
std::string Reference(double value) {
  if (value == 0) return "0";
  char buffer[64];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}

TEST(NumberFormatTest, WholeThousandthsAreWrittenAsToCharsWritesThem) {
  // Written fixed, without trailing zeros, below 1e5; from 1e5 to_chars's
  // scientific spelling can be the shorter one.
  EXPECT_EQ(FormatDouble(0.001), "0.001");
  EXPECT_EQ(FormatDouble(-0.05), "-0.05");
  EXPECT_EQ(FormatDouble(27.466), "27.466");
  EXPECT_EQ(FormatDouble(12345), "12345");
  EXPECT_EQ(FormatDouble(99999.999), "99999.999");
  EXPECT_EQ(FormatDouble(100000), "1e+05");
  EXPECT_EQ(FormatDouble(-100000), "-1e+05");
  EXPECT_EQ(FormatDouble(0.0005), "5e-04");  // not a thousandth: to_chars, shorter
  // Every thousandth up to +-300, and every one near 1e5.
  for (int64_t k = -300000; k <= 300000; ++k) {
    const double value = static_cast<double>(k) / 1000;
    ASSERT_EQ(FormatDouble(value), Reference(value)) << k;
  }
  for (int64_t k = 99990000; k <= 100010000; ++k) {
    const double value = static_cast<double>(k) / 1000;
    ASSERT_EQ(FormatDouble(value), Reference(value)) << k;
    ASSERT_EQ(FormatDouble(-value), Reference(-value)) << k;
  }
  // Halfway between two thousandths (no whole thousandth: to_chars's).
  for (int64_t k = -300000; k <= 300000; ++k) {
    const double value = (static_cast<double>(k) + 0.5) / 1000;
    ASSERT_EQ(FormatDouble(value), Reference(value)) << k;
  }
  // Thousandths across the range, their neighbouring doubles (not
  // thousandths) and doubles of any bits.
  std::mt19937_64 random(20261204);
  std::uniform_int_distribution<int64_t> thousandths(-100000000, 100000000);
  for (int i = 0; i < 200000; ++i) {
    const double value = static_cast<double>(thousandths(random)) / 1000;
    ASSERT_EQ(FormatDouble(value), Reference(value)) << value;
    const double above = std::nextafter(value, HUGE_VAL);
    const double below = std::nextafter(value, -HUGE_VAL);
    ASSERT_EQ(FormatDouble(above), Reference(above));
    ASSERT_EQ(FormatDouble(below), Reference(below));
    const uint64_t bits = random();
    double any = 0;
    std::memcpy(&any, &bits, sizeof any);
    if (std::isfinite(any)) {
      ASSERT_EQ(FormatDouble(any), Reference(any)) << bits;
    }
  }
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
