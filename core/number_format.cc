#include "core/number_format.h"

#include <charconv>
#include <cmath>
#include <cstdint>

#include "core/float32.h"

namespace cinc {
namespace {

// Whole thousandths are written without std::to_chars's general search
// (about 600 instructions a number): they are most of what cinc writes,
// key times in milliseconds and whole or 0.001-step values, 93 to 100 % of
// the nonzero numbers of the generated benchmark scenes' outputs.
//
// Why the characters are std::to_chars's: when T / 1000 (T whole, the
// division correctly rounded) is `value`, the decimal T / 1000 reads back
// to `value`, and below kThousandthsBelow it has at most 8 significant
// digits. Two different decimals of at most 8 significant digits are at
// least a hundred-millionth of their size apart, and the decimals that read
// back to one double are within 2.2e-16 of its size: T / 1000 is the only
// one, so it is the shortest. And below 1e5 the fixed spelling is never
// longer than the scientific one ("0.001" and "1e-03" tie, and to_chars
// writes a tie fixed). Anything else goes to to_chars.
constexpr double kThousandthsBelow = 1e5;

// Writes `value` at `at` when it is a whole number of thousandths below
// kThousandthsBelow, returning the end; nullptr otherwise.
char* WriteWholeThousandths(double value, char* at) {
  if (!(std::abs(value) < kThousandthsBelow)) return nullptr;  // NaN too
  // The whole number nearest value * 1000 (below 1e8), rounded without a
  // call: any candidate will do, as the test below keeps only T with
  // T / 1000 == value, and there is at most one.
  const double scaled = value * 1000;
  const int64_t thousandths = static_cast<int64_t>(scaled + (scaled < 0 ? -0.5 : 0.5));
  if (static_cast<double>(thousandths) / 1000 != value) return nullptr;
  uint64_t whole = static_cast<uint64_t>(thousandths < 0 ? -thousandths : thousandths);
  const unsigned fraction = static_cast<unsigned>(whole % 1000);
  whole /= 1000;  // at most 99,999: "-99999.999" at most
  if (thousandths < 0) *at++ = '-';
  const int whole_digits =
      whole >= 10000 ? 5 : (whole >= 1000 ? 4 : (whole >= 100 ? 3 : (whole >= 10 ? 2 : 1)));
  at += whole_digits;
  char* digit = at;
  do {
    *--digit = static_cast<char>('0' + whole % 10);
    whole /= 10;
  } while (whole != 0);
  if (fraction != 0) {  // its digits without trailing zeros
    const int digits = fraction % 100 == 0 ? 1 : (fraction % 10 == 0 ? 2 : 3);
    at[0] = '.';
    at[1] = static_cast<char>('0' + fraction / 100);
    if (digits > 1) at[2] = static_cast<char>('0' + fraction / 10 % 10);
    if (digits > 2) at[3] = static_cast<char>('0' + fraction % 10);
    at += 1 + digits;
  }
  return at;
}

}  // namespace

namespace number_format_internal {

char* WriteOtherDouble(double value, char* at) {
  if (value == 0) {  // also -0
    *at = '0';
    return at + 1;
  }
  if (char* end = WriteWholeThousandths(value, at)) return end;
  return std::to_chars(at, at + kDoubleTextMax, value).ptr;
}

}  // namespace number_format_internal

void AppendDouble(double value, std::string* out) {
  char buffer[kDoubleTextMax];
  out->append(buffer, WriteDouble(value, buffer));
}

std::string FormatDouble(double value) {
  std::string text;
  AppendDouble(value, &text);
  return text;
}

double WithoutFloat32Noise(double value) {
  const auto single = ToFloat32(value);
  if (!(static_cast<double>(single) == value) || value == 0) return value;
  char buffer[64];
  std::to_chars_result written = std::to_chars(buffer, buffer + sizeof buffer, single);
  double shortest = value;
  std::from_chars(buffer, written.ptr, shortest);
  return shortest;
}

}  // namespace cinc
