#include "markers/camera_framing.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cinc {
namespace {

// Along one direction of the frame (right or up, with k = (1 - 2 margin) *
// tan(half angle)): the least pull-back t and the sideways offset s for which
// every point's |x_i - s| <= k (z_i + t), z_i the depth along the view. With
// a fixed s (`fixed`) only t is solved.
struct Fit {
  double pull_back;
  double offset;
};

Fit FitAlong(const std::vector<double>& across, const std::vector<double>& depth, double k,
             std::optional<double> fixed) {
  double high = -std::numeric_limits<double>::infinity();  // max(x_i / k - z_i)
  double low = -std::numeric_limits<double>::infinity();   // max(-x_i / k - z_i)
  for (size_t i = 0; i < across.size(); ++i) {
    high = std::max(high, across[i] / k - depth[i]);
    low = std::max(low, -across[i] / k - depth[i]);
  }
  if (!fixed) return {(high + low) / 2, k * (high - low) / 2};
  const double s = *fixed / k;
  return {std::max(high - s, low + s), *fixed};
}

}  // namespace

Vec3 FramingPosition(const std::vector<Vec3>& points, const FramingView& view,
                     const std::optional<Vec3>& centre) {
  const Vec3 right = view.rotation * Vec3(1, 0, 0);
  const Vec3 up = view.rotation * Vec3(0, 1, 0);
  const Vec3 forward = view.rotation * Vec3(0, 0, -1);
  const double tan_v = std::tan(Radians(view.fov_degrees) / 2);
  const double fill = 1 - 2 * view.margin;
  std::vector<double> x, y, z;
  for (const Vec3& point : points) {
    x.push_back(glm::dot(point, right));
    y.push_back(glm::dot(point, up));
    z.push_back(glm::dot(point, forward));
  }
  std::optional<double> fixed_x, fixed_y;
  if (centre) {
    fixed_x = glm::dot(*centre, right);
    fixed_y = glm::dot(*centre, up);
  }
  const Fit across = FitAlong(x, z, fill * tan_v * view.aspect, fixed_x);
  const Fit along_up = FitAlong(y, z, fill * tan_v, fixed_y);
  const double pull_back = std::max(across.pull_back, along_up.pull_back);
  return across.offset * right + along_up.offset * up - pull_back * forward;
}

std::vector<Vec3> BoxCorners(const Vec3& low, const Vec3& high) {
  std::vector<Vec3> corners;
  for (int k = 0; k < 8; ++k) {
    corners.emplace_back((k & 1) ? high.x : low.x, (k & 2) ? high.y : low.y,
                         (k & 4) ? high.z : low.z);
  }
  return corners;
}

}  // namespace cinc
