// The disassembly: a sequence played backwards (docs/reverse.md).
#ifndef CINC_EMIT_REVERSE_SEQUENCE_H_
#define CINC_EMIT_REVERSE_SEQUENCE_H_

#include "sequence/sequence.h"

namespace cinc {

// The keys of one channel played backwards over `duration` D: a key at t at
// D − t (fit/mirrored_time.h), each segment the same curve run the other
// way (exact keys stay exact, fitted ones keep their error); a step
// segment's jump comes at its start, the held value one double later.
Keys MirroredKeys(const Keys& keys, double duration);

// What `forward` plays at D − τ, played at τ: every channel, shot, cue and
// audio clip cinc writes, mirrored as docs/reverse.md "What it plays" and
// "Exact stays exact" say; duration, name and loop kept.
Sequence ReversedSequence(const Sequence& forward);

}  // namespace cinc

#endif  // CINC_EMIT_REVERSE_SEQUENCE_H_
