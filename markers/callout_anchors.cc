#include "markers/callout_anchors.h"

#include <unordered_map>

#include "core/reference.h"

namespace cinc {
namespace {

void ReplaceEvery(std::string* text, std::string_view from, const std::string& to) {
  for (size_t at = text->find(from); at != std::string::npos;
       at = text->find(from, at + to.size())) {
    text->replace(at, from.size(), to);
  }
}

class AnchorResolver {
 public:
  AnchorResolver(const Scene& scene, const MarkerTable& markers)
      : scene_(scene), markers_(markers) {
    for (size_t i = 0; i < scene.objects.size(); ++i) objects_.emplace(scene.objects[i].name, i);
    for (const Model& model : scene.models) models_.emplace(model.name, &model);
  }

  void Resolve(Node* node, const std::string& own) {
    if (!node->rare().callout) return;
    Callout& callout = *node->mutable_rare().callout;
    const MarkerReference parts =
        SplitMarkerReference(callout.on.value.empty() ? own : callout.on.value);
    callout.object = std::string(parts.owner);
    callout.marker = parts.has_marker ? std::string(parts.marker) : std::string();
    const Model* model = nullptr;
    auto object = objects_.find(callout.object);
    if (object != objects_.end()) {
      auto found = models_.find(scene_.objects[object->second].model);
      if (found != models_.end()) model = found->second;
      const ModelMarkers* marked = markers_.ModelOf(object->second);
      const Marker* marker =
          marked != nullptr && parts.has_marker ? marked->Find(parts.marker) : nullptr;
      if (marker != nullptr) callout.point = marker->pose.position;
    }
    callout.shown = CalloutText(callout.text, model, callout.marker);
  }

 private:
  const Scene& scene_;
  const MarkerTable& markers_;
  std::unordered_map<std::string, size_t> objects_;
  std::unordered_map<std::string, const Model*> models_;
};

}  // namespace

std::string CalloutText(const std::string& text, const Model* model, const std::string& marker) {
  std::string shown = text;
  if (shown.find('$') == std::string::npos) return shown;
  const std::string part =
      model == nullptr ? std::string() : model->part_name.value_or(model->name);
  const std::string number = model == nullptr ? std::string() : model->part_number.value_or("");
  ReplaceEvery(&shown, "$part", part);
  ReplaceEvery(&shown, "$number", number);
  ReplaceEvery(&shown, "$marker", marker);
  return shown;
}

void ResolveCalloutAnchors(Scene* scene, const MarkerTable& markers) {
  AnchorResolver resolver(*scene, markers);
  for (SceneObject& object : scene->objects) {
    for (Node& node : object.nodes) resolver.Resolve(&node, object.name);
  }
  for (SceneObject& camera : scene->cameras) {
    for (Node& node : camera.nodes) resolver.Resolve(&node, camera.name);
  }
  for (Node& node : scene->director_nodes) resolver.Resolve(&node, "");
}

}  // namespace cinc
