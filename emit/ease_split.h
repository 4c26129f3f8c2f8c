// Cutting an eased segment into parts that keys can carry exactly.
//
// Contract: a key with `interp: linear` and `ease: [x1, y1, x2, y2]` plays
// v0 + (v1 - v0) * bezier_y(u) where bezier_x = u is the part's progress. The
// part of a CSS cubic-bezier timing curve between two progress values is
// again a cubic bezier: SplitEase splits the curve with de Casteljau at the
// curve parameters s where x(s) is each progress, and renormalises both axes
// of the piece to [0, 1]. When the renormalised x1 or x2 would leave [0, 1]
// (a curve with x2 far below x1), or the piece does not move in y, the piece
// is halved in s until each part is valid (at most 8 halvings; past that the
// part is written linear, a documented approximation). Step eases are not
// parts: the caller writes them as holds.
#ifndef CINC_EMIT_EASE_SPLIT_H_
#define CINC_EMIT_EASE_SPLIT_H_

#include <array>
#include <optional>
#include <vector>

#include "core/easing.h"

namespace cinc {

struct EasedPart {
  double progress_start = 0;  // the segment's progress (t - S) / d at the part's ends
  double progress_end = 1;
  double eased_start = 0;  // the eased progress there; the outer ends use ApplyEase exactly
  double eased_end = 1;
  std::optional<std::array<double, 4>> ease;  // nullopt: linear
};

// The parts of the segment between progress p0 < p1 (both in [0, 1]).
std::vector<EasedPart> SplitEase(const Ease& ease, double progress_start, double progress_end);

}  // namespace cinc

#endif  // CINC_EMIT_EASE_SPLIT_H_
