#include "compiler/scene/read_explode.h"

#include <optional>
#include <string>
#include <utility>

#include "compiler/scene/field_table.h"
#include "compiler/scene/read_values.h"

namespace cinc::scene_loading {
namespace {

constexpr NumberRange kDistanceRange{0, kMaxCoordinate, true, false};

enum ExplodeField { kExplodeParts, kExplodeFrom, kExplodeAlong, kExplodeDistance };
constexpr FieldRule<Explode> kExplodeRules[] = {
    {"parts",
     [](ReadContext& context, const YamlEvent& value, Explode* explode) {
       if (value.kind != YamlEventKind::kSequenceStart) {
         context.TypeError(value, "a list of objects");
         return false;
       }
       std::optional<size_t> count = ForEachElement(context, [&](const YamlEvent& event) {
         if (std::optional<std::string> name = ReadText(context, event, "parts")) {
           explode->parts.push_back(
               LocatedString{std::move(*name), context.OriginAt(event.location)});
         }
       });
       if (count == size_t{0}) {
         context.Report(DiagnosticCode::kSceneFormat, value.location, "'parts' is an empty list");
         return false;
       }
       return count.has_value();
     }},
    {"from",
     [](ReadContext& context, const YamlEvent& value, Explode* explode) {
       if (value.kind == YamlEventKind::kSequenceStart) {
         return Keep(ReadVec3(context, value, "from", kCoordinateRange), &explode->point);
       }
       std::optional<std::string> from = ReadText(context, value, "from");
       if (!from) return false;
       explode->from = LocatedString{std::move(*from), context.OriginAt(value.location)};
       return true;
     }},
    {"along",
     [](ReadContext& context, const YamlEvent& value, Explode* explode) {
       std::optional<std::string> along = ReadText(context, value, "along");
       if (!along) return false;
       if (*along != "axis") {
         context.Report(
             DiagnosticCode::kSceneValue, value.location,
             "unknown along '" + *along + "': parts move along their frame's axis (`along: axis`)");
         return false;
       }
       explode->along = true;
       return true;
     }},
    {"distance",
     [](ReadContext& context, const YamlEvent& value, Explode* explode) {
       return Keep(ReadNumber(context, value, "distance", kDistanceRange), &explode->distance);
     }},
};
constexpr auto kExplodeTable = MakeFieldTable(kExplodeRules);

void ReadExplodeOrCollapse(ReadContext& context, const YamlEvent& first, Node* node,
                           bool collapse) {
  Explode explode;
  explode.collapse = collapse;
  const std::optional<FieldsSeen> seen = ReadSection(context, first, kExplodeTable, &explode);
  if (!seen ||
      !RequireFields(context, first, *seen, kExplodeTable, {kExplodeParts, kExplodeDistance})) {
    return;
  }
  if (!seen->Has(kExplodeFrom) && !seen->Has(kExplodeAlong)) {
    context.Report(DiagnosticCode::kSceneFormat, first.location, "missing field from or along");
    return;
  }
  if (ReportCombined(context, DiagnosticCode::kSceneFormat, *seen, kExplodeTable, kExplodeFrom,
                     kExplodeAlong)) {
    return;
  }
  if (seen->valid) node->mutable_rare().explode = std::move(explode);
}

}  // namespace

void ReadExplode(ReadContext& context, const YamlEvent& first, Node* node) {
  ReadExplodeOrCollapse(context, first, node, false);
}

void ReadCollapse(ReadContext& context, const YamlEvent& first, Node* node) {
  ReadExplodeOrCollapse(context, first, node, true);
}

}  // namespace cinc::scene_loading
