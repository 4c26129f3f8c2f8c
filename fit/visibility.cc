#include "fit/visibility.h"

#include <algorithm>

#include "core/sorting.h"

namespace cinc {

std::vector<HiddenInterval> HiddenIntervals(const std::vector<Piece<double>>& opacity) {
  std::vector<HiddenInterval> hidden;
  for (size_t index = 0; index < opacity.size(); ++index) {
    const Piece<double>& piece = opacity[index];
    // Motions are never 0 over an interval: BuildPieces turns a move from 0
    // to 0 into a hold, and any other move is 0 at one instant at most.
    if (piece.motion || piece.value != 0) continue;
    std::optional<ExactTime> end = PieceEnd(opacity, index);
    if (!hidden.empty() && hidden.back().end && *hidden.back().end == piece.start) {
      hidden.back().end = end;  // adjacent holds of 0 make one interval
    } else {
      hidden.push_back({piece.start, end});
    }
  }
  return hidden;
}

std::vector<Piece<Vec3>> HideOver(const std::vector<Piece<Vec3>>& scale,
                                  const std::vector<HiddenInterval>& hidden) {
  std::vector<Piece<Vec3>> result;
  // Room for each piece, cut by one interval, and the intervals' holds: most
  // objects' lists in one heap block.
  result.reserve(scale.size() + 2 * hidden.size());
  for (size_t index = 0; index < scale.size(); ++index) {
    std::optional<ExactTime> end = PieceEnd(scale, index);
    ExactTime cursor = scale[index].start;
    bool covered = false;  // the rest of the piece is hidden
    for (const HiddenInterval& interval : hidden) {
      if (end && !(interval.start < *end)) break;  // intervals are in order
      if (interval.end && !(cursor < *interval.end)) continue;
      if (cursor < interval.start) {
        Piece<Vec3> visible = scale[index];
        visible.start = cursor;
        result.push_back(std::move(visible));
      }
      if (!interval.end) {
        covered = true;
        break;
      }
      cursor = std::max(cursor, *interval.end);
      if (end && !(cursor < *end)) {
        covered = true;
        break;
      }
    }
    if (!covered) {
      Piece<Vec3> visible = scale[index];
      visible.start = cursor;
      result.push_back(std::move(visible));
    }
  }
  for (const HiddenInterval& interval : hidden) {
    result.push_back(HoldPiece(interval.start, Vec3(0, 0, 0)));
  }
  StableSortIfNeeded(result.begin(), result.end(),
                     [](const Piece<Vec3>& a, const Piece<Vec3>& b) { return a.start < b.start; });
  return result;
}

bool ScaleEverChanges(const std::vector<Piece<Vec3>>& scale) {
  const Vec3 one(1, 1, 1);
  for (const Piece<Vec3>& piece : scale) {
    if (piece.motion ? (piece.motion->from != one || piece.motion->to != one)
                     : piece.value != one) {
      return true;
    }
  }
  return false;
}

}  // namespace cinc
