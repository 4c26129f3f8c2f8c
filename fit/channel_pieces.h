// A channel of the rig as a piecewise function of time.
//
// Contract: BuildPieces turns a ChannelTrack into pieces in increasing start
// order; piece i covers [start_i, start_{i+1}) and the last one lasts
// forever. The first piece starts at 0. A piece is a hold of a constant
// value or a stretch of one segment's motion (value = the segment's own
// value at t, markers/rig.h). This is the channel rule (docs/state.md) spelled out: the
// initial value until the first segment's S; each segment over [S, min(E,
// active_until)); then its target, held. A segment taken over at its own
// start adds nothing; a d = 0 segment, and a step ease at E, are jumps
// (consecutive pieces whose values differ); a segment from a value to the
// same value is a hold. Motion pieces always have a next piece.
#ifndef CINC_FIT_CHANNEL_PIECES_H_
#define CINC_FIT_CHANNEL_PIECES_H_

#include <algorithm>
#include <optional>
#include <vector>

#include "core/exact_time.h"
#include "markers/rig.h"

namespace cinc {

template <typename Value>
struct Piece {
  ExactTime start;
  std::optional<Segment<Value>> motion;  // nullopt: a hold of `value`
  Value value{};

  Value ValueAt(const ExactTime& t) const { return motion ? SegmentValueAt(*motion, t) : value; }
};

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

template <typename Value>
std::vector<Piece<Value>> BuildPieces(const ChannelTrack<Value>& track) {
  std::vector<Piece<Value>> pieces = {HoldPiece(ExactTime(), track.initial)};
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
