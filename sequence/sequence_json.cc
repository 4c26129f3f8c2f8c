#include "sequence/sequence_json.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/two_threads.h"

namespace cinc {
namespace {

template <typename Item, typename Convert>
Json ArrayOf(const std::vector<Item>& items, Convert convert) {
  Json array = Json::array();
  for (const Item& item : items) array.push_back(convert(item));
  return array;
}

// A scalar channel's value is a number (`"value": 60`), a vector one an array.
Json ComponentsToJson(const ComponentList& components) {
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
// part alone" (the sequence format), so an empty list and no list mean the same.
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
  if (cue.data) json["data"] = cue.data.ToJson();
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
  for (const auto& [name, keys] :
       {std::pair{"position", &track.position}, std::pair{"rotation", &track.rotation},
        std::pair{"scale", &track.scale}}) {
    AddKeys(name, *keys, &json);
  }
  return json;
}

Json TypedTrackToJson(const CameraTrack& track) {
  Json json = Json::object();
  json["type"] = "camera";
  json["shots"] = ArrayOf(track.shots, ShotToJson);
  for (const auto& [name, keys] :
       {std::pair{"fov", &track.fov}, std::pair{"focus_distance", &track.focus_distance},
        std::pair{"aperture", &track.aperture}}) {
    AddKeys(name, *keys, &json);
  }
  if (track.shake) json["shake"] = ShakeToJson(*track.shake);
  return json;
}

Json TypedTrackToJson(const CuesTrack& track) {
  Json json = Json::object();
  json["type"] = "cues";
  json["cues"] = ArrayOf(track.cues, CueToJson);
  return json;
}

Json TypedTrackToJson(const AudioTrack& track) {
  Json json = Json::object();
  json["type"] = "audio";
  json["clips"] = ArrayOf(track.clips, ClipToJson);
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

Json SequenceHeaderToJson(const Sequence& sequence) {
  Json json = Json::object();
  json["version"] = sequence.version;
  json["name"] = sequence.name;
  json["duration"] = sequence.duration;
  json["loop"] = sequence.loop;
  return json;
}

Json SequenceToJson(const Sequence& sequence) {
  Json json = SequenceHeaderToJson(sequence);
  json["tracks"] = ArrayOf(sequence.tracks, TrackToJson);
  return json;
}

namespace {

// WriteSequence streams the document straight from the model: a 100,000-node
// scene's sequence as an ordered_json tree costs more time and memory than
// the rest of the build. The layout is WriteJson's, and
// sequence_json_test.cc checks the bytes against WriteJson(SequenceToJson()).

void AppendComponents(const ComponentList& components, std::string* out) {
  if (components.size() == 1) {
    AppendJsonNumber(components[0], out);
    return;
  }
  *out += '[';
  for (size_t index = 0; index < components.size(); ++index) {
    if (index > 0) *out += ", ";
    AppendJsonNumber(components[index], out);
  }
  *out += ']';
}

// `, "interp": "linear"`: the names are plain ASCII, which AppendJsonString
// copies as they are, so each member is one literal.
void AppendInterp(Interpolation interp, std::string* out) {
  static constexpr std::string_view kMembers[] = {
      ", \"interp\": \"linear\"", ", \"interp\": \"step\"", ", \"interp\": \"hermite\"",
      ", \"interp\": \"bezier\"", ", \"interp\": \"smooth\""};
  const size_t index = static_cast<size_t>(interp);
  if (index < std::size(kMembers)) {
    *out += kMembers[index];
    return;
  }
  *out += ", \"interp\": ";
  AppendJsonString(InterpolationName(interp), out);
}

// A key is always flat: one line.
void AppendKey(const Key& key, std::string* out) {
  *out += "{\"t\": ";
  AppendJsonNumber(key.t, out);
  *out += ", \"value\": ";
  AppendComponents(key.value, out);
  AppendInterp(key.interp, out);
  if (key.in_tangent) {
    *out += ", \"in_tangent\": ";
    AppendComponents(*key.in_tangent, out);
  }
  if (key.out_tangent) {
    *out += ", \"out_tangent\": ";
    AppendComponents(*key.out_tangent, out);
  }
  if (key.ease) {
    *out += ", \"ease\": [";
    for (size_t index = 0; index < 4; ++index) {
      if (index > 0) *out += ", ";
      AppendJsonNumber((*key.ease)[index], out);
    }
    *out += ']';
  }
  *out += '}';
}

// A newline and the indent of `depth`, one append (the writer's depths are
// at most 5).
void Indent(size_t depth, std::string* out) {
  static constexpr std::string_view kLines = "\n            ";  // depth 6
  if (depth * 2 < kLines.size()) {
    out->append(kLines.data(), 1 + depth * 2);
    return;
  }
  *out += '\n';
  out->append(depth * 2, ' ');
}

// A transform track at depth 2 (an element of "tracks"): laid out unless it
// has no keys at all, when all its members are strings and it is flat.
void AppendTransformTrack(const TransformTrack& track, std::string* out) {
  if (track.position.empty() && track.rotation.empty() && track.scale.empty()) {
    *out += "{\"type\": \"transform\", \"target\": ";
    AppendJsonString(track.target, out);
    *out += '}';
    return;
  }
  *out += '{';
  Indent(3, out);
  *out += "\"type\": \"transform\",";
  Indent(3, out);
  *out += "\"target\": ";
  AppendJsonString(track.target, out);
  const std::pair<const char*, const Keys*> channels[] = {
      {"position", &track.position}, {"rotation", &track.rotation}, {"scale", &track.scale}};
  for (const auto& [name, keys] : channels) {
    if (keys->empty()) continue;
    *out += ',';
    Indent(3, out);
    AppendJsonString(name, out);
    *out += ": [";
    for (size_t index = 0; index < keys->size(); ++index) {
      if (index > 0) *out += ',';
      Indent(4, out);
      AppendKey((*keys)[index], out);
    }
    Indent(3, out);
    *out += ']';
  }
  Indent(2, out);
  *out += '}';
}

// Whether WriteJson puts a cue on one line: when its data (if any) is a
// scalar or an array of scalars.
bool CueIsFlat(const SequenceCue& cue) {
  const Json* data = cue.data.json();
  if (data == nullptr) return !cue.data;  // a fade is an object
  auto is_scalar = [](const Json& value) { return !value.is_object() && !value.is_array(); };
  if (is_scalar(*data)) return true;
  return data->is_array() && std::all_of(data->begin(), data->end(), is_scalar);
}

// A cues track with at least one cue, at depth 2: cue data (any JSON) is
// the only part that goes through the Json writer.
void AppendCuesTrack(const CuesTrack& track, std::string* out) {
  *out += '{';
  Indent(3, out);
  *out += "\"type\": \"cues\",";
  Indent(3, out);
  *out += "\"cues\": [";
  for (size_t index = 0; index < track.cues.size(); ++index) {
    const SequenceCue& cue = track.cues[index];
    if (index > 0) *out += ',';
    Indent(4, out);
    const bool flat = CueIsFlat(cue);
    // Between members: ", " on one line, or a newline at the members' depth.
    auto next_member = [&](const char* name) {
      if (flat) {
        *out += ", ";
      } else {
        *out += ',';
        Indent(5, out);
      }
      *out += name;
    };
    *out += '{';
    if (!flat) Indent(5, out);
    *out += "\"t\": ";
    AppendJsonNumber(cue.t, out);
    next_member("\"kind\": ");
    AppendJsonString(cue.kind, out);
    next_member("\"name\": ");
    AppendJsonString(cue.name, out);
    if (cue.target) {
      next_member("\"target\": ");
      AppendJsonString(*cue.target, out);
    }
    if (cue.data) {
      next_member("\"data\": ");
      AppendCueData(cue.data, 5, out);
    }
    if (!flat) Indent(4, out);
    *out += '}';
  }
  Indent(3, out);
  *out += ']';
  Indent(2, out);
  *out += '}';
}

// Generous room for one track's text (see WriteSequence).
size_t TrackTextBound(const Track& track) {
  constexpr size_t kPerKey = 640;  // 14 numbers of at most 25 characters, names, indents
  constexpr size_t kPerCue = 512;  // kind, name, target and a small data value
  if (const auto* transform = std::get_if<TransformTrack>(&track)) {
    return 256 + transform->target.size() +
           kPerKey *
               (transform->position.size() + transform->rotation.size() + transform->scale.size());
  }
  if (const auto* cues = std::get_if<CuesTrack>(&track)) return 256 + kPerCue * cues->cues.size();
  return 0;  // few and small: the 64 KB of slack covers them
}

// Tracks [first, last) as they appear inside "tracks": [...].
void AppendTracks(const Sequence& sequence, size_t first, size_t last, std::string* out) {
  for (size_t index = first; index < last; ++index) {
    if (index > 0) *out += ',';
    Indent(2, out);
    const Track& track = sequence.tracks[index];
    if (const auto* transform = std::get_if<TransformTrack>(&track)) {
      AppendTransformTrack(*transform, out);
    } else if (const auto* cues = std::get_if<CuesTrack>(&track); cues && !cues->cues.empty()) {
      AppendCuesTrack(*cues, out);
    } else {
      // Few and small: through the Json tree, written at the same depth.
      AppendJsonValue(TrackToJson(track), 2, out);
    }
  }
}

// Below this much text a second thread costs more than it saves.
constexpr size_t kTextWorthAThread = 1 << 20;

enum class Parts { kTwo, kJoined };

// Room for `bound` bytes in the (empty) `text`, at that size when it must
// grow: a string's reserve doubles its old room, and room of 2 MB or more is
// backed by huge pages, so a shard's few hundred KB of text in a doubled room
// held a whole 2 MB page (1.5 MB of deep-attach's peak memory).
void ReserveRoom(std::string* text, size_t bound) {
  if (text->capacity() >= bound) return;
  std::string().swap(*text);  // the old room let go first, not beside the new
  text->reserve(bound);
}

// The text into *head and *tail; with kJoined, *head is reserved for the
// whole text and the tail is appended to it (one text, not two copies).
void WriteText(const Sequence& sequence, Parts parts, std::string* head, std::string* tail_text) {
  std::string& out = *head;
  out.clear();
  // Generous room, so that the text is written without regrowing: a
  // 100,000-node scene's 5 MB would otherwise be copied as it doubles, with
  // both copies alive (the build's peak memory). Reserved pages that are
  // never written cost no memory; a short estimate only means regrowing.
  std::vector<size_t> bounds;
  size_t total_bound = 64 * 1024 + sequence.name.size();
  for (const Track& track : sequence.tracks) {
    bounds.push_back(TrackTextBound(track));
    total_bound += bounds.back();
  }
  // The tracks after `split` (about half the text) are written on a second
  // thread into a text of their own and appended: shortest round-trip
  // numbers make writing a large sequence slow. The bytes are the same.
  size_t split = sequence.tracks.size();
  if (total_bound >= kTextWorthAThread) {
    size_t first_half = 0;
    for (split = 0; split < sequence.tracks.size() && 2 * first_half < total_bound; ++split) {
      first_half += bounds[split];
    }
  }
  size_t head_bound = total_bound;
  if (parts == Parts::kTwo) {
    for (size_t index = split; index < bounds.size(); ++index) head_bound -= bounds[index];
  }
  ReserveRoom(&out, head_bound);
  out += "{";
  Indent(1, &out);
  out += "\"version\": " + std::to_string(sequence.version) + ",";
  Indent(1, &out);
  out += "\"name\": ";
  AppendJsonString(sequence.name, &out);
  out += ',';
  Indent(1, &out);
  out += "\"duration\": ";
  AppendJsonNumber(sequence.duration, &out);
  out += ',';
  Indent(1, &out);
  out += sequence.loop ? "\"loop\": true," : "\"loop\": false,";
  Indent(1, &out);
  out += "\"tracks\": [";
  std::string& tail = *tail_text;
  tail.clear();
  auto write_tail = [&] {
    size_t tail_bound = 16;  // and the end of the document
    for (size_t index = split; index < bounds.size(); ++index) tail_bound += bounds[index];
    ReserveRoom(&tail, tail_bound);
    AppendTracks(sequence, split, sequence.tracks.size(), &tail);
  };
  RunOnTwoThreads(
      write_tail, [&] { AppendTracks(sequence, 0, split, &out); }, split < sequence.tracks.size());
  std::string& end = parts == Parts::kJoined ? out : tail;
  if (parts == Parts::kJoined) {
    out += tail;
    tail.clear();
  }
  if (!sequence.tracks.empty()) Indent(1, &end);
  end += ']';
  Indent(0, &end);
  end += "}\n";
}

}  // namespace

std::string WriteSequence(const Sequence& sequence) {
  std::string out;
  std::string tail;
  WriteText(sequence, Parts::kJoined, &out, &tail);
  return out;
}

void WriteSequenceInto(const Sequence& sequence, std::string* head, std::string* tail) {
  // The text is the head, then the tail, not copied into one: half of a
  // large shard's text beside the whole of it.
  WriteText(sequence, Parts::kTwo, head, tail);
}

}  // namespace cinc
