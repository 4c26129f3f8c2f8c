#include "compiler/scene/read_camera_moves.h"

#include <optional>
#include <string>
#include <utility>

#include "compiler/scene/field_table.h"
#include "compiler/scene/read_values.h"

namespace cinc::scene_loading {
namespace {

// The node's framing, made when `frame` or `margin` is read first.
Framing& FramingOf(Node* node) {
  Boxed<Framing>& frame = node->mutable_rare().frame;
  if (!frame) frame = Framing{};
  return *frame;
}

constexpr NumberRange kMarginRange{0, 0.5, false, true};

enum OrbitField { kOrbitAround, kOrbitDegrees };
constexpr FieldRule<Orbit> kOrbitRules[] = {
    {"around",
     [](ReadContext& context, const YamlEvent& value, Orbit* orbit) {
       if (value.kind == YamlEventKind::kSequenceStart) {
         return Keep(ReadVec3(context, value, "around", kCoordinateRange), &orbit->point);
       }
       std::optional<std::string> around = ReadText(context, value, "around");
       if (!around) return false;
       orbit->around = LocatedString{std::move(*around), context.OriginAt(value.location)};
       return true;
     }},
    {"degrees",
     [](ReadContext& context, const YamlEvent& value, Orbit* orbit) {
       return Keep(ReadNumber(context, value, "degrees", kAngleRange), &orbit->degrees);
     }},
};
constexpr auto kOrbitTable = MakeFieldTable(kOrbitRules);

}  // namespace

void ReadFrame(ReadContext& context, const YamlEvent& first, Node* node) {
  if (first.kind != YamlEventKind::kSequenceStart) {
    context.TypeError(first, "a list of objects");
    return;
  }
  Framing& framing = FramingOf(node);
  framing.origin = context.OriginAt(first.location);
  std::optional<size_t> count = ForEachElement(context, [&](const YamlEvent& event) {
    if (std::optional<std::string> name = ReadText(context, event, "frame")) {
      framing.objects.push_back(LocatedString{std::move(*name), context.OriginAt(event.location)});
    }
  });
  if (count == size_t{0}) {
    context.Report(DiagnosticCode::kSceneFormat, first.location, "'frame' is an empty list");
  }
}

void ReadFrameMargin(ReadContext& context, const YamlEvent& first, Node* node) {
  std::optional<double> margin = ReadNumber(context, first, "margin", kMarginRange);
  if (margin) FramingOf(node).margin = *margin;
}

void ReadOrbit(ReadContext& context, const YamlEvent& first, Node* node) {
  Orbit orbit;
  const std::optional<FieldsSeen> seen = ReadSection(context, first, kOrbitTable, &orbit);
  if (!seen || !RequireFields(context, first, *seen, kOrbitTable, {kOrbitAround, kOrbitDegrees})) {
    return;
  }
  if (seen->valid) node->mutable_rare().orbit = std::move(orbit);
}

}  // namespace cinc::scene_loading
