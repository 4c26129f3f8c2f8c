// Hiding what is invisible with scale 0 (docs/emission.md "Scale and visibility").
//
// Contract: HiddenIntervals gives the maximal half-open intervals [a, b)
// over which an opacity channel is exactly 0 at every instant, in order;
// `end` is nullopt when the object stays hidden to the end. They are the
// holds of 0 (initial 0, a d = 0 node to 0, the value after a fade-out's E,
// a step ease's hold): a fade-in from 0 starting at S is 0 only at the
// instant S, so the hidden interval before it ends at S. HideOver replaces
// a scale channel's pieces by a hold of [0, 0, 0] over those intervals and
// keeps the exact scale everywhere else.
#ifndef CINC_FIT_VISIBILITY_H_
#define CINC_FIT_VISIBILITY_H_

#include <optional>
#include <vector>

#include "core/exact_time.h"
#include "core/rotation.h"
#include "fit/channel_pieces.h"

namespace cinc {

struct HiddenInterval {
  ExactTime start;
  std::optional<ExactTime> end;  // nullopt: forever
};

std::vector<HiddenInterval> HiddenIntervals(const std::vector<Piece<double>>& opacity);

std::vector<Piece<Vec3>> HideOver(const std::vector<Piece<Vec3>>& scale,
                                  const std::vector<HiddenInterval>& hidden);

// True when any piece's value differs from [1, 1, 1] somewhere.
bool ScaleEverChanges(const std::vector<Piece<Vec3>>& scale);

}  // namespace cinc

#endif  // CINC_FIT_VISIBILITY_H_
