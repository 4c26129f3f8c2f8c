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

bool AppendWholeThousandths(double value, std::string* out) {
  if (!(std::abs(value) < kThousandthsBelow)) return false;  // NaN too
  const int64_t thousandths = std::llround(value * 1000);
  if (static_cast<double>(thousandths) / 1000 != value) return false;
  const uint64_t magnitude = static_cast<uint64_t>(thousandths < 0 ? -thousandths : thousandths);
  char buffer[32];
  char* end = buffer;
  if (thousandths < 0) *end++ = '-';
  end = std::to_chars(end, buffer + sizeof buffer, magnitude / 1000).ptr;
  unsigned fraction = static_cast<unsigned>(magnitude % 1000);
  if (fraction != 0) {
    *end++ = '.';
    for (unsigned place = 100; fraction != 0; place /= 10) {  // no trailing zeros
      *end++ = static_cast<char>('0' + fraction / place);
      fraction %= place;
    }
  }
  out->append(buffer, end);
  return true;
}

}  // namespace

void AppendDouble(double value, std::string* out) {
  if (value == 0) {  // also -0
    *out += '0';
    return;
  }
  if (AppendWholeThousandths(value, out)) return;
  char buffer[64];
  std::to_chars_result result = std::to_chars(buffer, buffer + sizeof buffer, value);
  out->append(buffer, result.ptr);
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
