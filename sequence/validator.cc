#include "sequence/validator.h"

#include <cmath>
#include <utility>

#include "sequence/sequence_json.h"
#include "sequence/validator_internal.h"

namespace cinc {
namespace {

using validator_internal::ChannelRule;
using validator_internal::FieldReader;
using validator_internal::JsonTypeName;
using validator_internal::NumberText;
using validator_internal::ValueRange;

constexpr ChannelRule kPositionRule{"position", 3, ValueRange::kAny};
constexpr ChannelRule kRotationRule{"rotation", 3, ValueRange::kAny};
constexpr ChannelRule kScaleRule{"scale", 3, ValueRange::kAny};
constexpr ChannelRule kFovRule{"fov", 1, ValueRange::kFieldOfView};
constexpr ChannelRule kFocusRule{"focus_distance", 1, ValueRange::kPositive};
constexpr ChannelRule kApertureRule{"aperture", 1, ValueRange::kPositive};
constexpr ChannelRule kAmplitudeRule{"shake amplitude", 1, ValueRange::kNonNegative};
constexpr ChannelRule kTimeScaleRule{"time scale", 1, ValueRange::kTimeScale};

std::string Child(const std::string& path, std::string_view token) {
  return path + "/" + std::string(token);
}

std::string Child(const std::string& path, size_t index) {
  return path + "/" + std::to_string(index);
}

bool IsValidName(const std::string& name) {
  if (name.empty() || name.size() > kMaxSequenceNameLength) return false;
  for (char c : name) {
    bool allowed = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                   c == '_' || c == '.' || c == '-';
    if (!allowed) return false;
  }
  return true;
}

// Reads one document; the tracks know whether a camera or time track came first.
class SequenceReader {
 public:
  explicit SequenceReader(Diagnostics* diagnostics)
      : diagnostics_(diagnostics), fields_(diagnostics) {}

  Sequence Read(const Json& document);

 private:
  void ReadHeader(const Json& document, Sequence* sequence);
  std::optional<Track> ReadTrack(const Json& value, const std::string& path);
  std::optional<Track> ReadTransform(const Json& value, const std::string& path);
  std::optional<Track> ReadCamera(const Json& value, const std::string& path);
  std::optional<CameraShot> ReadShot(const Json& value, const std::string& path);
  std::optional<CameraShake> ReadShake(const Json& value, const std::string& path);
  std::optional<Track> ReadCues(const Json& value, const std::string& path);
  std::optional<SequenceCue> ReadCue(const Json& value, const std::string& path);
  std::optional<Track> ReadAudio(const Json& value, const std::string& path);
  std::optional<AudioClip> ReadClip(const Json& value, const std::string& path);
  std::optional<Track> ReadTime(const Json& value, const std::string& path);
  // A second camera or time track is E_CINEMA_TRACK; remembers the first.
  void CheckSingle(std::string_view type, const std::string& path, std::string* first);

  Diagnostics* diagnostics_;
  FieldReader fields_;
  std::string first_camera_track_;
  std::string first_time_track_;
};

Sequence SequenceReader::Read(const Json& document) {
  Sequence sequence;
  if (!fields_.ExpectObject(document, "", "the sequence",
                            {"version", "name", "duration", "loop", "tracks"})) {
    return sequence;
  }
  ReadHeader(document, &sequence);
  const Json* tracks = fields_.Member(document, "", "tracks", "the sequence");
  if (tracks == nullptr) return sequence;
  if (!tracks->is_array()) {
    fields_.Report(DiagnosticCode::kCinemaFormat, "/tracks",
                   "'tracks' must be an array, not " + std::string(JsonTypeName(*tracks)));
    return sequence;
  }
  if (tracks->size() > kMaxSequenceTracks) {
    fields_.Report(DiagnosticCode::kCinemaLimit, "/tracks",
                   std::to_string(tracks->size()) + " tracks; a sequence holds at most " +
                       std::to_string(kMaxSequenceTracks));
  }
  for (size_t index = 0; index < tracks->size(); ++index) {
    std::optional<Track> track = ReadTrack((*tracks)[index], Child("/tracks", index));
    if (track) sequence.tracks.push_back(std::move(*track));
  }
  return sequence;
}

void SequenceReader::ReadHeader(const Json& document, Sequence* sequence) {
  const Json* version = fields_.Member(document, "", "version");
  if (version == nullptr) {
    fields_.Report(DiagnosticCode::kCinemaVersion, "", "missing field 'version' (it must be 1)");
  } else if (!version->is_number() || version->get<double>() != 1) {
    std::string shown = version->is_number() ? NumberText(version->get<double>())
                                             : std::string(JsonTypeName(*version));
    fields_.Report(DiagnosticCode::kCinemaVersion, "/version", "version must be 1, not " + shown);
  }
  if (const Json* name = fields_.Member(document, "", "name", "the sequence")) {
    if (auto text = fields_.String(*name, "/name", "name")) {
      if (!IsValidName(*text)) {
        fields_.Report(DiagnosticCode::kCinemaFormat, "/name",
                       "name '" + text->substr(0, 64) + "' must match [A-Za-z0-9_.-]{1," +
                           std::to_string(kMaxSequenceNameLength) + "}");
      }
      sequence->name = *text;
    }
  }
  if (const Json* duration = fields_.Member(document, "", "duration", "the sequence")) {
    if (auto seconds = fields_.Number(*duration, "/duration", "duration")) {
      sequence->duration = *seconds;
      if (*seconds > 0 && *seconds <= kMaxSequenceSeconds) {
        fields_.set_duration(*seconds);
      } else {
        fields_.Report(DiagnosticCode::kCinemaDuration, "/duration",
                       "duration " + NumberText(*seconds) + " is outside (0, " +
                           std::to_string(kMaxSequenceSeconds) + "] seconds");
      }
    }
  }
  if (const Json* loop = fields_.Member(document, "", "loop")) {
    if (auto looping = fields_.Boolean(*loop, "/loop", "loop")) sequence->loop = *looping;
  }
}

void SequenceReader::CheckSingle(std::string_view type, const std::string& path,
                                 std::string* first) {
  if (first->empty()) {
    *first = path;
    return;
  }
  fields_.Report(DiagnosticCode::kCinemaTrack, path,
                 "a second " + std::string(type) + " track (the first is " + *first +
                     "); a sequence has at most one");
}

std::optional<Track> SequenceReader::ReadTrack(const Json& value, const std::string& path) {
  if (!value.is_object()) {
    fields_.Report(DiagnosticCode::kCinemaFormat, path,
                   "a track must be an object, not " + std::string(JsonTypeName(value)));
    return std::nullopt;
  }
  const Json* type = fields_.Member(value, path, "type", "a track");
  if (type == nullptr) return std::nullopt;
  std::optional<std::string> name = fields_.String(*type, Child(path, "type"), "type");
  if (!name) return std::nullopt;
  if (*name == "transform") return ReadTransform(value, path);
  if (*name == "camera") return ReadCamera(value, path);
  if (*name == "cues") return ReadCues(value, path);
  if (*name == "audio") return ReadAudio(value, path);
  if (*name == "time") return ReadTime(value, path);
  fields_.Report(
      DiagnosticCode::kCinemaFormat, Child(path, "type"),
      "unknown track type '" + name->substr(0, 64) + "' (transform, camera, cues, audio or time)");
  return std::nullopt;
}

std::optional<Track> SequenceReader::ReadTransform(const Json& value, const std::string& path) {
  int errors = diagnostics_->error_count();
  constexpr std::string_view kWhat = "a transform track";
  fields_.ExpectObject(value, path, kWhat, {"type", "target", "position", "rotation", "scale"});
  TransformTrack track;
  if (const Json* target = fields_.Member(value, path, "target", kWhat)) {
    std::string at = Child(path, "target");
    if (auto text = fields_.String(*target, at, "target")) {
      if (text->empty())
        fields_.Report(DiagnosticCode::kCinemaTrack, at, "a transform track's target is empty");
      track.target = *text;
    }
  }
  if (const Json* keys = fields_.Member(value, path, "position")) {
    track.position = fields_.Channel(*keys, Child(path, "position"), kPositionRule);
  }
  if (const Json* keys = fields_.Member(value, path, "rotation")) {
    track.rotation = fields_.Channel(*keys, Child(path, "rotation"), kRotationRule);
  }
  if (const Json* keys = fields_.Member(value, path, "scale")) {
    track.scale = fields_.Channel(*keys, Child(path, "scale"), kScaleRule);
  }
  if (diagnostics_->error_count() != errors) return std::nullopt;
  return track;
}

std::optional<CameraShot> SequenceReader::ReadShot(const Json& value, const std::string& path) {
  constexpr std::string_view kWhat = "a shot";
  if (!fields_.ExpectObject(value, path, kWhat, {"start", "camera", "blend", "blend_ease"})) {
    return std::nullopt;
  }
  CameraShot shot;
  if (const Json* start = fields_.Member(value, path, "start", kWhat)) {
    if (auto time = fields_.Time(*start, Child(path, "start"), "start")) shot.start = *time;
  }
  if (const Json* camera = fields_.Member(value, path, "camera", kWhat)) {
    std::string at = Child(path, "camera");
    if (auto text = fields_.String(*camera, at, "camera")) {
      if (text->empty())
        fields_.Report(DiagnosticCode::kCinemaShot, at, "a shot's camera is empty");
      shot.camera = *text;
    }
  }
  if (const Json* blend = fields_.Member(value, path, "blend")) {
    std::string at = Child(path, "blend");
    if (auto seconds = fields_.Number(*blend, at, "blend")) {
      if (!std::isfinite(*seconds) || *seconds < 0) {
        fields_.Report(DiagnosticCode::kCinemaShot, at,
                       "blend " + NumberText(*seconds) + " must be a finite number >= 0 seconds");
      }
      shot.blend = *seconds;
    }
  }
  if (const Json* ease = fields_.Member(value, path, "blend_ease")) {
    shot.blend_ease = fields_.Ease(*ease, Child(path, "blend_ease"), "blend_ease");
  }
  return shot;
}

std::optional<CameraShake> SequenceReader::ReadShake(const Json& value, const std::string& path) {
  constexpr std::string_view kWhat = "the shake";
  if (!fields_.ExpectObject(value, path, kWhat,
                            {"amplitude", "frequency", "seed", "rotation_gain"})) {
    return std::nullopt;
  }
  CameraShake shake;
  if (const Json* keys = fields_.Member(value, path, "amplitude", kWhat)) {
    shake.amplitude = fields_.Channel(*keys, Child(path, "amplitude"), kAmplitudeRule);
  }
  if (const Json* frequency = fields_.Member(value, path, "frequency")) {
    std::string at = Child(path, "frequency");
    if (auto hertz = fields_.Number(*frequency, at, "frequency")) {
      if (!std::isfinite(*hertz) || *hertz <= 0) {
        fields_.Report(DiagnosticCode::kCinemaKeyValue, at,
                       "shake frequency " + NumberText(*hertz) + " must be > 0");
      }
      shake.frequency = *hertz;
    }
  }
  if (const Json* seed = fields_.Member(value, path, "seed")) {
    if (auto number = fields_.Integer(*seed, Child(path, "seed"), "seed")) shake.seed = *number;
  }
  if (const Json* gain = fields_.Member(value, path, "rotation_gain")) {
    std::string at = Child(path, "rotation_gain");
    if (auto degrees = fields_.Number(*gain, at, "rotation_gain")) {
      if (!std::isfinite(*degrees)) {
        fields_.Report(DiagnosticCode::kCinemaKeyValue, at, "shake rotation_gain is not finite");
      }
      shake.rotation_gain = *degrees;
    }
  }
  return shake;
}

std::optional<Track> SequenceReader::ReadCamera(const Json& value, const std::string& path) {
  int errors = diagnostics_->error_count();
  constexpr std::string_view kWhat = "a camera track";
  CheckSingle("camera", path, &first_camera_track_);
  fields_.ExpectObject(value, path, kWhat,
                       {"type", "shots", "fov", "focus_distance", "aperture", "shake"});
  CameraTrack track;
  if (const Json* shots = fields_.Member(value, path, "shots", kWhat)) {
    std::string at = Child(path, "shots");
    if (!shots->is_array()) {
      fields_.Report(DiagnosticCode::kCinemaFormat, at,
                     "'shots' must be an array, not " + std::string(JsonTypeName(*shots)));
    } else if (shots->empty()) {
      fields_.Report(DiagnosticCode::kCinemaShot, at, "a camera track needs at least one shot");
    }
    for (size_t index = 0; shots->is_array() && index < shots->size(); ++index) {
      std::string shot_path = Child(at, index);
      std::optional<CameraShot> shot = ReadShot((*shots)[index], shot_path);
      if (!shot) continue;
      bool ordered_start = (*shots)[index].contains("start") &&
                           (*shots)[index]["start"].is_number() && std::isfinite(shot->start);
      if (!track.shots.empty() && ordered_start && !(shot->start > track.shots.back().start)) {
        fields_.Report(DiagnosticCode::kCinemaShot, Child(shot_path, "start"),
                       "start " + NumberText(shot->start) + " is not after the previous shot's " +
                           NumberText(track.shots.back().start));
      }
      track.shots.push_back(std::move(*shot));
    }
  }
  if (const Json* keys = fields_.Member(value, path, "fov")) {
    track.fov = fields_.Channel(*keys, Child(path, "fov"), kFovRule);
  }
  if (const Json* keys = fields_.Member(value, path, "focus_distance")) {
    track.focus_distance = fields_.Channel(*keys, Child(path, "focus_distance"), kFocusRule);
  }
  if (const Json* keys = fields_.Member(value, path, "aperture")) {
    track.aperture = fields_.Channel(*keys, Child(path, "aperture"), kApertureRule);
  }
  if (const Json* shake = fields_.Member(value, path, "shake")) {
    track.shake = ReadShake(*shake, Child(path, "shake"));
  }
  if (diagnostics_->error_count() != errors) return std::nullopt;
  return track;
}

std::optional<SequenceCue> SequenceReader::ReadCue(const Json& value, const std::string& path) {
  constexpr std::string_view kWhat = "a cue";
  if (!fields_.ExpectObject(value, path, kWhat, {"t", "kind", "name", "target", "data"})) {
    return std::nullopt;
  }
  SequenceCue cue;
  if (const Json* t = fields_.Member(value, path, "t", kWhat)) {
    if (auto time = fields_.Time(*t, Child(path, "t"), "t")) cue.t = *time;
  }
  if (const Json* kind = fields_.Member(value, path, "kind", kWhat)) {
    std::string at = Child(path, "kind");
    if (auto text = fields_.String(*kind, at, "kind")) {
      if (*text != "script" && *text != "sound" && *text != "vfx" && *text != "marker") {
        fields_.Report(
            DiagnosticCode::kCinemaFormat, at,
            "unknown cue kind '" + text->substr(0, 64) + "' (script, sound, vfx or marker)");
      }
      cue.kind = *text;
    }
  }
  if (const Json* name = fields_.Member(value, path, "name", kWhat)) {
    std::string at = Child(path, "name");
    if (auto text = fields_.String(*name, at, "name")) {
      if (text->empty()) fields_.Report(DiagnosticCode::kCinemaCue, at, "a cue's name is empty");
      cue.name = *text;
    }
  }
  if (const Json* target = fields_.Member(value, path, "target")) {
    std::string at = Child(path, "target");
    if (auto text = fields_.String(*target, at, "target")) {
      if (text->empty()) fields_.Report(DiagnosticCode::kCinemaCue, at, "a cue's target is empty");
      cue.target = *text;
    }
  } else if (cue.kind == "script") {
    fields_.Report(DiagnosticCode::kCinemaCue, path, "a script cue needs a target");
  }
  if (const Json* data = fields_.Member(value, path, "data")) {
    fields_.CheckDataText(*data, Child(path, "data"));
    cue.data = *data;
  }
  return cue;
}

std::optional<Track> SequenceReader::ReadCues(const Json& value, const std::string& path) {
  int errors = diagnostics_->error_count();
  constexpr std::string_view kWhat = "a cues track";
  fields_.ExpectObject(value, path, kWhat, {"type", "cues"});
  CuesTrack track;
  if (const Json* cues = fields_.Member(value, path, "cues", kWhat)) {
    std::string at = Child(path, "cues");
    if (!cues->is_array()) {
      fields_.Report(DiagnosticCode::kCinemaFormat, at,
                     "'cues' must be an array, not " + std::string(JsonTypeName(*cues)));
    } else if (cues->size() > kMaxTrackCues) {
      fields_.Report(DiagnosticCode::kCinemaLimit, at,
                     std::to_string(cues->size()) + " cues; a cues track holds at most " +
                         std::to_string(kMaxTrackCues));
    }
    for (size_t index = 0; cues->is_array() && index < cues->size(); ++index) {
      if (auto cue = ReadCue((*cues)[index], Child(at, index))) track.cues.push_back(*cue);
    }
  }
  if (diagnostics_->error_count() != errors) return std::nullopt;
  return track;
}

std::optional<AudioClip> SequenceReader::ReadClip(const Json& value, const std::string& path) {
  constexpr std::string_view kWhat = "a clip";
  if (!fields_.ExpectObject(
          value, path, kWhat,
          {"start", "sound", "offset", "duration", "volume", "fade_in", "fade_out"})) {
    return std::nullopt;
  }
  AudioClip clip;
  if (const Json* start = fields_.Member(value, path, "start", kWhat)) {
    if (auto time = fields_.Time(*start, Child(path, "start"), "start")) clip.start = *time;
  }
  if (const Json* sound = fields_.Member(value, path, "sound", kWhat)) {
    std::string at = Child(path, "sound");
    if (auto text = fields_.String(*sound, at, "sound")) {
      if (text->empty())
        fields_.Report(DiagnosticCode::kCinemaAudio, at, "a clip's sound is empty");
      clip.sound = *text;
    }
  }
  // Every other field is a number of seconds (or a gain) with a lower bound.
  struct Bounded {
    std::string_view field;
    std::optional<double> AudioClip::*member;
    bool zero_allowed;
  };
  for (const Bounded& bounded :
       {Bounded{"offset", &AudioClip::offset, true},
        Bounded{"duration", &AudioClip::duration, false},
        Bounded{"volume", &AudioClip::volume, true}, Bounded{"fade_in", &AudioClip::fade_in, true},
        Bounded{"fade_out", &AudioClip::fade_out, true}}) {
    const Json* field = fields_.Member(value, path, bounded.field);
    if (field == nullptr) continue;
    std::string at = Child(path, bounded.field);
    std::optional<double> number = fields_.Number(*field, at, bounded.field);
    if (!number) continue;
    bool valid = std::isfinite(*number) && (bounded.zero_allowed ? *number >= 0 : *number > 0);
    if (!valid) {
      fields_.Report(DiagnosticCode::kCinemaAudio, at,
                     std::string(bounded.field) + " " + NumberText(*number) +
                         (bounded.zero_allowed ? " must be >= 0" : " must be > 0"));
    }
    clip.*bounded.member = *number;
  }
  return clip;
}

std::optional<Track> SequenceReader::ReadAudio(const Json& value, const std::string& path) {
  int errors = diagnostics_->error_count();
  constexpr std::string_view kWhat = "an audio track";
  fields_.ExpectObject(value, path, kWhat, {"type", "clips"});
  AudioTrack track;
  if (const Json* clips = fields_.Member(value, path, "clips", kWhat)) {
    std::string at = Child(path, "clips");
    if (!clips->is_array()) {
      fields_.Report(DiagnosticCode::kCinemaFormat, at,
                     "'clips' must be an array, not " + std::string(JsonTypeName(*clips)));
    } else if (clips->size() > kMaxTrackClips) {
      fields_.Report(DiagnosticCode::kCinemaLimit, at,
                     std::to_string(clips->size()) + " clips; an audio track holds at most " +
                         std::to_string(kMaxTrackClips));
    }
    for (size_t index = 0; clips->is_array() && index < clips->size(); ++index) {
      if (auto clip = ReadClip((*clips)[index], Child(at, index))) track.clips.push_back(*clip);
    }
  }
  if (diagnostics_->error_count() != errors) return std::nullopt;
  return track;
}

std::optional<Track> SequenceReader::ReadTime(const Json& value, const std::string& path) {
  int errors = diagnostics_->error_count();
  constexpr std::string_view kWhat = "a time track";
  CheckSingle("time", path, &first_time_track_);
  fields_.ExpectObject(value, path, kWhat, {"type", "scale"});
  TimeTrack track;
  if (const Json* keys = fields_.Member(value, path, "scale", kWhat)) {
    track.scale = fields_.Channel(*keys, Child(path, "scale"), kTimeScaleRule);
  }
  if (diagnostics_->error_count() != errors) return std::nullopt;
  return track;
}

}  // namespace

std::optional<Sequence> ReadSequenceJson(const Json& document, Diagnostics* diagnostics) {
  int errors = diagnostics->error_count();
  Sequence sequence = SequenceReader(diagnostics).Read(document);
  if (diagnostics->error_count() != errors) return std::nullopt;
  return sequence;
}

bool ValidateSequenceJson(const Json& document, Diagnostics* diagnostics) {
  return ReadSequenceJson(document, diagnostics).has_value();
}

bool ValidateEmittedSequence(const Sequence& sequence, Diagnostics* diagnostics) {
  // The fast path proves validity; a doubt runs the validator for the problems.
  if (validator_internal::EmittedSequenceIsValid(sequence)) return true;
  return ValidateEmittedSequence(SequenceToJson(sequence), diagnostics);
}

bool ValidateEmittedSequence(const Json& document, Diagnostics* diagnostics) {
  Diagnostics found(diagnostics->file());
  if (ValidateSequenceJson(document, &found)) return true;
  for (const Diagnostic& problem : found.items()) {
    diagnostics->Report(DiagnosticCode::kInternal, SourceLocation{}, problem.path,
                        "cinc built an invalid sequence: " + problem.message + " [" +
                            std::string(problem.code_name()) + "]");
  }
  return false;
}

}  // namespace cinc
