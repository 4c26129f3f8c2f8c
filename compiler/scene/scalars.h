// YAML scalars as the scene language reads them: the YAML 1.2 core schema,
// number texts, names.
#ifndef CINC_COMPILER_SCENE_SCALARS_H_
#define CINC_COMPILER_SCENE_SCALARS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "compiler/scene/yaml_reader.h"

namespace cinc::scene_loading {

enum class ScalarType { kNull, kBool, kInteger, kFloat, kString };

// The type of a scalar by the YAML 1.2 core schema; non-plain scalars are strings.
ScalarType ResolveScalar(const YamlEvent& event);
// The value of a core-schema integer text (0x / 0o prefixes too) that fits in 64 bits.
std::optional<int64_t> IntegerValue(std::string_view text);
// The value of an integer or float text (.inf, .nan; too large is infinite).
double NumberValue(std::string_view text);
// `.nan`, `.inf`, `-.inf` and their spellings.
bool IsSpecialFloatText(std::string_view text);
// A null text: ``, `~`, `null`, `Null`, `NULL`.
bool IsNullText(std::string_view text);
// A plain null scalar (`~`, `null`, nothing).
bool IsNullScalar(const YamlEvent& event);
// true/True/TRUE, false/False/FALSE; nothing for another text.
std::optional<bool> BoolText(std::string_view text);
// [A-Za-z_][A-Za-z0-9_-]*
bool IsName(std::string_view text);
// The number of Unicode code points of UTF-8 text.
size_t CodePointCount(std::string_view text);
// A number as people write it in a message: 1000000, not 1e+06.
std::string BoundText(double bound);
// What a value is in "expected X, got Y": "a mapping", "a list", "null",
// "a boolean", "a number", "a string".
std::string_view DescribeValue(const YamlEvent& event);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_SCALARS_H_
