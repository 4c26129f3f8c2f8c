#include "lsp/scene_view.h"

#include "compiler/scene/scene_loader.h"
#include "lsp/document_store.h"

namespace cinc {

const SceneObject* FindOwner(const Scene& scene, std::string_view name) {
  for (const SceneObject& object : scene.objects) {
    if (object.name == name) return &object;
  }
  for (const SceneObject& camera : scene.cameras) {
    if (camera.name == name) return &camera;
  }
  for (const PatternCopies& pattern : scene.patterns) {
    if (pattern.name == name) return FindOwner(scene, PatternCopyName(name, 1));
  }
  return nullptr;
}

std::string OwnerOfPath(const std::vector<std::string>& path) {
  if (path.size() >= 2 && (path[0] == "objects" || path[0] == "cameras")) return path[1];
  if (!path.empty() && path[0] == "director") return "director";
  return "";
}

bool InFile(const SceneAnalysis& analysis, SourceLocation location, const std::string& path) {
  return UnsavedTextKey(analysis.FileOf(location)) == UnsavedTextKey(path);
}

Json LocationJson(const SceneView& view, SourceLocation location) {
  const std::string& file = view.analysis->FileOf(location);
  const std::string text =
      InFile(*view.analysis, location, view.path) ? std::string(view.text) : view.text_of(file);
  return Json{{"uri", FileUriOfPath(file)}, {"range", RangeAt(text, location)}};
}

std::string SecondsText(const ExactTime& time) {
  std::string out;
  AppendJsonNumber(time.ToDouble(), &out);
  return out;
}

}  // namespace cinc
