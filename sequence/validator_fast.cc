// The fast path of ValidateEmittedSequence: proves a built sequence valid
// without converting its transform and cues tracks to Json
// (validator_internal.h).
#include <cmath>
#include <vector>

#include "sequence/sequence_json.h"
#include "sequence/validator.h"
#include "sequence/validator_internal.h"

namespace cinc::validator_internal {
namespace {

// At least as strict as the validator's checks of one key of a 3-component
// channel with no range (position, rotation, scale) whose previous key was at
// `previous` (negative for the first key).
bool KeyIsValid(const Key& key, double duration, double previous) {
  auto finite_triple = [](const ComponentList& values) {
    return values.size() == 3 && std::isfinite(values[0]) && std::isfinite(values[1]) &&
           std::isfinite(values[2]);
  };
  if (!std::isfinite(key.t) || key.t < 0 || key.t > duration) return false;
  if (previous >= 0 && !(key.t > previous)) return false;
  if (!finite_triple(key.value)) return false;
  int interp = static_cast<int>(key.interp);
  if (interp < static_cast<int>(Interpolation::kLinear) ||
      interp > static_cast<int>(Interpolation::kSmooth)) {
    return false;
  }
  if (key.in_tangent && !finite_triple(*key.in_tangent)) return false;
  if (key.out_tangent && !finite_triple(*key.out_tangent)) return false;
  if (key.ease) {
    const std::array<double, 4>& ease = *key.ease;
    for (double control : ease) {
      if (!std::isfinite(control)) return false;
    }
    if (ease[0] < 0 || ease[0] > 1 || ease[2] < 0 || ease[2] > 1) return false;
  }
  return true;
}

bool TransformTrackIsValid(const TransformTrack& track, double duration) {
  // A name of at most 256 bytes has at most 256 code points.
  if (track.target.empty() || track.target.size() > kMaxTextLength) {
    return false;
  }
  for (const Keys* keys : {&track.position, &track.rotation, &track.scale}) {
    if (keys->size() > kMaxChannelKeys) return false;
    double previous = -1;
    for (const Key& key : *keys) {
      if (!KeyIsValid(key, duration, previous)) return false;
      previous = key.t;
    }
  }
  return true;
}

// At least as strict as the validator's cue checks (ReadCue, CheckDataText):
// texts are bounded in bytes, which bounds their code points.
bool CuesTrackIsValid(const CuesTrack& track, double duration) {
  if (track.cues.size() > kMaxTrackCues) return false;
  std::vector<const Json*> pending;  // explicit stack, as the validator's; one for all cues
  for (const SequenceCue& cue : track.cues) {
    if (!std::isfinite(cue.t) || cue.t < 0 || cue.t > duration) return false;
    if (cue.kind != "script" && cue.kind != "sound" && cue.kind != "vfx" && cue.kind != "marker") {
      return false;
    }
    if (cue.name.empty() || cue.name.size() > kMaxTextLength) return false;
    if (cue.target ? cue.target->empty() || cue.target->size() > kMaxTextLength
                   : cue.kind == "script") {
      return false;
    }
    // A fade's only text is its ease's name (OpacityEaseName: short).
    const Json* data = cue.data.json();
    if (data == nullptr) continue;
    pending.assign(1, data);
    while (!pending.empty()) {
      const Json* value = pending.back();
      pending.pop_back();
      if (value->is_string()) {
        if (value->get_ref<const std::string&>().size() > kMaxTextLength) return false;
      } else if (value->is_object()) {
        for (auto member = value->begin(); member != value->end(); ++member) {
          if (member.key().size() > kMaxTextLength) return false;
          pending.push_back(&member.value());
        }
      } else if (value->is_array()) {
        for (const Json& element : *value) pending.push_back(&element);
      }
    }
  }
  return true;
}

}  // namespace

bool EmittedSequenceIsValid(const Sequence& sequence) {
  if (sequence.tracks.size() > kMaxSequenceTracks) return false;
  const double duration = sequence.duration;
  if (!(duration > 0 && duration <= kMaxSequenceSeconds)) return false;
  // The header and the other tracks (few: cameras, audio, time) go
  // through the validator itself, in a document without the transform
  // tracks: a track's checks depend only on the header and on the camera and
  // time tracks before it, so this document is valid exactly when the
  // header and those tracks are.
  Json document = SequenceHeaderToJson(sequence);
  Json tracks = Json::array();
  for (const Track& track : sequence.tracks) {
    if (const auto* transform = std::get_if<TransformTrack>(&track)) {
      if (!TransformTrackIsValid(*transform, duration)) return false;
    } else if (const auto* cues = std::get_if<CuesTrack>(&track)) {
      if (!CuesTrackIsValid(*cues, duration)) return false;
    } else {
      tracks.push_back(TrackToJson(track));
    }
  }
  document["tracks"] = std::move(tracks);
  Diagnostics found;
  return ValidateSequenceJson(document, &found);
}

}  // namespace cinc::validator_internal
