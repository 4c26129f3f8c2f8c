#include "sequence/sequence_json.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/text_writer.h"
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

// The pieces below are written through a TextWriter (core/text_writer.h):
// each makes room once for a piece of bounded size (a key, a cue's members
// up to its first string) and writes it through a char pointer.

// The room a list of `count` numbers takes: each number and its ", ", and
// the brackets.
constexpr size_t NumbersBound(size_t count) { return 2 + count * (kJsonNumberMax + 2); }

// A newline and the indent of `kDepth` (at most 6), one copy of a known size.
template <size_t kDepth>
char* PutIndent(char* at) {
  static_assert(kDepth <= 6);
  static constexpr char kLines[] = "\n            ";  // depth 6
  std::memcpy(at, kLines, 1 + kDepth * 2);
  return at + 1 + kDepth * 2;
}

// A newline and the indent of `depth` through a string (the document's
// first lines and its end).
void Indent(size_t depth, std::string* out) {
  *out += '\n';
  out->append(depth * 2, ' ');
}

// Room: NumbersBound(components.size()).
char* PutComponents(const ComponentList& components, char* at) {
  if (components.size() == 1) return WriteJsonNumber(components[0], at);
  *at++ = '[';
  for (size_t index = 0; index < components.size(); ++index) {
    if (index > 0) at = Put(at, ", ");
    at = WriteJsonNumber(components[index], at);
  }
  *at++ = ']';
  return at;
}

// `, "interp": "linear"`: the names are plain ASCII, which AppendJsonString
// copies as they are, so each member is one literal of at most 22
// characters, copied as 24 bytes (a copy of a known size) of which the
// member's length are kept.
char* PutInterp(Interpolation interp, char* at) {
  struct Member {
    char text[24];
    size_t size;
  };
  static constexpr Member kMembers[] = {{", \"interp\": \"linear\"", 20},
                                        {", \"interp\": \"step\"", 18},
                                        {", \"interp\": \"hermite\"", 21},
                                        {", \"interp\": \"bezier\"", 20},
                                        {", \"interp\": \"smooth\"", 20}};
  static_assert(std::size(kMembers) == static_cast<size_t>(Interpolation::kSmooth) + 1);
  static_assert(std::all_of(std::begin(kMembers), std::end(kMembers), [](const Member& member) {
    return std::char_traits<char>::length(member.text) == member.size;
  }));
  const Member& member = kMembers[static_cast<size_t>(interp)];
  std::memcpy(at, member.text, sizeof member.text);
  return at + member.size;
}

// The room a key takes with the ',' and indent before it: its member names,
// brackets and separators (under 128) and its numbers.
size_t KeyBound(const Key& key) {
  size_t numbers = 1 + key.value.size();
  if (key.in_tangent) numbers += key.in_tangent->size();
  if (key.out_tangent) numbers += key.out_tangent->size();
  if (key.ease) numbers += 4;
  return 128 + numbers * (kJsonNumberMax + 2);
}

// A key is always flat: one line. Room: KeyBound(key) less the indent.
char* PutKey(const Key& key, char* at) {
  at = Put(at, "{\"t\": ");
  at = WriteJsonNumber(key.t, at);
  at = Put(at, ", \"value\": ");
  at = PutComponents(key.value, at);
  at = PutInterp(key.interp, at);
  if (key.in_tangent) {
    at = Put(at, ", \"in_tangent\": ");
    at = PutComponents(*key.in_tangent, at);
  }
  if (key.out_tangent) {
    at = Put(at, ", \"out_tangent\": ");
    at = PutComponents(*key.out_tangent, at);
  }
  if (key.ease) {
    at = Put(at, ", \"ease\": [");
    for (size_t index = 0; index < 4; ++index) {
      if (index > 0) at = Put(at, ", ");
      at = WriteJsonNumber((*key.ease)[index], at);
    }
    *at++ = ']';
  }
  *at++ = '}';
  return at;
}

// A laid-out track's opening at depth 2: `{`, then its type and the start
// of its next member, each on a line of its own.
template <size_t T, size_t M>
void OpenTrack(const char (&type)[T], const char (&member)[M], TextWriter* writer) {
  static_assert(T + M < 64);
  char* at = writer->Room(64);
  *at++ = '{';
  at = PutIndent<3>(at);
  at = Put(at, type);
  at = PutIndent<3>(at);
  at = Put(at, member);
  writer->Advance(at);
}

// A transform track at depth 2 (an element of "tracks"): laid out unless it
// has no keys at all, when all its members are strings and it is flat.
void WriteTransformTrack(const TransformTrack& track, TextWriter* writer) {
  if (track.position.empty() && track.rotation.empty() && track.scale.empty()) {
    writer->Append("{\"type\": \"transform\", \"target\": ");
    WriteJsonString(track.target, writer);
    writer->Append("}");
    return;
  }
  OpenTrack("\"type\": \"transform\",", "\"target\": ", writer);
  WriteJsonString(track.target, writer);
  char* at = nullptr;
  // Each channel's opening, copied as 24 bytes (a copy of a known size) of
  // which its length are kept.
  struct Opening {
    char text[24];
    size_t size;
  };
  static constexpr Opening kOpenings[] = {{",\n      \"position\": [", 21},
                                          {",\n      \"rotation\": [", 21},
                                          {",\n      \"scale\": [", 18}};
  static_assert(std::all_of(std::begin(kOpenings), std::end(kOpenings), [](const Opening& opening) {
    return std::char_traits<char>::length(opening.text) == opening.size;
  }));
  const Keys* const channels[] = {&track.position, &track.rotation, &track.scale};
  for (size_t channel = 0; channel < std::size(channels); ++channel) {
    const Keys* keys = channels[channel];
    if (keys->empty()) continue;
    at = writer->Room(sizeof kOpenings[channel].text);
    std::memcpy(at, kOpenings[channel].text, sizeof kOpenings[channel].text);
    writer->Advance(at + kOpenings[channel].size);
    for (size_t index = 0; index < keys->size(); ++index) {
      const Key& key = (*keys)[index];
      at = writer->Room(KeyBound(key));
      if (index > 0) *at++ = ',';
      at = PutIndent<4>(at);
      writer->Advance(PutKey(key, at));
    }
    at = writer->Room(16);
    at = PutIndent<3>(at);
    *at++ = ']';
    writer->Advance(at);
  }
  at = writer->Room(16);
  at = PutIndent<2>(at);
  *at++ = '}';
  writer->Advance(at);
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

// The separator before a cue's member and its name: ", " on one line, or a
// newline at the members' depth. Room: 32.
template <size_t N>
char* PutMember(bool flat, const char (&name)[N], char* at) {
  if (flat) {
    at = Put(at, ", ");
  } else {
    *at++ = ',';
    at = PutIndent<5>(at);
  }
  return Put(at, name);
}

// A cues track with at least one cue, at depth 2: cue data (any JSON) is
// the only part that goes through the Json writer.
void WriteCuesTrack(const CuesTrack& track, TextWriter* writer) {
  OpenTrack("\"type\": \"cues\",", "\"cues\": [", writer);
  char* at = nullptr;
  for (size_t index = 0; index < track.cues.size(); ++index) {
    const SequenceCue& cue = track.cues[index];
    const bool flat = CueIsFlat(cue);
    at = writer->Room(64 + kJsonNumberMax);
    if (index > 0) *at++ = ',';
    at = PutIndent<4>(at);
    *at++ = '{';
    if (!flat) at = PutIndent<5>(at);
    at = Put(at, "\"t\": ");
    at = WriteJsonNumber(cue.t, at);
    writer->Advance(PutMember(flat, "\"kind\": ", at));
    WriteJsonString(cue.kind, writer);
    writer->Advance(PutMember(flat, "\"name\": ", writer->Room(32)));
    WriteJsonString(cue.name, writer);
    if (cue.target) {
      writer->Advance(PutMember(flat, "\"target\": ", writer->Room(32)));
      WriteJsonString(*cue.target, writer);
    }
    if (cue.data) {
      writer->Advance(PutMember(flat, "\"data\": ", writer->Room(32)));
      WriteCueData(cue.data, 5, writer);
    }
    at = writer->Room(16);
    if (!flat) at = PutIndent<4>(at);
    *at++ = '}';
    writer->Advance(at);
  }
  at = writer->Room(16);
  at = PutIndent<3>(at);
  *at++ = ']';
  at = PutIndent<2>(at);
  *at++ = '}';
  writer->Advance(at);
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
  TextWriter writer(out);
  for (size_t index = first; index < last; ++index) {
    char* at = writer.Room(16);
    if (index > 0) *at++ = ',';
    writer.Advance(PutIndent<2>(at));
    const Track& track = sequence.tracks[index];
    if (const auto* transform = std::get_if<TransformTrack>(&track)) {
      WriteTransformTrack(*transform, &writer);
    } else if (const auto* cues = std::get_if<CuesTrack>(&track); cues && !cues->cues.empty()) {
      WriteCuesTrack(*cues, &writer);
    } else {
      // Few and small: through the Json tree, written at the same depth.
      AppendJsonValue(TrackToJson(track), 2, writer.Settle());
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
