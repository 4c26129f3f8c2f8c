#include "compiler/scene/read_models.h"

#include <string_view>
#include <unordered_map>
#include <vector>

#include "compiler/scene/mapping_walker.h"
#include "compiler/scene/read_values.h"
#include "compiler/scene/scalars.h"
#include "compiler/scene/source_paths.h"

namespace cinc::scene_loading {
namespace {

// `part: {name, number}`: what parts lists call the model.
void ReadPart(ReadContext& context, const YamlEvent& first, Model* model) {
  if (IsNullScalar(first) || !ExpectMapping(context, first)) return;
  static constexpr std::string_view kPartFields[] = {"name", "number"};
  MappingWalker walker(context, kPartFields);
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    const bool is_name = walker.field() == 0;
    std::optional<std::string> text =
        ReadString(context, context.Next(), is_name ? "name" : "number");
    if (text) (is_name ? model->part_name : model->part_number) = std::move(*text);
  }
}

// One model: its `source` (checked lexically), its inline `markers` and its
// `part`.
void ReadModel(ReadContext& context, const YamlEvent& first, Model* model) {
  if (IsNullScalar(first) || !ExpectMapping(context, first)) return;
  static constexpr std::string_view kFields[] = {"source", "markers", "part"};
  MappingWalker walker(context, kFields);
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    YamlEvent value = context.Next();
    if (walker.field() == 0) {
      if (std::optional<std::string> source = ReadString(context, value, "source")) {
        model->source = std::move(*source);
        model->source_origin = context.OriginAt(value.location);
        model->source_refused = !CheckSource(context, "source", model->source, value.location);
      }
      continue;
    }
    if (walker.field() == 2) {
      ReadPart(context, value, model);
      continue;
    }
    if (IsNullScalar(value) || !ExpectMapping(context, value)) continue;
    MappingWalker markers(context, {});
    while (markers.Next()) {
      PathSegment marker_segment(context, markers.key());
      CheckLength(context, markers.key(), "marker name", markers.key_location());
      Marker marker;
      marker.name = markers.key();
      marker.origin = context.OriginAt(markers.key_location());
      if (std::optional<Transform> pose = ReadTransform(context, context.Next())) {
        marker.pose = *pose;
        model->markers.push_back(std::move(marker));
      }
    }
  }
}

}  // namespace

void ReadModels(ReadContext& context, const YamlEvent& first) {
  if (IsNullScalar(first) || !ExpectMapping(context, first)) return;
  MappingWalker walker(context, {});
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    CheckName(context, walker.key(), "model name", walker.key_location());
    Model model;
    model.name = walker.key();
    if (context.file_index != 0) model.file = context.file;
    model.origin = context.OriginAt(walker.key_location());
    ReadModel(context, context.Next(), &model);
    context.scene.models.push_back(std::move(model));
  }
}

void CheckModelNames(ReadContext& context) {
  std::unordered_map<std::string_view, const Model*> first_of_name;
  std::vector<Model> models;
  models.reserve(context.scene.models.size());
  for (Model& model : context.scene.models) {
    auto found = first_of_name.find(model.name);
    if (found != first_of_name.end()) {
      context.ReportAt(DiagnosticCode::kSceneName, model.origin,
                       "model '" + model.name + "' is defined twice: here and at " +
                           context.PlaceText(found->second->origin.location));
      continue;
    }
    models.push_back(std::move(model));
    first_of_name.emplace(models.back().name, &models.back());  // reserved: no reallocation
  }
  context.scene.models = std::move(models);
}

}  // namespace cinc::scene_loading
