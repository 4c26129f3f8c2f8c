#include "emit/sequence_json.h"

#include <type_traits>

namespace cinc {
namespace {

// A scalar channel's value is a number (`"value": 60`), a vector one an array.
Json ComponentsToJson(const std::vector<double>& components) {
  if (components.size() == 1) return Json(components[0]);
  Json array = Json::array();
  for (double component : components) array.push_back(component);
  return array;
}

Json EaseToJson(const std::array<double, 4>& control) {
  return Json::array({control[0], control[1], control[2], control[3]});
}

Json KeysToJson(const Keys& keys) {
  Json array = Json::array();
  for (const Key& key : keys) array.push_back(KeyToJson(key));
  return array;
}

// Writes a channel only when it has keys: "a channel without keys leaves that
// part alone" (seed 000), so an empty list and no list mean the same.
void AddKeys(const char* name, const Keys& keys, Json* object) {
  if (!keys.empty()) (*object)[name] = KeysToJson(keys);
}

void AddOptional(const char* name, const std::optional<double>& value, Json* object) {
  if (value) (*object)[name] = *value;
}

Json ShotToJson(const CameraShot& shot) {
  Json json = Json::object();
  json["start"] = shot.start;
  json["camera"] = shot.camera;
  AddOptional("blend", shot.blend, &json);
  if (shot.blend_ease) json["blend_ease"] = EaseToJson(*shot.blend_ease);
  return json;
}

Json ShakeToJson(const CameraShake& shake) {
  Json json = Json::object();
  json["amplitude"] = KeysToJson(shake.amplitude);
  json["frequency"] = shake.frequency;
  json["seed"] = shake.seed;
  AddOptional("rotation_gain", shake.rotation_gain, &json);
  return json;
}

Json CueToJson(const SequenceCue& cue) {
  Json json = Json::object();
  json["t"] = cue.t;
  json["kind"] = cue.kind;
  json["name"] = cue.name;
  if (cue.target) json["target"] = *cue.target;
  if (cue.data) json["data"] = *cue.data;
  return json;
}

Json ClipToJson(const AudioClip& clip) {
  Json json = Json::object();
  json["start"] = clip.start;
  json["sound"] = clip.sound;
  AddOptional("offset", clip.offset, &json);
  AddOptional("duration", clip.duration, &json);
  AddOptional("volume", clip.volume, &json);
  AddOptional("fade_in", clip.fade_in, &json);
  AddOptional("fade_out", clip.fade_out, &json);
  return json;
}

Json TypedTrackToJson(const TransformTrack& track) {
  Json json = Json::object();
  json["type"] = "transform";
  json["target"] = track.target;
  AddKeys("position", track.position, &json);
  AddKeys("rotation", track.rotation, &json);
  AddKeys("scale", track.scale, &json);
  return json;
}

Json TypedTrackToJson(const CameraTrack& track) {
  Json json = Json::object();
  json["type"] = "camera";
  Json shots = Json::array();
  for (const CameraShot& shot : track.shots) shots.push_back(ShotToJson(shot));
  json["shots"] = std::move(shots);
  AddKeys("fov", track.fov, &json);
  AddKeys("focus_distance", track.focus_distance, &json);
  AddKeys("aperture", track.aperture, &json);
  if (track.shake) json["shake"] = ShakeToJson(*track.shake);
  return json;
}

Json TypedTrackToJson(const CuesTrack& track) {
  Json json = Json::object();
  json["type"] = "cues";
  Json cues = Json::array();
  for (const SequenceCue& cue : track.cues) cues.push_back(CueToJson(cue));
  json["cues"] = std::move(cues);
  return json;
}

Json TypedTrackToJson(const AudioTrack& track) {
  Json json = Json::object();
  json["type"] = "audio";
  Json clips = Json::array();
  for (const AudioClip& clip : track.clips) clips.push_back(ClipToJson(clip));
  json["clips"] = std::move(clips);
  return json;
}

Json TypedTrackToJson(const TimeTrack& track) {
  Json json = Json::object();
  json["type"] = "time";
  json["scale"] = KeysToJson(track.scale);
  return json;
}

}  // namespace

Json KeyToJson(const Key& key) {
  Json json = Json::object();
  json["t"] = key.t;
  json["value"] = ComponentsToJson(key.value);
  json["interp"] = std::string(InterpolationName(key.interp));
  if (key.in_tangent) json["in_tangent"] = ComponentsToJson(*key.in_tangent);
  if (key.out_tangent) json["out_tangent"] = ComponentsToJson(*key.out_tangent);
  if (key.ease) json["ease"] = EaseToJson(*key.ease);
  return json;
}

Json TrackToJson(const Track& track) {
  return std::visit([](const auto& typed) { return TypedTrackToJson(typed); }, track);
}

Json SequenceToJson(const Sequence& sequence) {
  Json json = Json::object();
  json["version"] = sequence.version;
  json["name"] = sequence.name;
  json["duration"] = sequence.duration;
  json["loop"] = sequence.loop;
  Json tracks = Json::array();
  for (const Track& track : sequence.tracks) tracks.push_back(TrackToJson(track));
  json["tracks"] = std::move(tracks);
  return json;
}

std::string WriteSequence(const Sequence& sequence) { return WriteJson(SequenceToJson(sequence)); }

}  // namespace cinc
