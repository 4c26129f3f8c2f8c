#include "core/exact_time.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>

#include "core/number_format.h"

namespace cinc {
namespace {

using Wide = __int128;

Wide WideAbs(Wide value) { return value < 0 ? -value : value; }

Wide WideGcd(Wide a, Wide b) {
  a = WideAbs(a);
  b = WideAbs(b);
  constexpr Wide kNarrow = std::numeric_limits<uint64_t>::max();
  while (b != 0) {
    // Nearly always both fit in 64 bits: a 128-bit remainder (libgcc's
    // __modti3) was 4% of a large build.
    if (a <= kNarrow && b <= kNarrow) {
      return static_cast<Wide>(std::gcd(static_cast<uint64_t>(a), static_cast<uint64_t>(b)));
    }
    Wide rest = a % b;
    a = b;
    b = rest;
  }
  return a;
}

bool FitsInt64(Wide value) {
  return value >= std::numeric_limits<int64_t>::min() &&
         value <= std::numeric_limits<int64_t>::max();
}

// floor(a / b) for b > 0.
Wide FloorDivide(Wide a, Wide b) {
  Wide quotient = a / b;
  if ((a % b != 0) && (a < 0)) --quotient;
  return quotient;
}

}  // namespace

ExactTime ExactTime::FromWide(Wide numerator, Wide denominator) {
  if (denominator == 0) return Invalid();
  // Nearly always both fit in 64 bits: reduce there, without 128-bit
  // division (libgcc's __divti3 and __modti3 were 5% of a large build).
  if (denominator > 0 && FitsInt64(numerator) && FitsInt64(denominator)) {
    int64_t top = static_cast<int64_t>(numerator);
    int64_t bottom = static_cast<int64_t>(denominator);
    if (top == 0) {
      bottom = 1;
    } else if (bottom != 1) {
      const uint64_t magnitude =
          top < 0 ? uint64_t{0} - static_cast<uint64_t>(top) : static_cast<uint64_t>(top);
      const auto divisor = static_cast<int64_t>(std::gcd(magnitude, static_cast<uint64_t>(bottom)));
      top /= divisor;
      bottom /= divisor;
    }
    ExactTime time;
    time.numerator_ = top;
    time.denominator_ = bottom;
    return time;
  }
  if (denominator < 0) {
    numerator = -numerator;
    denominator = -denominator;
  }
  Wide divisor = denominator == 1 ? 1 : WideGcd(numerator, denominator);
  if (divisor > 1) {
    numerator /= divisor;
    denominator /= divisor;
  }
  if (numerator == 0) denominator = 1;
  if (!FitsInt64(numerator) || !FitsInt64(denominator)) return Invalid();
  ExactTime time;
  time.numerator_ = static_cast<int64_t>(numerator);
  time.denominator_ = static_cast<int64_t>(denominator);
  return time;
}

ExactTime ExactTime::FromRatio(int64_t numerator, int64_t denominator) {
  return FromWide(numerator, denominator);
}

ExactTime ExactTime::Invalid() {
  ExactTime time;
  time.numerator_ = 0;
  time.denominator_ = 0;
  return time;
}

std::optional<ExactTime> ExactTime::ParseDecimal(std::string_view text) {
  size_t index = 0;
  bool negative = false;
  if (index < text.size() && (text[index] == '+' || text[index] == '-')) {
    negative = text[index] == '-';
    ++index;
  }
  Wide mantissa = 0;
  int fraction_digits = 0;
  int digit_count = 0;
  int pending_zeros = 0;  // zero digits not yet multiplied in: trailing ones never are
  bool seen_point = false;
  constexpr Wide kMantissaLimit = static_cast<Wide>(1) << 100;
  for (; index < text.size(); ++index) {
    char c = text[index];
    if (c == '.' && !seen_point) {
      seen_point = true;
      continue;
    }
    if (c < '0' || c > '9') break;
    ++digit_count;
    if (seen_point) ++fraction_digits;
    if (c == '0') {
      ++pending_zeros;
      continue;
    }
    for (; pending_zeros > 0; --pending_zeros) {
      mantissa *= 10;
      if (mantissa > kMantissaLimit) return std::nullopt;
    }
    mantissa = mantissa * 10 + (c - '0');
    if (mantissa > kMantissaLimit) return std::nullopt;
  }
  if (digit_count == 0) return std::nullopt;
  int exponent = 0;
  if (index < text.size() && (text[index] == 'e' || text[index] == 'E')) {
    ++index;
    bool exponent_negative = false;
    if (index < text.size() && (text[index] == '+' || text[index] == '-')) {
      exponent_negative = text[index] == '-';
      ++index;
    }
    int exponent_digits = 0;
    for (; index < text.size() && text[index] >= '0' && text[index] <= '9'; ++index) {
      // Saturated: a zero mantissa is zero whatever its exponent.
      if (exponent <= 1000) exponent = exponent * 10 + (text[index] - '0');
      ++exponent_digits;
    }
    if (exponent_digits == 0) return std::nullopt;
    if (exponent_negative) exponent = -exponent;
  }
  if (index != text.size()) return std::nullopt;
  if (mantissa == 0) return ExactTime();
  if (exponent > 100 || exponent < -100) return std::nullopt;
  int power = exponent - fraction_digits + pending_zeros;  // value = mantissa * 10^power
  Wide numerator = negative ? -mantissa : mantissa;
  Wide denominator = 1;
  for (; power > 0; --power) {
    numerator *= 10;
    if (WideAbs(numerator) > kMantissaLimit) return std::nullopt;
  }
  for (; power < 0; ++power) {
    denominator *= 10;
    if (denominator > kMantissaLimit) return std::nullopt;
  }
  ExactTime time = FromWide(numerator, denominator);
  if (!time.IsValid()) return std::nullopt;
  return time;
}

bool ExactTime::IsMultipleOf(const ExactTime& step) const {
  if (!IsValid() || !step.IsValid() || step.numerator_ == 0) return false;
  // (a/b) / (c/d) = a*d / (b*c) must be an integer.
  Wide top = static_cast<Wide>(numerator_) * step.denominator_;
  Wide bottom = static_cast<Wide>(denominator_) * step.numerator_;
  return top % bottom == 0;
}

ExactTime ExactTime::RoundToGrid(int64_t steps_per_second) const {
  if (!IsValid() || steps_per_second <= 0) return Invalid();
  // k = floor(t * steps + 1/2) = floor((2 * a * steps + b) / (2 * b)).
  Wide top = 2 * static_cast<Wide>(numerator_) * steps_per_second + denominator_;
  Wide steps = FloorDivide(top, 2 * static_cast<Wide>(denominator_));
  return FromWide(steps, steps_per_second);
}

double ExactTime::ToDouble() const {
  if (!IsValid()) return std::numeric_limits<double>::quiet_NaN();
  constexpr int64_t kExact = int64_t{1} << 53;
  if (std::llabs(numerator_) <= kExact && denominator_ <= kExact) {
    return static_cast<double>(numerator_) / static_cast<double>(denominator_);
  }
  return static_cast<double>(static_cast<long double>(numerator_) /
                             static_cast<long double>(denominator_));
}

std::string ExactTime::ToString() const {
  if (!IsValid()) return "invalid";
  // A terminating decimal has a denominator of the form 2^a * 5^b.
  int64_t rest = denominator_;
  int twos = 0;
  int fives = 0;
  while (rest % 2 == 0) {
    rest /= 2;
    ++twos;
  }
  while (rest % 5 == 0) {
    rest /= 5;
    ++fives;
  }
  int digits = twos > fives ? twos : fives;
  if (rest != 1 || digits > 18) return FormatDouble(ToDouble());
  Wide scaled = static_cast<Wide>(numerator_);
  Wide multiplier = 1;
  for (int i = 0; i < digits; ++i) multiplier *= 10;
  scaled = scaled * (multiplier / denominator_);
  bool negative = scaled < 0;
  Wide magnitude = WideAbs(scaled);
  Wide whole = magnitude / multiplier;
  Wide fraction = magnitude % multiplier;
  std::string whole_text;
  do {
    whole_text.insert(whole_text.begin(), static_cast<char>('0' + static_cast<int>(whole % 10)));
    whole /= 10;
  } while (whole > 0);
  std::string text = negative ? "-" + whole_text : whole_text;
  if (fraction != 0) {
    std::string fraction_text(static_cast<size_t>(digits), '0');
    for (int i = digits - 1; i >= 0; --i) {
      fraction_text[static_cast<size_t>(i)] =
          static_cast<char>('0' + static_cast<int>(fraction % 10));
      fraction /= 10;
    }
    while (!fraction_text.empty() && fraction_text.back() == '0') fraction_text.pop_back();
    text += "." + fraction_text;
  }
  return text;
}

ExactTime operator+(const ExactTime& a, const ExactTime& b) {
  if (!a.IsValid() || !b.IsValid()) return ExactTime::Invalid();
  // Both are reduced: adding zero (a lag not written, a start at 0) is the other.
  if (b.numerator_ == 0) return a;
  if (a.numerator_ == 0) return b;
  if (a.denominator_ == b.denominator_) {
    return ExactTime::FromWide(static_cast<Wide>(a.numerator_) + b.numerator_, a.denominator_);
  }
  // A whole number of seconds added (a duration of 2 s to a start of 8.062 s):
  // (p + k q) / q is reduced when p / q is (a common divisor of p + k q and q
  // divides p), so there is no gcd to take.
  if (a.denominator_ == 1 || b.denominator_ == 1) {
    const ExactTime& whole = a.denominator_ == 1 ? a : b;
    const ExactTime& other = a.denominator_ == 1 ? b : a;
    const Wide numerator =
        static_cast<Wide>(whole.numerator_) * other.denominator_ + other.numerator_;
    if (FitsInt64(numerator)) {
      ExactTime sum;
      sum.numerator_ = static_cast<int64_t>(numerator);
      sum.denominator_ = other.denominator_;
      return sum;
    }
  }
  return ExactTime::FromWide(static_cast<Wide>(a.numerator_) * b.denominator_ +
                                 static_cast<Wide>(b.numerator_) * a.denominator_,
                             static_cast<Wide>(a.denominator_) * b.denominator_);
}

ExactTime operator-(const ExactTime& a, const ExactTime& b) { return a + (-b); }

ExactTime ExactTime::operator-() const {
  if (!IsValid()) return Invalid();
  // Reduced, and so is its negation: no gcd to take, but where -numerator
  // does not fit.
  if (numerator_ == std::numeric_limits<int64_t>::min()) {
    return FromWide(-static_cast<Wide>(numerator_), denominator_);
  }
  ExactTime negated;
  negated.numerator_ = -numerator_;
  negated.denominator_ = denominator_;
  return negated;
}

ExactTime ExactTime::MultipliedBy(int64_t numerator, int64_t denominator) const {
  if (!IsValid()) return Invalid();
  return FromWide(static_cast<Wide>(numerator_) * numerator,
                  static_cast<Wide>(denominator_) * denominator);
}

std::strong_ordering operator<=>(const ExactTime& a, const ExactTime& b) {
  if (!a.IsValid() || !b.IsValid()) return !a.IsValid() <=> !b.IsValid();
  // Denominators are positive: over the same one the numerators order.
  if (a.denominator_ == b.denominator_) return a.numerator_ <=> b.numerator_;
  Wide left = static_cast<Wide>(a.numerator_) * b.denominator_;
  Wide right = static_cast<Wide>(b.numerator_) * a.denominator_;
  if (left < right) return std::strong_ordering::less;
  if (left > right) return std::strong_ordering::greater;
  return std::strong_ordering::equal;
}

double ExactTime::Progress(const ExactTime& time, const ExactTime& start,
                           const ExactTime& duration) {
  // The usual case needs no reduced fractions (greatest common divisors of
  // 128-bit numbers): where the unreduced quotient's parts are within 2^53,
  // one double division of them is the correctly rounded quotient, as
  // ToDouble gives it of the reduced parts (smaller still).
  constexpr Wide kExact = Wide{1} << 53;
  auto within = [](Wide value) { return value <= kExact && value >= -kExact; };
  // (The one time whose negation does not fit, -2^63 / d, is left to the
  // general path, which takes time + (-start) and finds it invalid.)
  if (time.IsValid() && start.IsValid() && duration.IsValid() && duration.numerator_ != 0 &&
      start.numerator_ != std::numeric_limits<int64_t>::min()) {
    Wide elapsed_top = static_cast<Wide>(time.numerator_) * start.denominator_ -
                       static_cast<Wide>(start.numerator_) * time.denominator_;
    Wide elapsed_bottom = static_cast<Wide>(time.denominator_) * start.denominator_;
    if (within(elapsed_top) && within(elapsed_bottom)) {
      Wide top = elapsed_top * duration.denominator_;
      Wide bottom = elapsed_bottom * duration.numerator_;
      if (top == 0) return 0.0;  // not -0 where the duration is negative
      if (within(top) && within(bottom)) {
        return static_cast<double>(top) / static_cast<double>(bottom);
      }
    }
  }
  ExactTime elapsed = time - start;
  if (!elapsed.IsValid() || !duration.IsValid() || duration.numerator_ == 0) return 1.0;
  // elapsed / duration = (e.n * d.d) / (e.d * d.n), one rounding at the end.
  Wide top = static_cast<Wide>(elapsed.numerator_) * duration.denominator_;
  Wide bottom = static_cast<Wide>(elapsed.denominator_) * duration.numerator_;
  ExactTime ratio = ExactTime::FromWide(top, bottom);
  if (ratio.IsValid()) return ratio.ToDouble();
  return static_cast<double>(static_cast<long double>(top) / static_cast<long double>(bottom));
}

double DecimalDifference(double a, double b) {
  std::optional<ExactTime> exact_a = ExactTime::ParseDecimal(FormatDouble(a));
  std::optional<ExactTime> exact_b = ExactTime::ParseDecimal(FormatDouble(b));
  if (exact_a && exact_b) {
    ExactTime difference = *exact_a - *exact_b;
    if (difference.IsValid()) return difference.ToDouble();
  }
  return a - b;
}

}  // namespace cinc
