// Cues and audio clips (docs/language.md "Events", docs/emission.md "Cues", "Audio").
//
// Contract: CollectCues returns every cue of the scene sorted by (t, file
// order). File order is: the initial opacity cue of every object (t = 0,
// object order); then each object's nodes in order, then each camera's, then
// the director's; within one node its opacity cue(s), its label, its action,
// then its `cue:` entries as written. Cue kinds:
//   - opacity (visibility cues|both, objects only): vfx "opacity" with data
//     {from, to, duration, ease}; ease a name, or the 4-array when written as one;
//   - label: marker cue named by the text, data {label, node, end};
//   - action (object nodes): script cue NAME targeting the object;
//   - cue: entries as written (data parsed from Cue::data_json).
// CollectCueSources is the same list before the cues are made: each one's
// exact time and what it is made of (CueSource: a few words, where a cue is
// strings and a JSON object), so that a build can make the cues of one
// shard at a time; MakeCue makes one (CollectCues is MakeCue over
// CollectCueSources). A `cue:` entry whose data cannot be read back is
// E_INTERNAL, reported by MakeCue.
// CollectAudioClips returns one clip per `sound:`, sorted by (start, file
// order): duration only when d > 0, volume when not 1, offset and fades when
// not 0. Nodes whose timing is unresolved are skipped.
#ifndef CINC_EMIT_EMIT_CUES_H_
#define CINC_EMIT_EMIT_CUES_H_

#include <cstdint>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "emit/emit_settings.h"
#include "markers/rig.h"
#include "sequence/sequence.h"

namespace cinc {

std::vector<SequenceCue> CollectCues(const Scene& scene, const Timeline& timeline, const Rig& rig,
                                     const EmitSettings& settings, Diagnostics* diagnostics);

// What one cue is made of. The pointers are into the scene, timeline and
// rig CollectCueSources was given, which must outlive it.
struct CueSource {
  enum class Kind : uint8_t { kInitialOpacity, kOpacity, kLabel, kAction, kWritten };
  ExactTime t;
  Kind kind = Kind::kWritten;
  // The object the cue targets (index in scene.objects), or -1: an object's
  // opacity and actions target it, a `cue:` entry the object it names.
  int32_t target_object = -1;
  // What the cue is made from, by kind (one of them: 16 bytes less on
  // each of a large scene's 100,000 sources).
  union {
    const Segment<double>* fade = nullptr;  // kOpacity
    const Node* node;                       // kLabel, kAction
    const Cue* written;                     // kWritten
  };
  const NodeTime* time = nullptr;  // kLabel, kWritten
};

std::vector<CueSource> CollectCueSources(const Scene& scene, const Timeline& timeline,
                                         const Rig& rig, const EmitSettings& settings);

SequenceCue MakeCue(const CueSource& source, const Scene& scene, Diagnostics* diagnostics);

std::vector<AudioClip> CollectAudioClips(const Scene& scene, const Timeline& timeline);

// The `ease` of an opacity cue: the name, or [x1, y1, x2, y2] for a written array.
Json EaseDescription(const Ease& ease);

// The vfx `opacity` cue at t: data {from, to, duration, ease}.
SequenceCue OpacityCue(double t, const std::string& target, double from, double to, double duration,
                       Json ease);

}  // namespace cinc

#endif  // CINC_EMIT_EMIT_CUES_H_
