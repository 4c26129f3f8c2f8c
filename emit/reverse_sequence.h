// The disassembly: a sequence played backwards (docs/reverse.md).
#ifndef CINC_EMIT_REVERSE_SEQUENCE_H_
#define CINC_EMIT_REVERSE_SEQUENCE_H_

#include <vector>

#include "sequence/sequence.h"

namespace cinc {

// The keys of one channel played backwards over `duration` D: a key at t at
// D − t (fit/mirrored_time.h), each segment the same curve run the other
// way (exact keys stay exact, fitted ones keep their error); a step
// segment's jump comes at its start, the held value one double later.
Keys MirroredKeys(const Keys& keys, double duration);

// Where a mirror puts what it plays back: forward t at axis − t
// (fit/mirrored_time.h), the forward span played back ending at `end`
// (fades and spans cut there), the objects' opacity set again at `first`,
// nothing later than `last`. The whole disassembly: {D, D, 0, D}.
struct Mirror {
  double axis = 0;
  double end = 0;
  double first = 0;
  double last = 0;
};

// The shots played backwards: the last forward one from `first`, each
// change of camera at its mirrored time (docs/reverse.md "What it plays").
std::vector<CameraShot> MirroredShots(const std::vector<CameraShot>& shots, const Mirror& mirror);
// The cues played backwards (fades, chapters, spans and moments), one
// starting opacity cue per faded object first, in time order.
CuesTrack MirroredCues(const CuesTrack& cues, const Mirror& mirror);
// The clips at their mirrored starts, each playing forwards.
AudioTrack MirroredAudio(const AudioTrack& audio, const Mirror& mirror);

// What `forward` plays at D − τ, played at τ: every channel, shot, cue and
// audio clip cinc writes, mirrored as docs/reverse.md "What it plays" and
// "Exact stays exact" say; duration, name and loop kept.
Sequence ReversedSequence(const Sequence& forward);

}  // namespace cinc

#endif  // CINC_EMIT_REVERSE_SEQUENCE_H_
