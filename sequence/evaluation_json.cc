#include "sequence/evaluation_json.h"

namespace cinc {
namespace {

Json VectorJson(const Vec3& vector) { return Json::array({vector.x, vector.y, vector.z}); }

Json QuatJson(const Quat& rotation) {
  std::array<double, 4> xyzw = QuatToXyzw(rotation);
  return Json::array({xyzw[0], xyzw[1], xyzw[2], xyzw[3]});
}

template <typename Value, typename ToJson>
Json OptionalJson(const std::optional<Value>& value, ToJson to_json) {
  return value ? to_json(*value) : Json(nullptr);
}

Json NumberJson(double number) { return Json(number); }

Json CameraJson(const CameraSample& camera) {
  Json json = Json::object();
  json["camera"] = camera.camera;
  json["position"] = OptionalJson(camera.position, VectorJson);
  json["quaternion"] = OptionalJson(camera.rotation, QuatJson);
  json["fov"] = OptionalJson(camera.fov, NumberJson);
  json["focus_distance"] = OptionalJson(camera.focus_distance, NumberJson);
  json["aperture"] = OptionalJson(camera.aperture, NumberJson);
  return json;
}

}  // namespace

Json EvaluationToJson(const Evaluation& evaluation) {
  Json json = Json::object();
  json["time"] = evaluation.time;
  Json transforms = Json::object();
  for (const TransformSample& sample : evaluation.transforms) {
    Json channels = Json::object();
    if (sample.position) channels["position"] = VectorJson(*sample.position);
    if (sample.rotation) channels["rotation"] = VectorJson(*sample.rotation);
    if (sample.quaternion) channels["quaternion"] = QuatJson(*sample.quaternion);
    if (sample.scale) channels["scale"] = VectorJson(*sample.scale);
    transforms[sample.target] = std::move(channels);
  }
  json["transforms"] = std::move(transforms);
  json["camera"] = OptionalJson(evaluation.camera, CameraJson);
  Json missing = Json::array();
  for (const std::string& camera : evaluation.missing_cameras) missing.push_back(camera);
  json["missing_cameras"] = std::move(missing);
  Json audio = Json::array();
  for (const SoundingClip& clip : evaluation.audio) {
    Json entry = Json::object();
    entry["track"] = clip.track;
    entry["clip"] = clip.clip;
    entry["sound"] = clip.sound;
    entry["offset"] = clip.offset;
    entry["gain"] = clip.gain;
    audio.push_back(std::move(entry));
  }
  json["audio"] = std::move(audio);
  json["time_scale"] = evaluation.time_scale;
  return json;
}

Json EvaluateSequenceToJson(const Sequence& sequence, double time) {
  return EvaluationToJson(EvaluateSequence(sequence, time));
}

}  // namespace cinc
