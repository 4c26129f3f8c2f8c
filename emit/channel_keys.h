// Keys for channels that interpolate linearly: position, scale, fov, time scale.
//
// Contract: the keys play back exactly the pieces' function (up to rounding
// of the values and of interior split times): a hold is one step key (merged
// with an equal hold before it), a motion is a key with `interp: linear` and
// the segment's timing curve as `ease` (a cut motion carries the cut curve,
// emit/ease_split.h), then a key at its end; a jump is SetAt's pair
// (emit/key_list_builder.h). The first key is at 0.
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

std::vector<double> Components(double value);
std::vector<double> Components(const Vec3& value);

// Writes a motion over [start, end] (end <= the segment's E) of a segment
// (S, d, ease) whose value at eased progress u is value_at(u), an affine
// function of u clamped to [0, 1]: a key at start with `interp: linear` and
// the part's ease, then one key per part end (emit/ease_split.h).
void WriteEasedMotion(const Ease& ease, const ExactTime& segment_start,
                      const ExactTime& segment_duration, const ExactTime& start,
                      const ExactTime& end,
                      const std::function<std::vector<double>(double)>& value_at,
                      KeyListBuilder* builder);

Keys KeysFromPieces(const std::vector<Piece<Vec3>>& pieces);
Keys KeysFromPieces(const std::vector<Piece<double>>& pieces);

}  // namespace cinc

#endif  // CINC_EMIT_CHANNEL_KEYS_H_
