#include "compiler/scene/scalars.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "core/number_format.h"

namespace cinc::scene_loading {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsHexDigit(char c) { return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

bool AllOf(std::string_view text, bool (*predicate)(char)) {
  return !text.empty() && std::all_of(text.begin(), text.end(), predicate);
}

// [-+]?[0-9]+ | 0o[0-7]+ | 0x[0-9a-fA-F]+
bool IsIntegerText(std::string_view text) {
  if (text.size() > 2 && text[0] == '0' && text[1] == 'o') {
    return AllOf(text.substr(2), [](char c) { return c >= '0' && c <= '7'; });
  }
  if (text.size() > 2 && text[0] == '0' && text[1] == 'x') {
    return AllOf(text.substr(2), IsHexDigit);
  }
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  return AllOf(text, IsDigit);
}

// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? or a special float.
bool IsFloatText(std::string_view text) {
  if (IsSpecialFloatText(text)) return true;
  size_t index = 0;
  if (index < text.size() && (text[index] == '-' || text[index] == '+')) ++index;
  size_t integer_digits = 0;
  while (index < text.size() && IsDigit(text[index])) ++index, ++integer_digits;
  size_t fraction_digits = 0;
  if (index < text.size() && text[index] == '.') {
    ++index;
    while (index < text.size() && IsDigit(text[index])) ++index, ++fraction_digits;
  }
  if (integer_digits == 0 && fraction_digits == 0) return false;
  if (index < text.size() && (text[index] == 'e' || text[index] == 'E')) {
    ++index;
    if (index < text.size() && (text[index] == '-' || text[index] == '+')) ++index;
    size_t exponent_digits = 0;
    while (index < text.size() && IsDigit(text[index])) ++index, ++exponent_digits;
    if (exponent_digits == 0) return false;
  }
  return index == text.size();
}

}  // namespace

bool IsNullText(std::string_view text) {
  return text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL";
}

std::optional<bool> BoolText(std::string_view text) {
  if (text == "true" || text == "True" || text == "TRUE") return true;
  if (text == "false" || text == "False" || text == "FALSE") return false;
  return std::nullopt;
}

bool IsSpecialFloatText(std::string_view text) {
  if (text == ".nan" || text == ".NaN" || text == ".NAN") return true;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  return text == ".inf" || text == ".Inf" || text == ".INF";
}

// The value of an integer or float text (see ResolveScalar).
double NumberValue(std::string_view text) {
  if (IsSpecialFloatText(text)) {
    if (text.find_first_of("nN") != std::string_view::npos) return std::nan("");
    return text[0] == '-' ? -HUGE_VAL : HUGE_VAL;
  }
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'o' || text[1] == 'x')) {
    std::optional<int64_t> value = IntegerValue(text);
    return value ? static_cast<double>(*value) : HUGE_VAL;
  }
  bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) text.remove_prefix(1);
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc::result_out_of_range) {
    // Too small rounds to zero; too large is infinite.
    size_t exponent = text.find_first_of("eE");
    bool tiny = exponent != std::string_view::npos && exponent + 1 < text.size() &&
                text[exponent + 1] == '-';
    value = tiny ? 0.0 : HUGE_VAL;
  }
  return negative ? -value : value;
}

size_t CodePointCount(std::string_view text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string_view DescribeValue(const YamlEvent& event) {
  switch (event.kind) {
    case YamlEventKind::kMappingStart:
      return "a mapping";
    case YamlEventKind::kSequenceStart:
      return "a list";
    case YamlEventKind::kScalar:
      break;
    default:
      return "nothing";
  }
  switch (ResolveScalar(event)) {
    case ScalarType::kNull:
      return "null";
    case ScalarType::kBool:
      return "a boolean";
    case ScalarType::kInteger:
    case ScalarType::kFloat:
      return "a number";
    case ScalarType::kString:
      break;
  }
  return "a string";
}

std::string BoundText(double bound) {
  if (bound == std::trunc(bound) && std::abs(bound) < 1e15) {
    return std::to_string(static_cast<long long>(bound));
  }
  return FormatDouble(bound);
}

std::optional<int64_t> IntegerValue(std::string_view text) {
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'o' || text[1] == 'x')) {
    base = text[1] == 'o' ? 8 : 16;
    text.remove_prefix(2);
  } else if (!text.empty() && text[0] == '+') {
    text.remove_prefix(1);
  }
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

bool IsNullScalar(const YamlEvent& event) {
  return event.kind == YamlEventKind::kScalar && event.plain && !event.unresolved &&
         IsNullText(event.value);
}

ScalarType ResolveScalar(const YamlEvent& event) {
  if (!event.plain) return ScalarType::kString;
  std::string_view text = event.value;
  if (IsNullText(text)) return ScalarType::kNull;
  // Most plain scalars are names: only a few first characters can start anything else.
  char first = text[0];
  if (!IsDigit(first) && first != '-' && first != '+' && first != '.' && first != 't' &&
      first != 'T' && first != 'f' && first != 'F') {
    return ScalarType::kString;
  }
  if (BoolText(text)) return ScalarType::kBool;
  if (IsIntegerText(text)) return ScalarType::kInteger;
  if (IsFloatText(text)) return ScalarType::kFloat;
  return ScalarType::kString;
}

bool IsName(std::string_view text) {
  if (text.empty()) return false;
  char first = text[0];
  if (!((first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z') || first == '_')) {
    return false;
  }
  return std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || IsDigit(c) || c == '_' || c == '-';
  });
}

}  // namespace cinc::scene_loading
