// Hiding what is invisible with scale 0 (docs/emission.md "Scale and visibility").
#ifndef CINC_FIT_VISIBILITY_H_
#define CINC_FIT_VISIBILITY_H_

#include <optional>
#include <vector>

#include "core/exact_time.h"
#include "core/rotation.h"
#include "fit/channel_pieces.h"

namespace cinc {

// [start, end) over which an object is hidden.
struct HiddenInterval {
  ExactTime start;
  std::optional<ExactTime> end;  // nullopt: forever
};

// The maximal intervals, in order, over which the opacity is exactly 0 at
// every instant: its holds of 0, adjacent ones merged (a fade-in from 0 at S
// is 0 at the instant S only: the interval before it ends at S).
std::vector<HiddenInterval> HiddenIntervals(const std::vector<Piece<double>>& opacity);

// The scale's pieces with a hold of [0, 0, 0] over each hidden interval and
// the exact scale everywhere else.
std::vector<Piece<Vec3>> HideOver(const std::vector<Piece<Vec3>>& scale,
                                  const std::vector<HiddenInterval>& hidden);

// True when any piece's value differs from [1, 1, 1] somewhere.
bool ScaleEverChanges(const std::vector<Piece<Vec3>>& scale);

}  // namespace cinc

#endif  // CINC_FIT_VISIBILITY_H_
