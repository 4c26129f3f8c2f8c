#include "core/tolerance.h"

namespace cinc {

double ToleranceOf(const Tolerance& tolerance, Quantity quantity) {
  switch (quantity) {
    case Quantity::kRotation:
    case Quantity::kFieldOfView:
      return tolerance.rotation;
    case Quantity::kPosition:
    case Quantity::kScale:
    case Quantity::kFocusDistance:
    case Quantity::kAperture:
      return tolerance.position;
  }
  return tolerance.position;
}

}  // namespace cinc
