#include "preview/preview_page.h"

#include "core/base64.h"
#include "core/json_writer.h"
#include "preview/preview_template.h"
#include "sequence/sequence_json.h"

namespace cinc {
namespace {

Json PageData(const Scene& scene, const Sequence& sequence) {
  Json data = Json::object();
  data["version"] = 1;
  data["name"] = sequence.name;
  data["duration"] = sequence.duration;
  data["loop"] = sequence.loop;
  data["tolerance"] =
      Json{{"position", scene.tolerance.position}, {"rotation", scene.tolerance.rotation}};
  Json objects = Json::array();
  for (const SceneObject& object : scene.objects) objects.push_back(object.name);
  data["objects"] = std::move(objects);
  Json cameras = Json::array();
  for (const SceneObject& camera : scene.cameras) {
    cameras.push_back(Json{{"name", camera.name}, {"fov", camera.lens().fov}});
  }
  data["cameras"] = std::move(cameras);
  data["sequence"] = SequenceToJson(sequence);
  return data;
}

// '<' as \u003c: a JSON string may then hold "</script>" safely.
std::string ScriptSafe(const std::string& json) {
  std::string safe;
  safe.reserve(json.size());
  for (char c : json) {
    if (c == '<') {
      safe += "\\u003c";
    } else {
      safe += c;
    }
  }
  return safe;
}

void ReplaceOnce(std::string* text, std::string_view placeholder, const std::string& value) {
  size_t at = text->find(placeholder);
  if (at != std::string::npos) text->replace(at, placeholder.size(), value);
}

}  // namespace

std::string PreviewPage(const Scene& scene, const Sequence& sequence, const std::string& glb) {
  std::string page(kPreviewTemplate);
  // The GLB last: its base64 cannot hold a placeholder.
  ReplaceOnce(&page, "{{CINC_DATA}}", ScriptSafe(WriteCompactJson(PageData(scene, sequence))));
  ReplaceOnce(&page, "{{CINC_GLB}}", Base64Encode(glb));
  return page;
}

}  // namespace cinc
