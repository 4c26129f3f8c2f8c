// Which of the scene's two tolerances (core/scene.h Tolerance, `tolerance:`
// in the scene) each measured quantity is held to: the one rule the fitter
// and the verifier share.
#ifndef CINC_CORE_TOLERANCE_H_
#define CINC_CORE_TOLERANCE_H_

#include "core/scene.h"

namespace cinc {

// What is measured against a tolerance, in its unit.
enum class Quantity {
  kPosition,       // metres, the distance between two positions
  kRotation,       // degrees, the angle between two rotations
  kScale,          // a plain number, the largest difference of a component
  kFieldOfView,    // degrees
  kFocusDistance,  // metres
  kAperture,       // an f-stop, a plain number
};

// tolerance.rotation for rotations and fields of view (degrees);
// tolerance.position for everything else: lengths in metres, and apertures
// and scales as plain numbers.
double ToleranceOf(const Tolerance& tolerance, Quantity quantity);

}  // namespace cinc

#endif  // CINC_CORE_TOLERANCE_H_
