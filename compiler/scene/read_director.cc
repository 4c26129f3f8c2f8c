#include "compiler/scene/read_director.h"

#include <string_view>
#include <utility>

#include "compiler/scene/field_table.h"
#include "compiler/scene/mapping_walker.h"
#include "compiler/scene/read_nodes.h"
#include "compiler/scene/read_values.h"
#include "compiler/scene/scalars.h"

namespace cinc::scene_loading {
namespace {

constexpr FieldRule<Shot> kShotRules[] = {
    {"camera",
     [](ReadContext& context, const YamlEvent& value, Shot* shot) {
       std::optional<std::string> camera = ReadText(context, value, "camera");
       if (camera) shot->camera = std::move(*camera);
       return camera.has_value();
     }},
    {"blend",
     [](ReadContext& context, const YamlEvent& value, Shot* shot) {
       return Keep(ReadTime(context, value, "blend", false), &shot->blend);
     }},
    {"blend_ease",
     [](ReadContext& context, const YamlEvent& value, Shot* shot) {
       return Keep(ReadEase(context, value, "blend_ease"), &shot->blend_ease);
     }},
};
constexpr auto kShotTable = MakeFieldTable(kShotRules);

}  // namespace

void ReadDirector(ReadContext& context, const YamlEvent& first) {
  if (IsNullScalar(first) || !ExpectMapping(context, first)) return;
  static constexpr std::string_view kFields[] = {"nodes"};
  MappingWalker walker(context, kFields);
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    ReadNodeList(context, context.Next(), "director", OwnerKind::kDirector,
                 &context.scene.director_nodes);
  }
}

void ReadShot(ReadContext& context, const YamlEvent& first, Node* node) {
  Shot shot;
  const std::optional<FieldsSeen> seen = ReadSection(context, first, kShotTable, &shot);
  if (!seen || !RequireFields(context, first, *seen, kShotTable, {0})) return;
  node->mutable_rare().shot = std::move(shot);
}

}  // namespace cinc::scene_loading
