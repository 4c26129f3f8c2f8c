#include "core/float32.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

namespace cinc {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

TEST(Float32Test, RoundsToTheNearestTiesToEven) {
  // 1.1 lies between the float32s 1.10000002384185791015625 and
  // 1.099999904632568359375; the first is nearer.
  EXPECT_EQ(static_cast<double>(ToFloat32(1.1)), 1.10000002384185791015625);
  // 1 + 2^-24 is halfway between 1 and 1 + 2^-23: ties go to 1 (even).
  EXPECT_EQ(ToFloat32(1 + 0x1p-24), 1.0f);
  // 1 + 3 * 2^-24 is halfway between 1 + 2^-23 and 1 + 2^-22: to the even one.
  EXPECT_EQ(static_cast<double>(ToFloat32(1 + 3 * 0x1p-24)), 1 + 0x1p-22);
  EXPECT_EQ(ToFloat32(-(1 + 0x1p-24)), -1.0f);  // a negative tie, to the even one too
  // Subnormal float32s: 1.5 * 2^-150 is nearer 2^-149 than 0.
  EXPECT_EQ(static_cast<double>(ToFloat32(0x1.8p-150)), 0x1p-149);
  EXPECT_EQ(ToFloat32(-0.0), 0.0f);
  EXPECT_TRUE(std::signbit(ToFloat32(-0.0)));
  // Below the least subnormal float32 (2^-149) by more than half: zero.
  EXPECT_EQ(ToFloat32(0x1p-151), 0.0f);
}

TEST(Float32Test, PastTheRangeIsInfinityFromHalfAStepOn) {
  const float largest = std::numeric_limits<float>::max();  // (2 - 2^-23) * 2^127
  EXPECT_EQ(ToFloat32(0x1.fffffep127), largest);
  // Less than half a step (2^104) past the largest: the largest.
  EXPECT_EQ(ToFloat32(0x1.fffffep127 + 0x1p102), largest);
  EXPECT_EQ(ToFloat32(std::nextafter(0x1.fffffep127 + 0x1p103, 0.0)), largest);
  EXPECT_EQ(ToFloat32(-(0x1.fffffep127 + 0x1p102)), -largest);
  // Half a step or more past it: infinity of the value's sign.
  EXPECT_EQ(ToFloat32(0x1.fffffep127 + 0x1p103), kInf);
  EXPECT_EQ(ToFloat32(1e39), kInf);
  EXPECT_EQ(ToFloat32(1e300), kInf);
  EXPECT_EQ(ToFloat32(-1e300), -kInf);
  EXPECT_EQ(ToFloat32(-(0x1.fffffep127 + 0x1p103)), -kInf);
  EXPECT_EQ(ToFloat32(std::numeric_limits<double>::infinity()), kInf);
  EXPECT_EQ(ToFloat32(-std::numeric_limits<double>::infinity()), -kInf);
  EXPECT_TRUE(std::isnan(ToFloat32(std::numeric_limits<double>::quiet_NaN())));
}

// Within the range the conversion is the hardware's: compared bit for bit
// with a float32 built from the double's bits by hand (round to nearest,
// ties to even, on the 52 - 23 = 29 dropped bits of a normal double).
float RoundedByHand(double value) {
  std::uint64_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  const std::uint64_t sign = bits >> 63;
  const int exponent = static_cast<int>((bits >> 52) & 0x7ff) - 1023;
  std::uint64_t mantissa = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
  // Only normal float32 results are built here (exponents -126 to 127).
  std::uint64_t kept = mantissa >> 29;
  const std::uint64_t dropped = mantissa & ((std::uint64_t{1} << 29) - 1);
  const std::uint64_t half = std::uint64_t{1} << 28;
  if (dropped > half || (dropped == half && (kept & 1))) ++kept;
  int biased = exponent + 127;
  if (kept >> 24) {  // the rounding carried into a new power of two
    kept >>= 1;
    ++biased;
  }
  const std::uint32_t out = static_cast<std::uint32_t>(sign << 31) |
                            (static_cast<std::uint32_t>(biased) << 23) |
                            static_cast<std::uint32_t>(kept & ((1u << 23) - 1));
  float result;
  std::memcpy(&result, &out, sizeof result);
  return result;
}

TEST(Float32Test, AgreesWithRoundingByHandOnRandomDoubles) {
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> exponent(-120, 120);
  std::uniform_real_distribution<double> mantissa(1, 2);
  for (int i = 0; i < 200000; ++i) {
    double value = std::ldexp(mantissa(random), static_cast<int>(exponent(random)));
    if (i % 2) value = -value;
    float by_hand = RoundedByHand(value);
    float converted = ToFloat32(value);
    ASSERT_EQ(std::memcmp(&by_hand, &converted, sizeof by_hand), 0) << value;
  }
}

}  // namespace
}  // namespace cinc
