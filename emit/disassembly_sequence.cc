#include "emit/disassembly_sequence.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/easing.h"
#include "emit/ease_split.h"
#include "emit/reverse_sequence.h"
#include "sequence/interpolation.h"
#include "sequence/limits.h"

namespace cinc {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

ComponentList SampleAt(const Keys& keys, double t) {
  ChannelSample sample = SampleChannel(keys, t);
  const size_t width = std::min(keys.front().value.size(), sample.size());
  return ComponentList(sample.data(), sample.data() + width);
}

// The derivative (per second) at t of the Hermite segment from `key` to `next`.
ComponentList HermiteSlope(const Key& key, const Key& next, double t) {
  const double span = next.t - key.t;
  const double u = (t - key.t) / span;
  ComponentList slope = key.value;
  for (size_t c = 0; c < slope.size(); ++c) {
    const double m0 = key.out_tangent ? (*key.out_tangent)[c] : 0.0;
    const double m1 = HermiteInTangent(next, c);
    const double d = (6 * u * u - 6 * u) * key.value[c] + (3 * u * u - 4 * u + 1) * span * m0 +
                     (-6 * u * u + 6 * u) * next.value[c] + (3 * u * u - 2 * u) * span * m1;
    slope[c] = d / span;
  }
  return slope;
}

Key Hold(double t, ComponentList value) {
  Key key;
  key.t = t;
  key.value = std::move(value);
  key.interp = Interpolation::kStep;
  return key;
}

// The value of the eased linear segment key -> next at eased progress y.
ComponentList Lerp(const Key& key, const Key& next, double y) {
  ComponentList value = key.value;
  for (size_t c = 0; c < value.size(); ++c) {
    value[c] = key.value[c] + (next.value[c] - key.value[c]) * y;
  }
  return value;
}

// The segment key -> next over its progress [p0, p1] as keys, the first at
// p0; the key at p1 is not among them.
Keys PartKeys(const Key& key, const Key& next, double p0, double p1) {
  const double span = next.t - key.t;
  Keys keys;
  if (key.interp == Interpolation::kLinear && key.ease) {
    const std::array<double, 4>& e = *key.ease;
    for (const EasedPart& part : SplitEase(Ease::CubicBezier(e[0], e[1], e[2], e[3]), p0, p1)) {
      Key cut = part.progress_start == 0 ? key : Key{};
      cut.t = key.t + span * part.progress_start;
      if (part.progress_start != 0) cut.value = Lerp(key, next, part.eased_start);
      cut.interp = Interpolation::kLinear;
      cut.ease.reset();
      if (part.ease) cut.ease = *part.ease;
      keys.push_back(std::move(cut));
    }
    return keys;
  }
  Key cut = key;
  if (p0 != 0) {
    cut.t = key.t + span * p0;
    cut.value = SampleAt({key, next}, cut.t);
    if (key.interp == Interpolation::kHermite) {
      ComponentList slope = HermiteSlope(key, next, cut.t);
      cut.in_tangent = slope;
      cut.out_tangent = std::move(slope);
    }
  }
  keys.push_back(std::move(cut));
  return keys;
}

// keys up to b, the last one at b.
Keys KeysBefore(const Keys& keys, double b) {
  if (!(b > keys.front().t)) return {Hold(b, keys.front().value)};
  Keys out;
  size_t i = 0;
  for (; i + 1 < keys.size() && keys[i + 1].t <= b; ++i) out.push_back(keys[i]);
  if (i + 1 == keys.size() || keys[i].t == b) {
    out.push_back(keys[i]);
    if (keys[i].t < b) out.push_back(Hold(b, keys[i].value));
    return out;
  }
  const Key& key = keys[i];
  const Key& next = keys[i + 1];
  const double p = (b - key.t) / (next.t - key.t);
  Keys parts = PartKeys(key, next, 0, p);
  out.insert(out.end(), parts.begin(), parts.end());
  Key last = Hold(b, SampleAt({key, next}, b));
  if (key.interp == Interpolation::kHermite) last.in_tangent = HermiteSlope(key, next, b);
  out.push_back(std::move(last));
  return out;
}

// keys from a on, the first one at a.
Keys KeysAfter(const Keys& keys, double a) {
  if (!(a < keys.back().t)) return {Hold(a, keys.back().value)};
  Keys out;
  size_t i = 0;
  while (i + 1 < keys.size() && keys[i + 1].t <= a) ++i;
  if (a < keys[i].t) {
    out.push_back(Hold(a, keys[i].value));
  } else if (keys[i].t == a) {
    out.push_back(keys[i]);
  } else {
    Keys parts = PartKeys(keys[i], keys[i + 1], (a - keys[i].t) / (keys[i + 1].t - keys[i].t), 1);
    out.insert(out.end(), parts.begin(), parts.end());
  }
  out.insert(out.end(), keys.begin() + static_cast<std::ptrdiff_t>(i) + 1, keys.end());
  return out;
}

// The forward keys, then the mirrored ones from `start` on. A key of both
// at one time: the forward one moves one double earlier (a jump at `start`
// shows the disassembly's first value), or goes when it holds that value.
Keys Joined(Keys forward, Keys mirrored, double start) {
  if (mirrored.empty()) return forward;
  const bool same = std::all_of(mirrored.begin(), mirrored.end(),
                                [&](const Key& key) { return key.value == forward.back().value; });
  if (same) return forward;
  if (!(forward.back().t < mirrored.front().t)) {
    Key& last = forward.back();
    if (last.value == mirrored.front().value && forward.size() > 1) {
      std::vector<double> in(last.value.size());
      for (size_t c = 0; c < in.size(); ++c) in[c] = HermiteInTangent(last, c);
      mirrored.front().in_tangent = ComponentList(in);
      forward.pop_back();
    } else {
      last.t = std::nextafter(start, -kInfinity);
      if (forward.size() > 1 && !(forward[forward.size() - 2].t < last.t)) forward.pop_back();
    }
  }
  forward.insert(forward.end(), std::make_move_iterator(mirrored.begin()),
                 std::make_move_iterator(mirrored.end()));
  return forward;
}

// The forward span [from, to] that the disassembly plays back from `start`,
// and how it is mirrored there.
struct Window {
  double from = 0;   // S
  double to = 0;     // E
  double start = 0;  // T
  Mirror mirror;
};

Keys Channel(const Keys& keys, const Window& window) {
  if (keys.empty()) return keys;
  return Joined(keys, MirroredKeys(KeysWithin(keys, window.from, window.to), window.mirror.axis),
                window.start);
}

CameraTrack Camera(const CameraTrack& camera, const Window& window) {
  CameraTrack out = camera;
  // The shot in charge at S, then those that start in (S, E].
  std::vector<CameraShot> within;
  for (const CameraShot& shot : camera.shots) {
    if (shot.start <= window.from) within.assign(1, shot);
    if (shot.start > window.from && shot.start <= window.to) within.push_back(shot);
  }
  std::vector<CameraShot> mirrored = MirroredShots(within, window.mirror);
  if (!mirrored.empty() && !out.shots.empty() &&
      mirrored.front().camera == out.shots.back().camera) {
    mirrored.erase(mirrored.begin());
  }
  out.shots.insert(out.shots.end(), mirrored.begin(), mirrored.end());
  out.fov = Channel(camera.fov, window);
  out.focus_distance = Channel(camera.focus_distance, window);
  out.aperture = Channel(camera.aperture, window);
  if (camera.shake) out.shake->amplitude = Channel(camera.shake->amplitude, window);
  return out;
}

// A cue the disassembly plays back: in [S, E]; a chapter or a fade
// starting before E.
bool Within(const SequenceCue& cue, const Window& window) {
  if (cue.t < window.from || cue.t > window.to) return false;
  if (cue.kind == "marker" || (cue.kind == "vfx" && cue.name == "opacity")) {
    return cue.t < window.to;
  }
  return true;
}

// A chapter taken apart spans its step: to the next chapter's start (a
// later one), or E.
void SpanStep(const std::vector<double>& chapter_starts, double to, SequenceCue* cue) {
  Json* data = cue->data.json();
  if (cue->kind != "marker" || data == nullptr || !data->is_object()) return;
  auto next = std::upper_bound(chapter_starts.begin(), chapter_starts.end(), cue->t);
  (*data)["end"] = next == chapter_starts.end() ? to : std::min(*next, to);
}

template <typename Pairs>
const std::string* Renamed(const Pairs& pairs, const std::string& name) {
  for (const auto& [forward, own] : pairs) {
    if (forward == name) return &own;
  }
  return nullptr;
}

std::vector<SequenceCue> Cues(const Sequence& forward, const Window& window,
                              const DisassemblyTimes& times) {
  std::vector<SequenceCue> all;
  CuesTrack within;
  std::vector<double> chapter_starts;
  for (const Track& track : forward.tracks) {
    const auto* cues = std::get_if<CuesTrack>(&track);
    if (cues == nullptr) continue;
    for (const SequenceCue& cue : cues->cues) {
      all.push_back(cue);
      if (cue.kind == "marker") chapter_starts.push_back(cue.t);
      if (Within(cue, window)) within.cues.push_back(cue);
    }
  }
  std::sort(chapter_starts.begin(), chapter_starts.end());
  for (SequenceCue& cue : within.cues) {
    SpanStep(chapter_starts, window.to, &cue);
    // An action fires where its node's move starts backwards: at its end.
    if (cue.kind != "script" || !cue.target) continue;
    for (const DisassemblyTimes::ActionSpan& span : times.action_spans) {
      if (span.target == *cue.target && span.start.ToDouble() == cue.t) {
        cue.t = std::min(span.end.ToDouble(), window.to);
        break;
      }
    }
  }
  for (SequenceCue& cue : MirroredCues(within, window.mirror).cues) {
    if (cue.kind == "marker") {
      if (const std::string* own = Renamed(times.labels, cue.name)) {
        cue.name = *own;
        Json* data = cue.data.json();
        if (data != nullptr && data->is_object() && data->contains("label")) {
          (*data)["label"] = *own;
        }
      }
    } else if (cue.kind == "script") {
      if (const std::string* own = Renamed(times.actions, cue.name)) cue.name = *own;
    }
    all.push_back(std::move(cue));
  }
  return all;
}

AudioTrack Audio(const AudioTrack& audio, const Window& window) {
  AudioTrack within;
  for (const AudioClip& clip : audio.clips) {
    if (clip.start >= window.from && clip.start <= window.to) within.clips.push_back(clip);
  }
  AudioTrack out = audio;
  for (AudioClip& clip : MirroredAudio(within, window.mirror).clips) {
    out.clips.push_back(std::move(clip));
  }
  return out;
}

}  // namespace

Keys KeysWithin(const Keys& keys, double from, double to) {
  if (keys.empty()) return keys;
  return KeysAfter(KeysBefore(keys, to), from);
}

Sequence WithDisassembly(const Sequence& forward, const DisassemblyTimes& times) {
  Window window;
  window.from = times.from.ToDouble();
  window.to = times.to.ToDouble();
  window.start = times.start.ToDouble();
  const double last = times.end.ToDouble();
  window.mirror = {(times.start + times.to).ToDouble(), window.to, window.start, last};
  Sequence out;
  out.version = forward.version;
  out.name = forward.name;
  out.duration = last;
  out.loop = forward.loop;
  bool cues_done = false;
  for (const Track& track : forward.tracks) {
    if (const auto* transform = std::get_if<TransformTrack>(&track)) {
      out.tracks.push_back(TransformTrack{transform->target, Channel(transform->position, window),
                                          Channel(transform->rotation, window),
                                          Channel(transform->scale, window)});
    } else if (const auto* camera = std::get_if<CameraTrack>(&track)) {
      out.tracks.push_back(Camera(*camera, window));
    } else if (std::holds_alternative<CuesTrack>(track)) {
      // One list, cut in 256s again (as ReversedSequence does).
      if (cues_done) continue;
      cues_done = true;
      std::vector<SequenceCue> all = Cues(forward, window, times);
      for (size_t first = 0; first < all.size(); first += kMaxTrackCues) {
        const size_t end = std::min(all.size(), first + kMaxTrackCues);
        CuesTrack part;
        part.cues.assign(std::make_move_iterator(all.begin() + static_cast<std::ptrdiff_t>(first)),
                         std::make_move_iterator(all.begin() + static_cast<std::ptrdiff_t>(end)));
        out.tracks.push_back(std::move(part));
      }
    } else if (const auto* audio = std::get_if<AudioTrack>(&track)) {
      out.tracks.push_back(Audio(*audio, window));
    } else if (const auto* time = std::get_if<TimeTrack>(&track)) {
      out.tracks.push_back(TimeTrack{Channel(time->scale, window)});
    }
  }
  return out;
}

}  // namespace cinc
