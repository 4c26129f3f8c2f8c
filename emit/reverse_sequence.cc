#include "emit/reverse_sequence.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/easing.h"
#include "core/exact_time.h"
#include "emit/emit_cues.h"
#include "fit/mirrored_time.h"
#include "sequence/interpolation.h"
#include "sequence/limits.h"

namespace cinc {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

std::vector<double> Negated(std::vector<double> values) {
  for (double& value : values) value = -value;
  return values;
}

// The incoming Hermite tangents of `key`, every component (the format's rule).
std::vector<double> InTangents(const Key& key) {
  std::vector<double> tangents(key.value.size());
  for (size_t component = 0; component < tangents.size(); ++component) {
    tangents[component] = HermiteInTangent(key, component);
  }
  return tangents;
}

std::vector<double> OutTangents(const Key& key) {
  if (key.out_tangent) return *key.out_tangent;
  return std::vector<double>(key.value.size(), 0.0);
}

// Appends keys in strictly increasing time. A key that would not come after
// the last one either replaces it, when the last one only carries a step's
// held value (a later key starts there anyway), or comes one double later.
class MirrorBuilder {
 public:
  void Append(Key key, bool held_value_only = false) {
    if (!keys_.empty() && !(key.t > keys_.back().t)) {
      if (last_is_held_value_) {
        key.t = keys_.back().t;
        keys_.back() = std::move(key);
        last_is_held_value_ = held_value_only;
        return;
      }
      key.t = std::nextafter(keys_.back().t, kInfinity);
    }
    keys_.push_back(std::move(key));
    last_is_held_value_ = held_value_only;
  }
  Key& last() { return keys_.back(); }
  Keys Take() { return std::move(keys_); }

 private:
  Keys keys_;
  bool last_is_held_value_ = false;
};

}  // namespace

Keys MirroredKeys(const Keys& keys, double duration) {
  MirrorBuilder builder;
  const size_t count = keys.size();
  // Catmull-Rom tangents of a smooth segment, from the forward neighbours.
  auto smooth_tangents = [&](size_t index) {
    std::vector<double> tangents(keys[index].value.size());
    for (size_t c = 0; c < tangents.size(); ++c) tangents[c] = CatmullRomTangent(keys, index, c);
    return tangents;
  };
  for (size_t j = 0; j < count; ++j) {
    const size_t index = count - 1 - j;
    const Key& source = keys[index];  // the key that comes at D - t
    Key key;
    key.t = MirroredTime(source.t, duration);
    key.value = source.value;
    key.interp = Interpolation::kStep;
    // Arriving here: the forward segment that left `source`, run backwards.
    // A smooth one becomes Hermite with its forward tangents, so that the
    // held values a reversed step adds do not change its neighbours.
    if (j > 0 && source.interp == Interpolation::kHermite) {
      key.in_tangent = Negated(OutTangents(source));
    } else if (j > 0 && source.interp == Interpolation::kSmooth) {
      key.in_tangent = Negated(smooth_tangents(index));
    } else if (j > 0 && source.interp == Interpolation::kBezier) {
      key.in_tangent = source.out_tangent;
    }
    if (j + 1 == count) {  // the forward list's first key: a hold from here on
      builder.Append(std::move(key));
      continue;
    }
    // Leaving here: the forward segment from `leaving` into `source`.
    const Key& leaving = keys[index - 1];
    key.interp = leaving.interp;
    if (leaving.ease) key.ease = MirroredBezier(*leaving.ease);
    if (leaving.interp == Interpolation::kHermite || leaving.interp == Interpolation::kSmooth) {
      key.interp = Interpolation::kHermite;
      key.out_tangent = Negated(leaving.interp == Interpolation::kSmooth ? smooth_tangents(index)
                                                                         : InTangents(source));
      if (key.in_tangent == key.out_tangent) key.in_tangent.reset();  // the format's default
    } else if (leaving.interp == Interpolation::kBezier) {
      key.out_tangent = source.in_tangent;
    }
    builder.Append(std::move(key));
    if (leaving.interp == Interpolation::kStep && leaving.value != source.value) {
      // Forward: `leaving`'s value held, then the jump to `source`'s at its
      // time. Backwards: `source`'s value at that instant, then the held one.
      Key held;
      held.t = std::nextafter(MirroredTime(source.t, duration), kInfinity);
      held.value = leaving.value;
      held.interp = Interpolation::kStep;
      builder.Append(std::move(held), /*held_value_only=*/true);
    }
  }
  return builder.Take();
}

std::vector<CameraShot> MirroredShots(const std::vector<CameraShot>& shots, const Mirror& mirror) {
  const double duration = mirror.axis;
  std::vector<CameraShot> mirrored;
  if (shots.empty()) return mirrored;
  CameraShot first;
  first.start = mirror.first;
  first.camera = shots.back().camera;
  mirrored.push_back(std::move(first));
  for (size_t k = shots.size() - 1; k > 0; --k) {
    const CameraShot& shot = shots[k];
    CameraShot back;
    back.camera = shots[k - 1].camera;
    double blend = shot.blend.value_or(0);
    back.start = MirroredTime(shot.start + blend, duration);
    // A cut at S shows the new camera at S: backwards, the old one from
    // just after D - S.
    if (!(blend > 0)) back.start = std::min(std::nextafter(back.start, kInfinity), mirror.last);
    if (shot.blend) back.blend = shot.blend;
    if (shot.blend_ease) back.blend_ease = MirroredBezier(*shot.blend_ease);
    mirrored.push_back(std::move(back));
  }
  // Starts never go backwards, even where a forward blend ran past the next
  // shot's start.
  for (size_t k = 1; k < mirrored.size(); ++k) {
    mirrored[k].start = std::max(mirrored[k].start, mirrored[k - 1].start);
  }
  return mirrored;
}

namespace {

CameraTrack MirroredCamera(const CameraTrack& camera, double duration) {
  CameraTrack mirrored;
  mirrored.shots = MirroredShots(camera.shots, {duration, duration, 0, duration});
  mirrored.fov = MirroredKeys(camera.fov, duration);
  mirrored.focus_distance = MirroredKeys(camera.focus_distance, duration);
  mirrored.aperture = MirroredKeys(camera.aperture, duration);
  if (camera.shake) {
    mirrored.shake = *camera.shake;
    mirrored.shake->amplitude = MirroredKeys(camera.shake->amplitude, duration);
  }
  return mirrored;
}

// An opacity cue's fields (docs/emission.md "Cues").
using Fade = OpacityFade;

std::optional<Fade> FadeOf(const SequenceCue& cue) {
  if (cue.kind != "vfx" || cue.name != "opacity" || !cue.target) return std::nullopt;
  if (const OpacityFade* fade = cue.data.fade()) return *fade;
  // Data held as Json: a sequence that was read, or built by hand.
  const Json* json = cue.data.json();
  if (json == nullptr || !json->is_object()) return std::nullopt;
  const Json& data = *json;
  auto number = [&](const char* key) -> std::optional<double> {
    auto found = data.find(key);
    if (found == data.end() || !found->is_number()) return std::nullopt;
    return found->get<double>();
  };
  std::optional<double> from = number("from");
  std::optional<double> to = number("to");
  std::optional<double> duration = number("duration");
  auto ease = data.find("ease");
  if (!from || !to || !duration || ease == data.end()) return std::nullopt;
  Fade fade{*from, *to, *duration, Ease::Linear()};
  if (ease->is_string()) {
    std::optional<Ease> named = Ease::FromName(ease->get<std::string>());
    if (!named) return std::nullopt;
    fade.ease = *named;
  } else if (ease->is_array() && ease->size() == 4) {
    for (const Json& control : *ease) {
      if (!control.is_number()) return std::nullopt;
    }
    fade.ease = Ease::CubicBezier((*ease)[0].get<double>(), (*ease)[1].get<double>(),
                                  (*ease)[2].get<double>(), (*ease)[3].get<double>());
  } else {
    return std::nullopt;
  }
  return fade;
}

// The ease of the fade run backwards, written as cinc writes eases: a name
// where the mirror has one, else the four numbers.
Ease MirroredEase(const Fade& fade) {
  const std::string_view name = OpacityEaseName(fade.ease);  // as the cue wrote it
  std::string_view mirrored;
  if (name == "linear" || name == "ease_in_out" || name == "ease-in-out") mirrored = name;
  if (name == "ease-in") mirrored = "ease-out";
  if (name == "ease-out") mirrored = "ease-in";
  if (std::optional<Ease> named = Ease::FromName(mirrored)) return *named;
  std::array<double, 4> control = MirroredBezier(fade.ease.control());
  return Ease::CubicBezier(control[0], control[1], control[2], control[3]);
}

double FadeValue(const Fade& fade, double into) {
  if (fade.ease.kind == Ease::Kind::kStep) return into < fade.duration ? fade.from : fade.to;
  if (!(fade.duration > 0)) return fade.to;
  double u = std::clamp(ApplyEase(fade.ease, into / fade.duration), 0.0, 1.0);
  return fade.from + (fade.to - fade.from) * u;
}

// One cue backwards; `fade` is FadeOf(cue), `next_fade_start` the start of
// the next opacity cue of the same target (infinity when none).
SequenceCue MirroredCue(const SequenceCue& cue, const std::optional<Fade>& fade,
                        double next_fade_start, const Mirror& mirror) {
  const double duration = mirror.axis;
  if (fade) {
    // Its end: E, the take-over by the next fade, or the end of what is played back.
    double end = std::min({cue.t + fade->duration, next_fade_start, mirror.end});
    double lasted = std::max(end - cue.t, 0.0);
    double end_value = FadeValue(*fade, lasted);
    double back_start = MirroredTime(end, duration);
    // A jump at E shows its new value at E: backwards, the old one from just
    // after D - E.
    double jump_at = std::min(std::nextafter(back_start, kInfinity), mirror.last);
    if (fade->ease.kind == Ease::Kind::kStep || !(lasted > 0)) {
      return OpacityCue(jump_at, *cue.target, end_value, fade->from, 0, Ease::Linear());
    }
    if (lasted < fade->duration) {  // cut short by a take-over: linear between its ends
      return OpacityCue(back_start, *cue.target, end_value, fade->from, lasted, Ease::Linear());
    }
    return OpacityCue(back_start, *cue.target, fade->to, fade->from, fade->duration,
                      MirroredEase(*fade));
  }
  SequenceCue mirrored = cue;
  mirrored.t = MirroredTime(cue.t, duration);
  const bool spans = cue.kind == "marker" ||
                     (cue.kind == "vfx" && (cue.name == "highlight" || cue.name == "callout"));
  const Json* data = cue.data.json();
  if (spans && data != nullptr && data->is_object()) {
    auto end = data->find("end");
    if (end != data->end() && end->is_number()) {  // a chapter, highlight or callout [t, end]
      mirrored.t = MirroredTime(std::min(end->get<double>(), mirror.end), duration);
      (*mirrored.data.json())["end"] = MirroredTime(cue.t, duration);
    }
  }
  return mirrored;
}

}  // namespace

CuesTrack MirroredCues(const CuesTrack& cues, const Mirror& mirror) {
  const std::vector<SequenceCue>& forward = cues.cues;
  std::vector<std::optional<Fade>> fades(forward.size());
  // Each fade's take-over: the next opacity cue of its target.
  std::vector<double> next_fade(forward.size(), kInfinity);
  std::map<std::string, size_t> last_fade;  // target -> index of its latest fade so far
  std::vector<std::string> order;           // targets in the order their fades first appear
  for (size_t i = 0; i < forward.size(); ++i) {
    fades[i] = FadeOf(forward[i]);
    if (!fades[i]) continue;
    const std::string& target = *forward[i].target;
    auto [previous, first] = last_fade.try_emplace(target, i);
    if (first) {
      order.push_back(target);
    } else {
      next_fade[previous->second] = forward[i].t;
      previous->second = i;
    }
  }
  CuesTrack mirrored;
  // Each object starts where it ended: its last fade's value at the end.
  for (const std::string& target : order) {
    size_t index = last_fade[target];
    double value = FadeValue(*fades[index], MirroredTime(forward[index].t, mirror.end));
    mirrored.cues.push_back(OpacityCue(mirror.first, target, value, value, 0, Ease::Linear()));
  }
  const size_t initial = mirrored.cues.size();
  for (size_t i = forward.size(); i-- > 0;) {
    mirrored.cues.push_back(MirroredCue(forward[i], fades[i], next_fade[i], mirror));
  }
  std::stable_sort(mirrored.cues.begin() + static_cast<std::ptrdiff_t>(initial),
                   mirrored.cues.end(),
                   [](const SequenceCue& a, const SequenceCue& b) { return a.t < b.t; });
  return mirrored;
}

AudioTrack MirroredAudio(const AudioTrack& audio, const Mirror& mirror) {
  AudioTrack mirrored;
  for (size_t i = audio.clips.size(); i-- > 0;) {
    AudioClip clip = audio.clips[i];
    clip.start = MirroredTime(clip.start + clip.duration.value_or(0), mirror.axis);
    mirrored.clips.push_back(std::move(clip));
  }
  std::stable_sort(mirrored.clips.begin(), mirrored.clips.end(),
                   [](const AudioClip& a, const AudioClip& b) { return a.start < b.start; });
  return mirrored;
}

Sequence ReversedSequence(const Sequence& forward) {
  Sequence reversed;
  reversed.version = forward.version;
  reversed.name = forward.name;
  reversed.duration = forward.duration;
  reversed.loop = forward.loop;
  const double duration = forward.duration;
  bool cues_done = false;
  for (const Track& track : forward.tracks) {
    if (const auto* transform = std::get_if<TransformTrack>(&track)) {
      reversed.tracks.push_back(TransformTrack{
          transform->target, MirroredKeys(transform->position, duration),
          MirroredKeys(transform->rotation, duration), MirroredKeys(transform->scale, duration)});
    } else if (const auto* camera = std::get_if<CameraTrack>(&track)) {
      reversed.tracks.push_back(MirroredCamera(*camera, duration));
    } else if (std::holds_alternative<CuesTrack>(track)) {
      // The cues tracks are one list cut in 256s: mirrored whole (each
      // object's starting cue once), then cut again, as the mirror may
      // hold more cues than the forward tracks (a starting cue per target).
      if (cues_done) continue;
      cues_done = true;
      CuesTrack all;
      for (const Track& other : forward.tracks) {
        if (const auto* cues = std::get_if<CuesTrack>(&other)) {
          all.cues.insert(all.cues.end(), cues->cues.begin(), cues->cues.end());
        }
      }
      CuesTrack mirrored = MirroredCues(all, {duration, duration, 0, duration});
      for (size_t first = 0; first < mirrored.cues.size(); first += kMaxTrackCues) {
        const size_t last = std::min(mirrored.cues.size(), first + kMaxTrackCues);
        CuesTrack part;
        auto begin = mirrored.cues.begin();
        part.cues.assign(std::make_move_iterator(begin + static_cast<std::ptrdiff_t>(first)),
                         std::make_move_iterator(begin + static_cast<std::ptrdiff_t>(last)));
        reversed.tracks.push_back(std::move(part));
      }
    } else if (const auto* audio = std::get_if<AudioTrack>(&track)) {
      reversed.tracks.push_back(MirroredAudio(*audio, {duration, duration, 0, duration}));
    } else if (const auto* time = std::get_if<TimeTrack>(&track)) {
      reversed.tracks.push_back(TimeTrack{MirroredKeys(time->scale, duration)});
    }
  }
  return reversed;
}

}  // namespace cinc
