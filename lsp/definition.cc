#include "lsp/definition.h"

#include <filesystem>

#include "lsp/completion.h"
#include "lsp/document_store.h"
#include "lsp/hover.h"
#include "lsp/scene_text.h"

namespace cinc {
namespace {

Json FileStart(const std::string& path) {
  return Json{{"uri", FileUriOfPath(path)}, {"range", RangeOfBytes("", 0, 0)}};
}

bool IsNodeKey(std::string_view key) {
  return key == "after" || key == "with" || key == "until" || key == "end_with" ||
         key == "before" || key == "id";
}

// A template `name` in the scene or an included file.
Json TemplateLocation(const SceneView& view, const std::string& name) {
  std::vector<std::string> files = {view.analysis->scene_path};
  const Scene& scene = view.analysis->scene;
  files.insert(files.end(), scene.included_files.begin(), scene.included_files.end());
  for (const std::string& file : files) {
    const std::string text = view.text_of(file);
    for (const NamedPlace& place : SectionKeys(text, "templates")) {
      if (place.name == name) {
        return Json{{"uri", FileUriOfPath(file)},
                    {"range", RangeOfBytes(text, place.offset, place.offset + name.size())}};
      }
    }
  }
  return Json();
}

// owner/marker: the inline marker, else the model's file.
Json MarkerLocation(const SceneView& view, std::string_view owner, std::string_view marker) {
  const Scene& scene = view.analysis->scene;
  const SceneObject* object = FindOwner(scene, owner);
  if (object == nullptr) return Json();
  for (const Model& model : scene.models) {
    if (model.name != object->model) continue;
    for (const Marker& inline_marker : model.markers) {
      if (inline_marker.name == marker) return LocationJson(view, inline_marker.origin.location);
    }
    if (!model.source.empty()) return FileStart(SourcePath(scene, model));
    return LocationJson(view, model.origin.location);
  }
  return Json();
}

}  // namespace

Json Definition(const SceneView& view, size_t offset) {
  size_t begin = 0;
  size_t end = 0;
  const std::string word = WordAround(view.text, offset, &begin, &end);
  if (word.empty()) return Json();
  const CursorContext context = ContextAt(view.text, begin);
  const Scene& scene = view.analysis->scene;
  const std::string owner = OwnerOfPath(context.path);
  if (IsNodeKey(context.key)) {
    const NodeTable table(scene);
    const int number = NodeOfWord(table, owner, word);
    if (number >= 0) return LocationJson(view, table.node(number).origin.location);
    return Json();
  }
  if (context.key == "use" ||
      (!context.path.empty() && context.path.back() == "-" && context.path.size() >= 2 &&
       context.path[context.path.size() - 2] == "use")) {
    return TemplateLocation(view, word);
  }
  if (context.key == "model") {
    for (const Model& model : scene.models) {
      if (model.name == word) return LocationJson(view, model.origin.location);
    }
    return Json();
  }
  if (context.key == "source" && !context.path.empty() && context.path[0] == "models") {
    for (const Model& model : scene.models) {
      if (model.source == word) return FileStart(SourcePath(scene, model));
    }
    return Json();
  }
  if (context.key == "include" || (!context.path.empty() && context.path[0] == "include")) {
    const std::filesystem::path folder = std::filesystem::path(view.path).parent_path();
    return FileStart((folder / word).lexically_normal().string());
  }
  if (context.key == "mate") return MarkerLocation(view, owner, word);
  const MarkerReference parts = SplitMarkerReference(word);
  if (parts.has_marker && begin + parts.owner.size() < offset) {
    return MarkerLocation(view, parts.owner, parts.marker);
  }
  const std::string_view name = parts.has_marker ? parts.owner : std::string_view(word);
  for (const PatternCopies& pattern : scene.patterns) {
    if (pattern.name == name) return LocationJson(view, pattern.origin.location);
  }
  if (const SceneObject* object = FindOwner(scene, name)) {
    return LocationJson(view, object->origin.location);
  }
  return Json();
}

}  // namespace cinc
