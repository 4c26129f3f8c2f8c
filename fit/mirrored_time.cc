#include "fit/mirrored_time.h"

#include <algorithm>

#include "core/exact_time.h"

namespace cinc {

double MirroredTime(double t, double duration) {
  return std::max(DecimalDifference(duration, t), 0.0);
}

}  // namespace cinc
