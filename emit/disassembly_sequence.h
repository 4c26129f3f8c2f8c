// A scene's `disassembly:` in its sequence: the assembly, then its steps
// played backwards with their own labels and actions (docs/reverse.md
// "Disassembly in the scene").
#ifndef CINC_EMIT_DISASSEMBLY_SEQUENCE_H_
#define CINC_EMIT_DISASSEMBLY_SEQUENCE_H_

#include "core/timeline.h"
#include "sequence/sequence.h"

namespace cinc {

// The keys of one channel over [from, to] (from <= to), as cinc writes
// them (step, linear with or without an ease, Hermite): the keys inside
// kept, a key added at each end on the same curve (an eased segment split
// with SplitEase, a Hermite one with its tangent there, tangents being per
// second); a key at `from` and one at `to` always. Empty keys stay empty.
Keys KeysWithin(const Keys& keys, double from, double to);

// `forward` (the assembly's sequence, over the timeline's duration) with the
// disassembly after it: every channel's keys over [S, E] mirrored about
// start + E (emit/reverse_sequence.h MirroredKeys) after its own keys; the
// shots, cues and clips of [S, E] mirrored after the forward ones, marker
// cues and `action` script cues renamed as `times` says; the duration
// times.end.
Sequence WithDisassembly(const Sequence& forward, const DisassemblyTimes& times);

}  // namespace cinc

#endif  // CINC_EMIT_DISASSEMBLY_SEQUENCE_H_
