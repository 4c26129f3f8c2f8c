// Exact time: a rational number of seconds.
//
// Contract: scene times are exact (docs/language.md). 0.1 + 0.2 + 0.3 is 0.6,
// not 0.6000000000000001. Values are reduced fractions with a positive
// denominator; arithmetic is done in 128 bits and an overflow of the 64-bit
// result gives an invalid time (IsValid() false) rather than a wrong one.
// Stages keep their magnitudes far below that bound (time literals are at
// most 10^6 units; the resolver refuses anything past 10^9 s). A time becomes a
// double only when it is written, or as a progress (t - S) / d.
#ifndef CINC_CORE_EXACT_TIME_H_
#define CINC_CORE_EXACT_TIME_H_

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cinc {

class ExactTime {
 public:
  constexpr ExactTime() = default;  // zero
  static ExactTime FromInteger(int64_t seconds) { return FromRatio(seconds, 1); }
  // numerator / denominator seconds; denominator must not be 0.
  static ExactTime FromRatio(int64_t numerator, int64_t denominator);
  static ExactTime Invalid();

  // Parses a decimal literal exactly: [+-]digits[.digits][(e|E)[+-]digits].
  // nullopt when the text is no such literal or does not fit in 64 bits
  // (zeros before and after the significant digits cost nothing; zero is
  // zero whatever its exponent).
  static std::optional<ExactTime> ParseDecimal(std::string_view text);

  int64_t numerator() const { return numerator_; }
  int64_t denominator() const { return denominator_; }
  bool IsValid() const { return denominator_ != 0; }
  bool IsZero() const { return numerator_ == 0 && denominator_ == 1; }

  // True when this is an integer multiple of 1 / steps_per_unit.
  bool IsMultipleOf(const ExactTime& step) const;
  // Rounds to the nearest multiple of 1/steps_per_second; ties go to the later time.
  ExactTime RoundToGrid(int64_t steps_per_second) const;

  // The nearest double (correctly rounded while both parts are below 2^53).
  double ToDouble() const;
  // The value as an exact decimal when it has one with at most 18 fractional
  // digits, else the shortest round-trip decimal of ToDouble().
  std::string ToString() const;

  friend ExactTime operator+(const ExactTime& a, const ExactTime& b);
  friend ExactTime operator-(const ExactTime& a, const ExactTime& b);
  ExactTime operator-() const;
  ExactTime& operator+=(const ExactTime& other) { return *this = *this + other; }
  ExactTime& operator-=(const ExactTime& other) { return *this = *this - other; }
  // Scales by an integer ratio (for tick units: ticks * 1/N).
  ExactTime MultipliedBy(int64_t numerator, int64_t denominator) const;

  // Ordering of valid times; invalid times compare greater than all valid ones.
  friend std::strong_ordering operator<=>(const ExactTime& a, const ExactTime& b);
  friend bool operator==(const ExactTime& a, const ExactTime& b) {
    return a.numerator_ == b.numerator_ && a.denominator_ == b.denominator_;
  }

  // (this - start) / duration as a double, computed exactly before the one
  // rounding. duration must be positive.
  static double Progress(const ExactTime& time, const ExactTime& start, const ExactTime& duration);

 private:
  static ExactTime FromWide(__int128 numerator, __int128 denominator);

  int64_t numerator_ = 0;
  int64_t denominator_ = 1;
};

// a − b for times held as doubles (read from a file, or an exact time's
// double): the double nearest to the difference of the decimals they print
// as (FormatDouble), so that 3.8 − 3.2 is the double of 0.6 where double
// arithmetic gives 0.5999999999999996; the double difference when either
// decimal does not fit an ExactTime.
double DecimalDifference(double a, double b);

}  // namespace cinc

#endif  // CINC_CORE_EXACT_TIME_H_
