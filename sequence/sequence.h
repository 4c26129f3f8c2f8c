// The sequence model: the whole output format (the cinema sequence format) as
// plain structs.
//
// Contract: one struct per object of the format, one field per key, in the
// format's order. Optional fields are std::optional (absent = not written),
// but for a cue's data, a CueData (absent, or any JSON value; an opacity
// fade's is held compactly: sequence/cue_data.h); a channel with no keys is
// not written. Keys hold their value as 1 (scalar channels: fov, time scale,
// shake amplitude) or 3 (position, Euler rotation, scale) doubles. The model
// does not check anything: emit builds valid sequences, and a later
// validator reports what is wrong in one that was read.
#ifndef CINC_SEQUENCE_SEQUENCE_H_
#define CINC_SEQUENCE_SEQUENCE_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/boxed.h"
#include "core/json_writer.h"
#include "sequence/component_list.h"
#include "sequence/cue_data.h"

namespace cinc {

// How the curve leaves a key toward the next one (docs/sequence-format.md).
enum class Interpolation { kLinear, kStep, kHermite, kBezier, kSmooth };

// "linear", "step", "hermite", "bezier", "smooth".
std::string_view InterpolationName(Interpolation interpolation);
// The inverse of InterpolationName; nullopt for any other text.
std::optional<Interpolation> InterpolationFromName(std::string_view name);

// The rarer parts of a key are boxed (core/boxed.h: optional, one pointer
// when absent) and its value is held in place (sequence/component_list.h):
// a key is 72 bytes and no heap block, where it was 144 and one, so a
// 100,000-node scene's 600,000 keys hold about 60 MB less.
struct Key {
  double t = 0;
  ComponentList value;  // 1 or 3 components
  Interpolation interp = Interpolation::kLinear;
  Boxed<ComponentList> in_tangent;    // units per second (hermite)
  Boxed<ComponentList> out_tangent;   // or value offsets (bezier)
  Boxed<std::array<double, 4>> ease;  // CSS cubic-bezier x1, y1, x2, y2
};

using Keys = std::vector<Key>;

struct TransformTrack {
  std::string target;
  Keys position;
  Keys rotation;  // Euler [pitch, yaw, roll] degrees
  Keys scale;
};

struct CameraShot {
  double start = 0;
  std::string camera;
  std::optional<double> blend;
  std::optional<std::array<double, 4>> blend_ease;
};

struct CameraShake {
  Keys amplitude;
  double frequency = 1;
  int64_t seed = 0;
  std::optional<double> rotation_gain;
};

struct CameraTrack {
  std::vector<CameraShot> shots;
  Keys fov;
  Keys focus_distance;
  Keys aperture;
  std::optional<CameraShake> shake;
};

struct SequenceCue {
  double t = 0;
  std::string kind;  // script | sound | vfx | marker
  std::string name;
  std::optional<std::string> target;
  CueData data;  // any JSON value
};

struct CuesTrack {
  std::vector<SequenceCue> cues;
};

struct AudioClip {
  double start = 0;
  std::string sound;
  std::optional<double> offset;
  std::optional<double> duration;
  std::optional<double> volume;
  std::optional<double> fade_in;
  std::optional<double> fade_out;
};

struct AudioTrack {
  std::vector<AudioClip> clips;
};

struct TimeTrack {
  Keys scale;
};

using Track = std::variant<TransformTrack, CameraTrack, CuesTrack, AudioTrack, TimeTrack>;

// "transform", "camera", "cues", "audio" or "time".
std::string_view TrackTypeName(const Track& track);

struct Sequence {
  int version = 1;
  std::string name;
  double duration = 0;
  bool loop = false;
  std::vector<Track> tracks;
};

}  // namespace cinc

#endif  // CINC_SEQUENCE_SEQUENCE_H_
