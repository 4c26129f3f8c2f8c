#include "compiler/scene/read_values.h"

#include <algorithm>
#include <cmath>

#include "compiler/scene/mapping_walker.h"
#include "compiler/scene/scalars.h"
#include "core/suggestion.h"
#include "sequence/limits.h"

namespace cinc::scene_loading {
namespace {

bool InRange(double value, const NumberRange& range) {
  bool above_low = range.low_open ? value > range.low : value >= range.low;
  bool below_high = range.high_open ? value < range.high : value <= range.high;
  return above_low && below_high;
}

std::string RangeProblem(const NumberRange& range) {
  if (range.low == 0 && std::isinf(range.high)) {
    return range.low_open ? "must be greater than 0" : "is negative";
  }
  return std::string("is outside ") + (range.low_open ? "(" : "[") + BoundText(range.low) + ", " +
         BoundText(range.high) + (range.high_open ? ")" : "]");
}

// kInteger or kFloat for a scalar that resolves to a number, else nothing.
std::optional<ScalarType> NumberScalarType(const YamlEvent& first) {
  if (first.kind != YamlEventKind::kScalar) return std::nullopt;
  ScalarType type = ResolveScalar(first);
  if (type != ScalarType::kInteger && type != ScalarType::kFloat) return std::nullopt;
  return type;
}

}  // namespace

bool ExpectMapping(ReadContext& context, const YamlEvent& first) {
  if (first.kind == YamlEventKind::kMappingStart) return true;
  context.TypeError(first, "a mapping");
  return false;
}

std::optional<double> ReadNumber(ReadContext& context, const YamlEvent& first,
                                 std::string_view field, const NumberRange& range) {
  std::optional<ScalarType> type = NumberScalarType(first);
  if (!type) {
    context.TypeError(first, "a number");
    return std::nullopt;
  }
  double value = NumberValue(first.value);
  if (!std::isfinite(value)) {
    context.ReportValue(first, field, "is not a finite number");
    return std::nullopt;
  }
  if (!InRange(value, range)) {
    context.ReportValue(first, field, RangeProblem(range));
    return std::nullopt;
  }
  return value;
}

std::optional<int64_t> ReadInteger(ReadContext& context, const YamlEvent& first,
                                   std::string_view field, int64_t low, int64_t high) {
  std::optional<ScalarType> type = NumberScalarType(first);
  if (!type) {
    context.TypeError(first, "an integer");
    return std::nullopt;
  }
  if (type == ScalarType::kInteger) {
    std::optional<int64_t> value = IntegerValue(first.value);
    if (value && *value >= low && *value <= high) return value;
  }
  context.Report(DiagnosticCode::kSceneValue, first.location,
                 std::string(field) + " " + std::string(first.value) + " is not an integer in " +
                     std::to_string(low) + ".." + std::to_string(high));
  return std::nullopt;
}

std::optional<bool> ReadBool(ReadContext& context, const YamlEvent& first) {
  if (first.kind == YamlEventKind::kScalar && ResolveScalar(first) == ScalarType::kBool) {
    return BoolText(first.value);
  }
  context.TypeError(first, "true or false");
  return std::nullopt;
}

std::optional<std::string> ReadString(ReadContext& context, const YamlEvent& first,
                                      std::string_view field) {
  if (first.kind != YamlEventKind::kScalar || first.unresolved ||
      (first.plain && IsNullText(first.value))) {
    context.TypeError(first, "a string");
    return std::nullopt;
  }
  if (!CheckLength(context, first.value, field, first.location)) return std::nullopt;
  return std::string(first.value);
}

std::optional<std::string> ReadText(ReadContext& context, const YamlEvent& first,
                                    std::string_view field) {
  std::optional<std::string> text = ReadString(context, first, field);
  if (text && text->empty()) {
    context.Report(DiagnosticCode::kSceneValue, first.location,
                   std::string(field) + " is empty; the runtime needs some text here");
    return std::nullopt;
  }
  return text;
}

std::optional<std::string> ReadName(ReadContext& context, const YamlEvent& first,
                                    std::string_view field) {
  std::optional<std::string> name = ReadString(context, first, field);
  if (name && !CheckName(context, *name, field, first.location)) return std::nullopt;
  return name;
}

bool CheckLength(ReadContext& context, std::string_view text, std::string_view field,
                 SourceLocation location) {
  if (CodePointCount(text) <= kMaxTextLength) return true;
  context.Report(
      DiagnosticCode::kLimit, location,
      std::string(field) + " is longer than " + std::to_string(kMaxTextLength) + " characters");
  return false;
}

bool CheckName(ReadContext& context, std::string_view name, std::string_view field,
               SourceLocation location) {
  if (!CheckLength(context, name, field, location)) return false;
  if (IsName(name)) return true;
  context.Report(DiagnosticCode::kSceneName, location, "invalid name '" + std::string(name) + "'");
  return false;
}

std::optional<ExactTime> ReadTime(ReadContext& context, const YamlEvent& first,
                                  std::string_view field, bool allow_negative) {
  std::optional<ScalarType> type = NumberScalarType(first);
  if (!type) {
    context.TypeError(first, "a number");
    return std::nullopt;
  }
  std::string_view text = first.value;
  std::optional<ExactTime> value;
  bool prefixed_integer = text.size() > 2 && text[0] == '0' && (text[1] == 'o' || text[1] == 'x');
  if (prefixed_integer) {
    if (std::optional<int64_t> integer = IntegerValue(text)) {
      value = ExactTime::FromInteger(*integer);
    }
  } else if (!IsSpecialFloatText(text)) {
    value = ExactTime::ParseDecimal(text);
  }
  if (!value) {  // no exact value: say why
    // A literal in range that is not exact has digits below the grid (one
    // on the grid always is exact: ExactTime::ParseDecimal).
    double approximate = NumberValue(text);
    if (!std::isfinite(approximate)) {
      context.ReportValue(first, field, "is not a finite number");
    } else if (std::abs(approximate) > 1000000) {
      context.ReportValue(first, field, "is outside [-1000000, 1000000]");
    } else {
      context.ReportValue(first, field, "is not a multiple of 0.000000001");
    }
    return std::nullopt;
  }
  static const ExactTime kLimit = ExactTime::FromInteger(1000000);
  static const ExactTime kGrid = ExactTime::FromRatio(1, 1000000000);
  if (*value > kLimit || *value < -kLimit) {
    context.ReportValue(first, field, "is outside [-1000000, 1000000]");
    return std::nullopt;
  }
  if (!value->IsZero() && !value->IsMultipleOf(kGrid)) {
    context.ReportValue(first, field, "is not a multiple of 0.000000001");
    return std::nullopt;
  }
  if (!allow_negative && *value < ExactTime()) {
    context.ReportValue(first, field, "is negative");
    return std::nullopt;
  }
  if (value->denominator() != 1 && context.time_unit != TimeUnit::kSeconds) {
    // Tick scenes count whole ticks; the unit may only be known at the end.
    if (context.time_unit == TimeUnit::kTicks) {
      context.ReportValue(first, field, kNotWholeTicks);
    } else {
      context.fraction_before_time_unit = true;
    }
  }
  return value;
}

bool ReadNumberList(ReadContext& context, const YamlEvent& first,
                    std::span<const NumberElement> elements, double* values) {
  auto expected = [&elements] {  // built only for a report
    return "a list of " + std::to_string(elements.size()) + " numbers";
  };
  if (first.kind != YamlEventKind::kSequenceStart) {
    context.TypeError(first, expected());
    return false;
  }
  size_t count = 0;
  bool valid = true;
  for (;;) {
    YamlEvent event = context.Next();
    if (event.kind == YamlEventKind::kEnd) return false;
    if (event.kind == YamlEventKind::kSequenceEnd) break;
    PathSegment segment(context, count);
    if (count < elements.size()) {
      std::optional<double> value =
          ReadNumber(context, event, elements[count].field, elements[count].range);
      if (value) {
        values[count] = *value;
      } else {
        valid = false;
      }
    } else {
      context.Skip(event);
    }
    ++count;
  }
  if (count != elements.size()) {
    context.Report(DiagnosticCode::kSceneFormat, first.location,
                   "expected " + expected() + ", got " + std::to_string(count));
    return false;
  }
  return valid;
}

std::optional<Vec3> ReadVec3(ReadContext& context, const YamlEvent& first, std::string_view field,
                             const NumberRange& range) {
  const NumberElement elements[3] = {{field, range}, {field, range}, {field, range}};
  double values[3];
  if (!ReadNumberList(context, first, elements, values)) return std::nullopt;
  return Vec3(values[0], values[1], values[2]);
}

std::optional<Quat> ReadRotation(ReadContext& context, const YamlEvent& first) {
  if (first.kind == YamlEventKind::kSequenceStart) {
    std::optional<Vec3> euler = ReadVec3(context, first, "rotation", kAngleRange);
    if (!euler) return std::nullopt;
    return QuatFromEulerDegrees(*euler);
  }
  if (first.kind != YamlEventKind::kMappingStart) {
    context.TypeError(first, "a list of 3 numbers or {quaternion: [x, y, z, w]}");
    return std::nullopt;
  }
  static constexpr std::string_view kFields[] = {"quaternion"};
  MappingWalker walker(context, kFields);
  std::optional<Quat> rotation;
  bool given = false;
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    YamlEvent value = context.Next();
    given = true;
    const NumberElement elements[4] = {{"quaternion", kAnyNumber},
                                       {"quaternion", kAnyNumber},
                                       {"quaternion", kAnyNumber},
                                       {"quaternion", kAnyNumber}};
    double xyzw[4];
    if (!ReadNumberList(context, value, elements, xyzw)) continue;
    double largest =
        std::max({std::abs(xyzw[0]), std::abs(xyzw[1]), std::abs(xyzw[2]), std::abs(xyzw[3])});
    if (!(largest > 0)) {
      context.Report(DiagnosticCode::kSceneValue, value.location, "quaternion has zero length");
      continue;
    }
    // Scaled first so that tiny or huge components normalise without under- or overflow.
    rotation =
        QuatFromXyzw({xyzw[0] / largest, xyzw[1] / largest, xyzw[2] / largest, xyzw[3] / largest});
  }
  if (!given && !context.reader.stopped())
    context.Report(DiagnosticCode::kSceneFormat, first.location, "missing field quaternion");
  return rotation;
}

std::optional<Vec3> ReadScale(ReadContext& context, const YamlEvent& first) {
  if (first.kind == YamlEventKind::kSequenceStart)
    return ReadVec3(context, first, "scale", kScaleRange);
  if (first.kind == YamlEventKind::kScalar) {
    ScalarType type = ResolveScalar(first);
    if (type == ScalarType::kInteger || type == ScalarType::kFloat) {
      std::optional<double> value = ReadNumber(context, first, "scale", kScaleRange);
      if (!value) return std::nullopt;
      return Vec3(*value, *value, *value);
    }
  }
  context.TypeError(first, "a number or a list of 3 numbers");
  return std::nullopt;
}

std::optional<Ease> ReadEase(ReadContext& context, const YamlEvent& first, std::string_view field) {
  if (first.kind == YamlEventKind::kSequenceStart) {
    std::string field_text(field);
    std::string names[4] = {field_text + " x1", field_text + " y1", field_text + " x2",
                            field_text + " y2"};
    const NumberElement elements[4] = {{names[0], kUnitInterval},
                                       {names[1], kEaseYRange},
                                       {names[2], kUnitInterval},
                                       {names[3], kEaseYRange}};
    double control[4];
    if (!ReadNumberList(context, first, elements, control)) return std::nullopt;
    return Ease::CubicBezier(control[0], control[1], control[2], control[3]);
  }
  if (first.kind != YamlEventKind::kScalar || ResolveScalar(first) != ScalarType::kString) {
    context.TypeError(first, "an ease name or a list of 4 numbers");
    return std::nullopt;
  }
  std::optional<Ease> ease = Ease::FromName(first.value);
  if (!ease) {
    context.Report(
        DiagnosticCode::kSceneValue, first.location,
        "unknown ease '" + std::string(first.value) + "'" + DidYouMean(first.value, kEaseNames));
  }
  return ease;
}

std::optional<Transform> ReadTransform(ReadContext& context, const YamlEvent& first) {
  Transform transform;
  if (first.kind == YamlEventKind::kScalar && first.plain && IsNullText(first.value)) {
    return transform;  // `top:` alone: the identity
  }
  if (!ExpectMapping(context, first)) return std::nullopt;
  static constexpr std::string_view kFields[] = {"position", "rotation"};
  MappingWalker walker(context, kFields);
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    YamlEvent value = context.Next();
    if (walker.field() == 0) {
      if (std::optional<Vec3> position = ReadVec3(context, value, "position", kCoordinateRange)) {
        transform.position = *position;
      }
    } else if (std::optional<Quat> rotation = ReadRotation(context, value)) {
      transform.rotation = *rotation;
    }
  }
  return transform;
}

bool ReadFocus(ReadContext& context, const YamlEvent& first, FocusTarget* focus) {
  focus->origin = context.OriginAt(first.location);
  if (first.kind == YamlEventKind::kScalar) {
    ScalarType type = ResolveScalar(first);
    if (type == ScalarType::kInteger || type == ScalarType::kFloat) {
      std::optional<double> distance = ReadNumber(context, first, "focus", kPositive);
      if (distance) focus->distance = *distance;
      return distance.has_value();
    }
  }
  if (first.kind != YamlEventKind::kMappingStart) {
    context.TypeError(first, "a number or {on: target}");
    return false;
  }
  static constexpr std::string_view kFields[] = {"on"};
  MappingWalker walker(context, kFields);
  bool given = false;
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    given = true;
    if (std::optional<std::string> target = ReadString(context, context.Next(), "on"))
      focus->on = *target;
  }
  if (!given && !context.reader.stopped())
    context.Report(DiagnosticCode::kSceneFormat, first.location, "missing field on");
  return !focus->on.empty();
}

}  // namespace cinc::scene_loading
