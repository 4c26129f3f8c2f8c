// The disassembly: a sequence played backwards (docs/reverse.md).
//
// Contract: ReversedSequence(forward) plays at τ what `forward` plays at
// D − τ (D its duration), for every channel, shot and cue cinc writes:
// - Keys (MirroredKeys): a key at t comes at D − t (MirroredTime, fit/mirrored_time.h); each
// segment keeps its
//   interpolation and runs the other way: an ease (x1, y1, x2, y2) becomes
//   (1 − x2, 1 − y2, 1 − x1, 1 − y1), Hermite tangents are negated and swap
//   ends, bezier offsets swap ends. The curve is the same curve, so exact
//   keys stay exact and fitted ones keep their error. A step segment (a
//   hold, then a jump at its end) becomes a jump at its start: the key at
//   D − t_end keeps its value at that instant and the held value follows one
//   double later. The last key starts a hold.
// - Shots: the last shot's camera from 0; the switch from shot k − 1 to k
//   over [S, S + b] becomes a shot of k − 1's camera at D − S − b with the
//   same blend and the mirrored blend ease (a cut: one double after D − S,
//   since forwards the new camera already shows at S).
// - Cues fire at D − t, in the mirrored order (later cues of one instant
//   first). A chapter (a `marker` cue whose data has `end`) spans
//   [D − end, D − t]. An opacity fade (vfx `opacity`, data {from, to,
//   duration, ease}) runs from its end value back to its start value over
//   [D − E, D − S], E its end or the next fade's start of the same target,
//   whichever is first (a fade cut short by a take-over goes back linearly
//   between the values at its ends); a jump (a fade of no duration, or a
//   step ease's end) comes one double after D − E, since forwards the new
//   value already shows at E. Each object's reversed opacity starts at its
//   forward value at D (a cue at 0).
// - An audio clip [S, S + d) starts at D − S − d and plays forwards (d = 0:
//   to the sound's end, whose length cinc does not know: it starts at D − S).
// Duration, name and loop are kept.
#ifndef CINC_EMIT_REVERSE_SEQUENCE_H_
#define CINC_EMIT_REVERSE_SEQUENCE_H_

#include "sequence/sequence.h"

namespace cinc {

Keys MirroredKeys(const Keys& keys, double duration);

Sequence ReversedSequence(const Sequence& forward);

}  // namespace cinc

#endif  // CINC_EMIT_REVERSE_SEQUENCE_H_
