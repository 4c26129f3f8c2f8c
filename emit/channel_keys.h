// Keys for channels that interpolate linearly: position, scale, fov, time
// scale (docs/emission.md "Channels: holds, moves and jumps").
#ifndef CINC_EMIT_CHANNEL_KEYS_H_
#define CINC_EMIT_CHANNEL_KEYS_H_

#include <functional>
#include <vector>

#include "core/easing.h"
#include "core/exact_time.h"
#include "core/rotation.h"
#include "emit/key_list_builder.h"
#include "fit/channel_pieces.h"
#include "sequence/sequence.h"

namespace cinc {

// A value as a key's numbers: 1 or 3.
ComponentList Components(double value);
ComponentList Components(const Vec3& value);

// Writes a motion over [start, end] (end <= the segment's E) of a segment
// (S, d, ease) whose value at eased progress u is value_at(u), an affine
// function of u clamped to [0, 1]: a key at start with `interp: linear` and
// the part's ease, then one key per part end (emit/ease_split.h).
void WriteEasedMotion(const Ease& ease, const ExactTime& segment_start,
                      const ExactTime& segment_duration, const ExactTime& start,
                      const ExactTime& end, const std::function<ComponentList(double)>& value_at,
                      KeyListBuilder* builder);

// Keys that play the pieces exactly (up to rounding of values and interior
// split times): a hold one step key (merged with an equal hold before it), a
// motion a linear key with the segment's (cut) ease then a key at its end, a
// jump SetAt's pair (emit/key_list_builder.h); the first key at 0.
Keys KeysFromPieces(const std::vector<Piece<Vec3>>& pieces);
Keys KeysFromPieces(const std::vector<Piece<double>>& pieces);

}  // namespace cinc

#endif  // CINC_EMIT_CHANNEL_KEYS_H_
