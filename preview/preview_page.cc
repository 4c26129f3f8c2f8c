#include "preview/preview_page.h"

#include <initializer_list>
#include <string_view>
#include <utility>

#include "core/base64.h"
#include "core/json_writer.h"
#include "preview/preview_template.h"
#include "sequence/sequence_json.h"

namespace cinc {
namespace {

// The page's data as compact JSON text: the scene's facts, then the
// sequence written one track at a time (the whole sequence as one Json tree
// takes about 6 KB an object), then the look, the parts and the live build.
std::string PageData(const Scene& scene, const Sequence& sequence, const std::string& parts_json,
                     int live_build) {
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
  std::string text = WriteCompactJson(data);
  data = Json::object();
  text.back() = ',';  // the object goes on
  std::string header = WriteCompactJson(SequenceHeaderToJson(sequence));
  header.back() = ',';
  text.append("\"sequence\":").append(header).append("\"tracks\":[");
  for (size_t index = 0; index < sequence.tracks.size(); ++index) {
    if (index > 0) text += ',';
    text += WriteCompactJson(TrackToJson(sequence.tracks[index]));
  }
  text += "]}";
  if (scene.preview_given) {
    Json look = Json::object();
    look["lighting"] = scene.preview_lighting == Scene::Lighting::kFlat ? "flat" : "studio";
    if (!scene.preview_background.empty()) look["background"] = scene.preview_background;
    data["preview"] = std::move(look);
  }
  if (!parts_json.empty()) {
    Json parts = Json::parse(parts_json, nullptr, /*allow_exceptions=*/false);
    if (!parts.is_discarded()) data["parts"] = std::move(parts);
  }
  if (live_build > 0) data["live"] = Json{{"build", live_build}};
  std::string rest = WriteCompactJson(data);  // {...} or {}
  if (rest.size() > 2)
    text.append(",").append(rest, 1, rest.size() - 1);
  else
    text += '}';
  return text;
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

// The template with each placeholder replaced by its value. The places are
// found in the template alone, before anything is put in, so no value (a
// label that reads "{{CINC_GLB}}") can take another's place.
std::string FillTemplate(
    std::string_view page,
    std::initializer_list<std::pair<std::string_view, std::string_view>> fills) {
  std::string filled;
  size_t from = 0;
  for (const auto& [placeholder, value] : fills) {
    size_t at = page.find(placeholder, from);
    if (at == std::string_view::npos) continue;
    filled.append(page.substr(from, at - from)).append(value);
    from = at + placeholder.size();
  }
  return filled.append(page.substr(from));
}

}  // namespace

std::string PreviewPage(const Scene& scene, const Sequence& sequence, const std::string& glb,
                        const std::string& parts_json, int live_build) {
  // In the order the template holds them.
  return FillTemplate(
      kPreviewTemplate,
      {{"{{CINC_DATA}}", ScriptSafe(PageData(scene, sequence, parts_json, live_build))},
       {"{{CINC_GLB}}", Base64Encode(glb)}});
}

}  // namespace cinc
