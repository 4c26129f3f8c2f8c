#include "core/number_format.h"

#include <charconv>

#include "core/float32.h"

namespace cinc {

void AppendDouble(double value, std::string* out) {
  if (value == 0) {  // also -0
    *out += '0';
    return;
  }
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
