// Cutting an eased segment into parts that keys can carry exactly
// (docs/emission.md "Channels: holds, moves and jumps", take-overs).
#ifndef CINC_EMIT_EASE_SPLIT_H_
#define CINC_EMIT_EASE_SPLIT_H_

#include <array>
#include <optional>
#include <vector>

#include "core/easing.h"

namespace cinc {

// One part: a key with `interp: linear` and `ease` plays v0 + (v1 - v0) *
// bezier_y(u) where bezier_x = u is the part's progress.
struct EasedPart {
  double progress_start = 0;  // the segment's progress (t - S) / d at the part's ends
  double progress_end = 1;
  double eased_start = 0;  // the eased progress there; the outer ends use ApplyEase exactly
  double eased_end = 1;
  std::optional<std::array<double, 4>> ease;  // nullopt: linear
};

// The parts of the segment between progress p0 < p1 (both in [0, 1]): the
// cubic bezier split with de Casteljau where x is each progress and
// renormalised to [0, 1]; cut where x(s) stands still (x1 = 1, x2 = 0);
// halved in s (at most 8 times, then linear) where a part's x1 or x2 would
// leave [0, 1] or it does not move in y. Step eases are not parts: the
// caller writes them as holds.
std::vector<EasedPart> SplitEase(const Ease& ease, double progress_start, double progress_end);

// SplitEase's one part when it makes one without cutting (any ease but a
// cubic bezier, or a bezier that stays in [0, 1] taken whole), without a
// heap block; nullopt when SplitEase has to cut.
std::optional<EasedPart> UncutEase(const Ease& ease, double progress_start, double progress_end);

}  // namespace cinc

#endif  // CINC_EMIT_EASE_SPLIT_H_
