// Cues and audio clips (docs/language.md "Events", docs/emission.md "Cues",
// "Audio").
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

// Every cue of the scene, sorted by (t, file order), as docs/emission.md
// "Cues" lists them (opacity cues only with visibility cues|both).
std::vector<SequenceCue> CollectCues(const Scene& scene, const Timeline& timeline, const Rig& rig,
                                     const EmitSettings& settings, Diagnostics* diagnostics);

// What one cue is made of. The pointers are into the scene, timeline and
// rig CollectCueSources was given, which must outlive it.
struct CueSource {
  enum class Kind : uint8_t {
    kInitialOpacity,
    kOpacity,
    kLabel,
    kAction,
    kWritten,
    kHighlight,
    kCallout
  };
  Kind kind = Kind::kWritten;
  // The object the cue targets (index in scene.objects), or -1: an object's
  // opacity and actions target it, a `cue:` entry the object it names.
  int32_t target_object = -1;
  // What the cue is made from, by kind (one of them: 16 bytes less on
  // each of a large scene's 100,000 sources).
  union {
    const Segment<double>* fade = nullptr;  // kOpacity
    const Node* node;                       // kLabel, kAction, kHighlight, kCallout
    const Cue* written;                     // kWritten
  };
  const NodeTime* time = nullptr;  // kLabel, kAction, kWritten, kHighlight, kCallout

  // When the cue is: 0 for the initial opacity, else its fade's or its
  // node's start (read through the pointers, not kept beside them: 24
  // bytes a source instead of 40).
  const ExactTime& Start() const;
};

// CollectCues' list before the cues are made, so that a build can make the
// cues of one shard at a time.
std::vector<CueSource> CollectCueSources(const Scene& scene, const Timeline& timeline,
                                         const Rig& rig, const EmitSettings& settings);

// One cue (CollectCues is MakeCue over CollectCueSources); a `cue:` entry
// whose data cannot be read back is E_INTERNAL.
SequenceCue MakeCue(const CueSource& source, const Scene& scene, Diagnostics* diagnostics);

// One clip per `sound:`, sorted by (start, file order) (docs/emission.md
// "Audio"); nodes whose timing is unresolved are skipped.
std::vector<AudioClip> CollectAudioClips(const Scene& scene, const Timeline& timeline);

// The vfx `opacity` cue at t: data {from, to, duration, ease}, held as an
// OpacityFade (sequence/cue_data.h; the ease written by OpacityEaseJson).
SequenceCue OpacityCue(double t, const std::string& target, double from, double to, double duration,
                       const Ease& ease);

}  // namespace cinc

#endif  // CINC_EMIT_EMIT_CUES_H_
