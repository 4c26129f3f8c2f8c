#include "compiler/scene/read_motion.h"

#include <algorithm>
#include <cmath>

#include "compiler/scene/field_table.h"
#include "compiler/scene/read_values.h"

namespace cinc::scene_loading {
namespace {

enum SpinField { kSpinAxis, kSpinTurns, kSpinDegrees };
constexpr FieldRule<Spin> kSpinRules[] = {
    {"axis",
     [](ReadContext& context, const YamlEvent& value, Spin* spin) {
       std::optional<Vec3> axis = ReadVec3(context, value, "axis", kAnyNumber);
       if (!axis) return false;
       // Scaled first so that tiny or huge components normalise safely.
       double largest = std::max({std::abs(axis->x), std::abs(axis->y), std::abs(axis->z)});
       if (!(largest > 0)) {
         context.Report(DiagnosticCode::kSceneValue, value.location, "axis has zero length");
         return false;
       }
       spin->axis = glm::normalize(*axis / largest);
       return true;
     }},
    {"turns",
     [](ReadContext& context, const YamlEvent& value, Spin* spin) {
       std::optional<double> turns = ReadNumber(context, value, "turns", kTurnsRange);
       if (turns) spin->degrees = *turns * 360;
       return turns.has_value();
     }},
    {"degrees",
     [](ReadContext& context, const YamlEvent& value, Spin* spin) {
       return Keep(ReadNumber(context, value, "degrees", kAngleRange), &spin->degrees);
     }},
};
constexpr auto kSpinTable = MakeFieldTable(kSpinRules);

}  // namespace

void ReadSpin(ReadContext& context, const YamlEvent& first, Node* node) {
  Spin spin;
  const std::optional<FieldsSeen> seen = ReadSection(context, first, kSpinTable, &spin);
  if (!seen) return;
  if (!seen->Has(kSpinTurns) && !seen->Has(kSpinDegrees)) {
    context.Report(DiagnosticCode::kSceneFormat, first.location, "missing field turns or degrees");
    return;
  }
  if (ReportCombined(context, DiagnosticCode::kSceneFormat, *seen, kSpinTable, kSpinTurns,
                     kSpinDegrees)) {
    return;
  }
  if (seen->valid) node->mutable_rare().spin = spin;
}

void ReadPath(ReadContext& context, const YamlEvent& first, Node* node) {
  if (first.kind != YamlEventKind::kSequenceStart) {
    context.TypeError(first, "a list of points");
    return;
  }
  std::optional<size_t> count = ForEachElement(context, [&](const YamlEvent& event) {
    if (std::optional<Vec3> point = ReadVec3(context, event, "path", kCoordinateRange)) {
      node->mutable_rare().path.push_back(*point);
    }
  });
  if (count == size_t{0}) {
    context.Report(DiagnosticCode::kSceneFormat, first.location, "'path' is an empty list");
  }
}

}  // namespace cinc::scene_loading
