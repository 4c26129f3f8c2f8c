#include "compiler/scene/read_pattern.h"

#include <string_view>
#include <utility>

#include "compiler/scene/mapping_walker.h"
#include "compiler/scene/read_values.h"
#include "core/reference.h"

namespace cinc::scene_loading {
namespace {

constexpr std::string_view kFields[] = {"count", "offset", "axis", "angle", "center", "markers"};
enum PatternField { kCount, kOffset, kAxis, kAngle, kCenter, kMarkers, kFieldCount };

// Which fields the pattern gives, and where their keys are.
struct PatternKeys {
  bool given[kFieldCount] = {false, false, false, false, false, false};
  SourceLocation where[kFieldCount];
};

void ReadPatternField(ReadContext& context, int field, const YamlEvent& value, Pattern* pattern) {
  switch (field) {
    case kCount:
      if (std::optional<int64_t> count =
              ReadInteger(context, value, "count", 1, kMaxPatternCopies)) {
        pattern->count = static_cast<int>(*count);
      }
      break;
    case kOffset:
      if (std::optional<Vec3> offset = ReadVec3(context, value, "offset", kCoordinateRange)) {
        pattern->offset = *offset;
      }
      break;
    case kAxis:
      if (std::optional<Vec3> axis = ReadVec3(context, value, "axis", kCoordinateRange)) {
        if (glm::length(*axis) > 0) {
          pattern->axis = glm::normalize(*axis);
        } else {
          context.Report(DiagnosticCode::kSceneValue, value.location,
                         "the pattern's axis is [0, 0, 0]");
        }
      }
      break;
    case kAngle:
      if (std::optional<double> angle = ReadNumber(context, value, "angle", kAngleRange)) {
        pattern->angle_degrees = *angle;
      }
      break;
    case kCenter:
      if (std::optional<Vec3> center = ReadVec3(context, value, "center", kCoordinateRange)) {
        pattern->center = *center;
      }
      break;
    case kMarkers:
      if (std::optional<std::string> markers = ReadString(context, value, "markers")) {
        pattern->markers = std::move(*markers);
        pattern->markers_origin = context.OriginAt(value.location);
      }
      break;
  }
}

// A marker pattern: `markers` alone, object/marker-glob; its count is known
// once the models are read (-1 until then, 0 when refused).
void CheckMarkerPattern(ReadContext& context, const PatternKeys& keys, Pattern* pattern) {
  pattern->kind = Pattern::Kind::kMarkers;
  for (int field : {kCount, kOffset, kAxis, kAngle, kCenter}) {
    if (!keys.given[field]) continue;
    context.Report(DiagnosticCode::kSceneFormat, keys.where[field],
                   "'" + std::string(kFields[field]) +
                       "' cannot be combined with 'markers' (one copy per matching marker)");
  }
  if (pattern->markers.empty()) {
    pattern->count = 0;
  } else if (!SplitMarkerReference(pattern->markers).has_marker) {
    context.Report(
        DiagnosticCode::kSceneValue, pattern->markers_origin.location,
        "'markers' is object/marker-glob, as 'body/hole-*'; got '" + pattern->markers + "'");
    pattern->count = 0;
  } else {
    pattern->count = -1;  // known once the models are read
  }
}

// A linear pattern (count, offset) or a circular one (count, axis, angle,
// center).
void CheckCountedPattern(ReadContext& context, const YamlEvent& first, const PatternKeys& keys,
                         Pattern* pattern) {
  bool circular = keys.given[kAxis] || keys.given[kAngle] || keys.given[kCenter];
  pattern->kind = circular ? Pattern::Kind::kCircular : Pattern::Kind::kLinear;
  if (!keys.given[kCount]) {
    context.Report(DiagnosticCode::kSceneFormat, first.location, "missing field count");
    pattern->count = 0;
  }
  if (circular && keys.given[kOffset]) {
    context.Report(DiagnosticCode::kSceneFormat, keys.where[kOffset],
                   "'offset' (a linear pattern) cannot be combined with 'axis', 'angle' or "
                   "'center' (a circular one)");
  } else if (circular && !keys.given[kAngle]) {
    context.Report(DiagnosticCode::kSceneFormat, first.location,
                   "missing field angle (a circular pattern: count, axis, angle, center)");
  } else if (!circular && !keys.given[kOffset]) {
    context.Report(DiagnosticCode::kSceneFormat, first.location,
                   "missing field offset or angle (a linear pattern: count, offset; a circular "
                   "one: count, axis, angle, center)");
  }
}

}  // namespace

void ReadPattern(ReadContext& context, const YamlEvent& first, Pattern* pattern) {
  pattern->origin = context.OriginAt(first.location);
  if (!ExpectMapping(context, first)) return;
  MappingWalker walker(context, kFields);
  PatternKeys keys;
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    YamlEvent value = context.Next();
    int field = walker.field();
    keys.given[field] = true;
    keys.where[field] = walker.key_location();
    ReadPatternField(context, field, value, pattern);
  }
  if (context.reader.stopped()) return;
  if (keys.given[kMarkers]) {
    CheckMarkerPattern(context, keys, pattern);
  } else {
    CheckCountedPattern(context, first, keys, pattern);
  }
}

}  // namespace cinc::scene_loading
