#include "core/exact_time.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

namespace cinc {
namespace {

ExactTime Parse(const char* text) {
  std::optional<ExactTime> time = ExactTime::ParseDecimal(text);
  EXPECT_TRUE(time.has_value()) << text;
  return time.value_or(ExactTime::Invalid());
}

TEST(ExactTimeTest, ParsesDecimalsExactly) {
  EXPECT_EQ(Parse("0.1"), ExactTime::FromRatio(1, 10));
  EXPECT_EQ(Parse("-2.50"), ExactTime::FromRatio(-5, 2));
  EXPECT_EQ(Parse("+3"), ExactTime::FromInteger(3));
  EXPECT_EQ(Parse("1e-3"), ExactTime::FromRatio(1, 1000));
  EXPECT_EQ(Parse("1.5E2"), ExactTime::FromInteger(150));
  EXPECT_EQ(Parse(".5"), ExactTime::FromRatio(1, 2));
  EXPECT_EQ(Parse("5."), ExactTime::FromInteger(5));
  EXPECT_EQ(Parse("0.000000001"), ExactTime::FromRatio(1, 1000000000));
  EXPECT_EQ(Parse("-0"), ExactTime());
}

TEST(ExactTimeTest, RefusesWhatIsNoDecimal) {
  for (const char* text : {"", "abc", "1.2.3", "1e", "e5", "0x10", "1 ", " 1", ".", "-", "1e400",
                           ".nan", ".inf", "1_000"}) {
    EXPECT_FALSE(ExactTime::ParseDecimal(text).has_value()) << text;
  }
}

// Zeros around the significant digits cost nothing, and zero is zero
// whatever its exponent (issue 41); digits beyond what fits still do not.
TEST(ExactTimeTest, ZerosDoNotOverflow) {
  EXPECT_EQ(Parse(("1." + std::string(88, '0')).c_str()), ExactTime::FromInteger(1));
  EXPECT_EQ(Parse(("0." + std::string(8, '0') + "1" + std::string(80, '0')).c_str()),
            ExactTime::FromRatio(1, 1000000000));
  EXPECT_EQ(Parse("0e99999999999"), ExactTime());
  EXPECT_EQ(Parse("-0.000e-99999999999"), ExactTime());
  EXPECT_EQ(Parse("000000000000000000000000000000000000000012"), ExactTime::FromInteger(12));
  EXPECT_FALSE(ExactTime::ParseDecimal("1." + std::string(87, '0') + "1").has_value());
  EXPECT_FALSE(ExactTime::ParseDecimal("1e99999999999").has_value());
}

TEST(ExactTimeTest, SumsExactly) {
  // 1/10 + 2/10 + 3/10 = 6/10 exactly, which a double sum misses by 1.1e-16.
  ExactTime sum = Parse("0.1") + Parse("0.2") + Parse("0.3");
  EXPECT_EQ(sum, ExactTime::FromRatio(3, 5));
  EXPECT_EQ(sum.ToDouble(), 0.6);
  EXPECT_EQ(sum.ToString(), "0.6");
  EXPECT_EQ((Parse("1") - Parse("1.25")).ToString(), "-0.25");
}

// A whole number added keeps the other's denominator, reduced without a gcd:
// 2 + 8.062 = 10.062 = 5031/500; -3 + 7/4 = -5/4; 1/3 + 5 = 16/3.
TEST(ExactTimeTest, AddingWholeSecondsKeepsTheReducedFraction) {
  const ExactTime sum = ExactTime::FromInteger(2) + Parse("8.062");
  EXPECT_EQ(sum.numerator(), 5031);
  EXPECT_EQ(sum.denominator(), 500);
  const ExactTime negative = ExactTime::FromInteger(-3) + ExactTime::FromRatio(7, 4);
  EXPECT_EQ(negative.numerator(), -5);
  EXPECT_EQ(negative.denominator(), 4);
  const ExactTime thirds = ExactTime::FromRatio(1, 3) + ExactTime::FromInteger(5);
  EXPECT_EQ(thirds.numerator(), 16);
  EXPECT_EQ(thirds.denominator(), 3);
  // (2^63 - 1) + 1/2 = (2^64 - 1) / 2: its numerator does not fit.
  EXPECT_FALSE((ExactTime::FromInteger(INT64_MAX) + ExactTime::FromRatio(1, 2)).IsValid());
}

TEST(ExactTimeTest, AddingZeroGivesTheOtherAndKeepsInvalidInvalid) {
  const ExactTime third = ExactTime::FromRatio(1, 3);
  EXPECT_EQ(third + ExactTime(), third);
  EXPECT_EQ(ExactTime() + third, third);
  EXPECT_EQ((ExactTime() + ExactTime()).ToString(), "0");
  EXPECT_FALSE((ExactTime() + ExactTime::Invalid()).IsValid());
  EXPECT_FALSE((ExactTime::Invalid() + ExactTime()).IsValid());
  EXPECT_EQ((ExactTime() - third).ToString(), ExactTime::FromRatio(-1, 3).ToString());
}

TEST(ExactTimeTest, NegationKeepsTheReducedFraction) {
  const ExactTime negated = -ExactTime::FromRatio(3, 1000);
  EXPECT_EQ(negated.numerator(), -3);
  EXPECT_EQ(negated.denominator(), 1000);
  const ExactTime back = -ExactTime::FromRatio(-7, 2);
  EXPECT_EQ(back.numerator(), 7);
  EXPECT_EQ(back.denominator(), 2);
  EXPECT_TRUE((-ExactTime()).IsZero());
  EXPECT_FALSE((-ExactTime::Invalid()).IsValid());
  // -(-2^63) / 1 does not fit in 64 bits.
  EXPECT_FALSE((-ExactTime::FromRatio(std::numeric_limits<int64_t>::min(), 1)).IsValid());
  // 1.5 - 0.25: the difference through the negation.
  const ExactTime difference = ExactTime::FromRatio(3, 2) - ExactTime::FromRatio(1, 4);
  EXPECT_EQ(difference.numerator(), 5);
  EXPECT_EQ(difference.denominator(), 4);
}

TEST(ExactTimeTest, ComparesAcrossDenominators) {
  EXPECT_LT(ExactTime::FromRatio(1, 3), ExactTime::FromRatio(1, 2));
  EXPECT_GT(ExactTime::FromRatio(-1, 3), ExactTime::FromRatio(-1, 2));
  EXPECT_EQ(ExactTime::FromRatio(2, 4), ExactTime::FromRatio(1, 2));
  EXPECT_LT(ExactTime::FromInteger(1000000000), ExactTime::Invalid());
}

TEST(ExactTimeTest, RoundsToGridWithTiesTowardLater) {
  // On a 1/30 s grid: 1/60 is exactly half a step and goes up to 1/30;
  // 0.01 (0.3 steps) goes down to 0; -1/60 (a tie) goes up to 0.
  EXPECT_EQ(ExactTime::FromRatio(1, 60).RoundToGrid(30), ExactTime::FromRatio(1, 30));
  EXPECT_EQ(Parse("0.01").RoundToGrid(30), ExactTime());
  EXPECT_EQ(ExactTime::FromRatio(-1, 60).RoundToGrid(30), ExactTime());
  EXPECT_EQ(ExactTime::FromRatio(-1, 40).RoundToGrid(30), ExactTime::FromRatio(-1, 30));
  EXPECT_EQ(Parse("2.5").RoundToGrid(1), ExactTime::FromInteger(3));
}

TEST(ExactTimeTest, ChecksGridMembership) {
  ExactTime nanosecond = ExactTime::FromRatio(1, 1000000000);
  EXPECT_TRUE(Parse("0.123456789").IsMultipleOf(nanosecond));
  EXPECT_FALSE(Parse("0.1234567891").IsMultipleOf(nanosecond));
  EXPECT_FALSE(ExactTime::FromRatio(1, 3).IsMultipleOf(nanosecond));
}

TEST(ExactTimeTest, ConvertsTicks) {
  // 45 ticks at 20 per second are 2.25 s.
  EXPECT_EQ(ExactTime::FromInteger(45).MultipliedBy(1, 20), Parse("2.25"));
}

TEST(ExactTimeTest, WritesRepeatingFractionsAsTheirDouble) {
  EXPECT_EQ(ExactTime::FromRatio(1, 3).ToString(), "0.3333333333333333");
  EXPECT_EQ(ExactTime::FromRatio(7, 8).ToString(), "0.875");
  EXPECT_EQ(ExactTime::FromInteger(3600).ToString(), "3600");
}

TEST(ExactTimeTest, ProgressIsRoundedOnce) {
  // (0.7 - 0.1) / 0.3 = 2 exactly; in doubles (0.7 - 0.1) / 0.3 is 1.9999999999999998.
  EXPECT_EQ(ExactTime::Progress(Parse("0.7"), Parse("0.1"), Parse("0.3")), 2.0);
  EXPECT_EQ(ExactTime::Progress(Parse("1"), Parse("0"), Parse("3")), 1.0 / 3.0);
  // Before the start, and at it (+0, not -0, over a negative duration too).
  EXPECT_EQ(ExactTime::Progress(Parse("0.1"), Parse("0.4"), Parse("0.6")), -0.5);
  for (const char* duration : {"0.6", "-0.6"}) {
    double at_start = ExactTime::Progress(Parse("0.4"), Parse("0.4"), Parse(duration));
    EXPECT_EQ(at_start, 0.0);
    EXPECT_FALSE(std::signbit(at_start)) << duration;
  }
  // A quotient past 2^53 even when reduced: 1/(2^27 + 1) - 1/(2^27 + 3)
  // is 2/18014399046352899, whose nearest double is 1.1102229915379328e-16
  // (worked out with Python's fractions).
  EXPECT_EQ(ExactTime::Progress(ExactTime::FromRatio(1, (1 << 27) + 1),
                                ExactTime::FromRatio(1, (1 << 27) + 3), ExactTime::FromInteger(1)),
            1.1102229915379328e-16);
  // Parts past 2^53 that reduce to within it: (3/2^30 - 1/2^30) / (1/3) is
  // 2^31 * 3 / 2^60 unreduced, 3/2^29 reduced, exactly 5.587935447692871e-09.
  EXPECT_EQ(
      ExactTime::Progress(ExactTime::FromRatio(3, int64_t{1} << 30),
                          ExactTime::FromRatio(1, int64_t{1} << 30), ExactTime::FromRatio(1, 3)),
      5.587935447692871e-09);
  // -start does not fit 64 bits: the time is invalid, and so the progress is 1.
  ExactTime lowest = ExactTime::FromInteger(INT64_MIN);
  EXPECT_EQ(ExactTime::Progress(lowest, lowest, ExactTime::FromInteger(1)), 1.0);
  // Thirds over sevenths: (2/3 - 1/7) / (5/7) = (11/21) / (5/7) = 11/15.
  EXPECT_EQ(ExactTime::Progress(ExactTime::FromRatio(2, 3), ExactTime::FromRatio(1, 7),
                                ExactTime::FromRatio(5, 7)),
            11.0 / 15.0);
}

TEST(ExactTimeTest, OrdersOverTheSameAndOtherDenominators) {
  EXPECT_LT(ExactTime::FromRatio(3, 4), ExactTime::FromRatio(5, 4));
  EXPECT_LT(ExactTime::FromRatio(-5, 4), ExactTime::FromRatio(-3, 4));
  EXPECT_LT(ExactTime::FromRatio(2, 3), ExactTime::FromRatio(3, 4));
  EXPECT_GT(ExactTime::FromRatio(1, 3), ExactTime::FromRatio(333333333, 1000000000));
  EXPECT_EQ(ExactTime::FromRatio(2, 4) <=> ExactTime::FromRatio(1, 2), std::strong_ordering::equal);
  EXPECT_GT(ExactTime::Invalid(), ExactTime::FromInteger(1000000000));
  EXPECT_EQ(ExactTime::Invalid() <=> ExactTime::Invalid(), std::strong_ordering::equal);
}

TEST(ExactTimeTest, OverflowGivesAnInvalidTime) {
  ExactTime huge = ExactTime::FromInteger(INT64_MAX);
  EXPECT_FALSE((huge + huge).IsValid());
  EXPECT_FALSE((ExactTime::Invalid() + ExactTime()).IsValid());
}

// 3.8 - 3.2 in doubles is 0.5999999999999996; as the decimals they print
// as, 0.6. A third prints as 0.3333333333333333: 1 minus that decimal is
// 0.6666666666666667. 1e300 fits no exact time: the double difference.
TEST(ExactTimeTest, DecimalDifferenceIsTheDifferenceOfThePrintedDecimals) {
  EXPECT_NE(3.8 - 3.2, 0.6);
  EXPECT_EQ(DecimalDifference(3.8, 3.2), 0.6);
  EXPECT_EQ(DecimalDifference(4.5, 4.2), 0.3);
  EXPECT_EQ(DecimalDifference(1, 1.0 / 3), 0.6666666666666667);
  EXPECT_EQ(DecimalDifference(11, 9.4), 1.6);
  EXPECT_EQ(DecimalDifference(1e300, 1), 1e300);
  EXPECT_EQ(DecimalDifference(2, 3), -1.0);
}

}  // namespace
}  // namespace cinc
