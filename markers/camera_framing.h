// Framing: where a camera must stand, keeping its rotation, so that a set of
// points fills its frame (docs/cameras.md "Framing").
#ifndef CINC_MARKERS_CAMERA_FRAMING_H_
#define CINC_MARKERS_CAMERA_FRAMING_H_

#include <optional>
#include <vector>

#include "core/rotation.h"

namespace cinc {

// The view: a camera looks along its local -Z with +Y up; `fov_degrees` is
// vertical, `aspect` is width / height; `margin` is the share of the frame's
// width (and height) left free on each side, in [0, 0.5).
struct FramingView {
  Quat rotation{1, 0, 0, 0};
  double fov_degrees = 60;
  double aspect = 16.0 / 9.0;
  double margin = 0.1;
};

// The nearest position from which every point projects inside the frame less
// its margins: the points touch both margins of the binding direction
// (width or height) and are centred in the other. With `centre`, the camera
// looks through it instead (it lands on the frame's middle). Needs a point.
Vec3 FramingPosition(const std::vector<Vec3>& points, const FramingView& view,
                     const std::optional<Vec3>& centre = std::nullopt);

// The eight corners of the box [low, high].
std::vector<Vec3> BoxCorners(const Vec3& low, const Vec3& high);

}  // namespace cinc

#endif  // CINC_MARKERS_CAMERA_FRAMING_H_
