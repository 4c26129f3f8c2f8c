#include "core/number_format.h"

#include <charconv>

namespace cinc {

std::string FormatDouble(double value) {
  if (value == 0) return "0";  // also -0
  char buffer[64];
  std::to_chars_result result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

}  // namespace cinc
