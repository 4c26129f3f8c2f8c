#include "fit/fit_settings.h"

#include <cmath>

namespace cinc {
namespace {

// Key times are rounded to the microsecond (short, readable decimals) when a
// segment is much longer than that (< 0.5 % of it). The rounded time is the
// one sampled and checked, so the rounding never escapes the checks; it only
// shortens or lengthens a segment slightly.
constexpr double kSequenceTimeGrid = 1e-6;
constexpr double kSequenceRoundAbove = 100 * kSequenceTimeGrid;

// The quantity a fitted curve's error is measured as.
Quantity MeasuredAs(FitQuantity quantity) {
  switch (quantity) {
    case FitQuantity::kPosition:
      return Quantity::kPosition;
    case FitQuantity::kEulerRotation:
    case FitQuantity::kQuaternion:
      return Quantity::kRotation;
    case FitQuantity::kFieldOfView:
      return Quantity::kFieldOfView;
    case FitQuantity::kFocusDistance:
      return Quantity::kFocusDistance;
    case FitQuantity::kAperture:
      return Quantity::kAperture;
  }
  return Quantity::kPosition;
}

}  // namespace

double FitSettings::ToleranceOf(FitQuantity quantity) const {
  return cinc::ToleranceOf(tolerance, MeasuredAs(quantity));
}

double FitSettings::CheckStepOf(FitQuantity quantity) const {
  return quantity == FitQuantity::kEulerRotation ? euler_check_step_degrees : 0;
}

FitSettings FitSettingsFor(const Scene& scene) {
  FitSettings settings;
  settings.tolerance = scene.tolerance;
  return settings;
}

double PlaybackModel::KeyTime(double from, double length, double end) const {
  double t = from + length;
  if (kind == Kind::kGltf) {
    double stored = ToFloat32(t);
    if (!(stored > from)) stored = std::nextafter(ToFloat32(from), HUGE_VALF);
    // No float32 lies in (from, end): the next key can only be the end.
    return stored < end ? stored : end;
  }
  if (length > kSequenceRoundAbove) {
    double rounded = std::round(t / kSequenceTimeGrid) * kSequenceTimeGrid;
    if (rounded > from && rounded < end) t = rounded;
  }
  return t;
}

}  // namespace cinc
