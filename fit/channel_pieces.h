// A channel of the rig (markers/rig.h) as a piecewise function of time.
#ifndef CINC_FIT_CHANNEL_PIECES_H_
#define CINC_FIT_CHANNEL_PIECES_H_

#include <algorithm>
#include <optional>
#include <vector>

#include "core/exact_time.h"
#include "markers/rig.h"

namespace cinc {

// One piece: a hold of `value`, or a stretch of one segment's motion.
template <typename Value>
struct Piece {
  ExactTime start;
  std::optional<Segment<Value>> motion;  // nullopt: a hold of `value`
  Value value{};

  Value ValueAt(const ExactTime& t) const { return motion ? SegmentValueAt(*motion, t) : value; }
};

// A hold of `value` from `start`.
template <typename Value>
Piece<Value> HoldPiece(const ExactTime& start, const Value& value) {
  Piece<Value> piece;
  piece.start = start;
  piece.value = value;
  return piece;
}

// The end of piece `index`: the next piece's start, nullopt for the last.
template <typename Value>
std::optional<ExactTime> PieceEnd(const std::vector<Piece<Value>>& pieces, size_t index) {
  if (index + 1 < pieces.size()) return pieces[index + 1].start;
  return std::nullopt;
}

// The channel rule (docs/state.md) as pieces in increasing start order, the
// first at 0, piece i over [start_i, start_{i+1}), the last forever; a jump
// is two consecutive pieces whose values differ; a motion piece always has a
// next piece (docs/emission.md "Channels: holds, moves and jumps").
template <typename Value>
std::vector<Piece<Value>> BuildPieces(const ChannelTrack<Value>& track) {
  std::vector<Piece<Value>> pieces;
  pieces.reserve(1 + 2 * track.segments.size());  // the most there can be: one heap block
  pieces.push_back(HoldPiece(ExactTime(), track.initial));
  auto push = [&pieces](Piece<Value> piece) {
    // A piece at the start of the last one replaces it: the last one lasted no time.
    while (!pieces.empty() && !(pieces.back().start < piece.start)) pieces.pop_back();
    pieces.push_back(std::move(piece));
  };
  for (const Segment<Value>& segment : track.segments) {
    const std::optional<ExactTime>& until = segment.active_until;
    if (until && !(segment.start < *until)) continue;  // taken over at its own start
    ExactTime end = segment.end();
    bool reaches_end = !until || end < *until;
    if (!(ExactTime() < segment.duration)) {
      push(HoldPiece(segment.start, SegmentEndValue(segment)));
      continue;
    }
    if (segment.ease.kind == Ease::Kind::kStep || !SegmentMoves(segment)) {
      push(HoldPiece(segment.start, segment.from));
    } else {
      Piece<Value> piece;
      piece.start = segment.start;
      piece.motion = segment;
      push(std::move(piece));
    }
    if (reaches_end) push(HoldPiece(end, SegmentEndValue(segment)));
  }
  return pieces;
}

}  // namespace cinc

#endif  // CINC_FIT_CHANNEL_PIECES_H_
