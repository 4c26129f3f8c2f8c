#include "gltf/gltf_playback.h"

#include <algorithm>
#include <cmath>

#include "core/hermite.h"

namespace cinc {
namespace {

// The value of key `index` (its middle value for CUBICSPLINE).
std::array<double, 4> KeyValue(const GltfSampler& sampler, size_t index) {
  const int width = sampler.width;
  size_t stride = sampler.interpolation == GltfInterpolation::kCubicSpline ? 3 * width : width;
  size_t offset =
      index * stride + (sampler.interpolation == GltfInterpolation::kCubicSpline ? width : 0);
  std::array<double, 4> value{0, 0, 0, 0};
  for (int c = 0; c < width; ++c) value[c] = sampler.values[offset + c];
  return value;
}

Quat QuatOf(const std::array<double, 4>& v) { return Quat(v[3], v[0], v[1], v[2]); }

std::array<double, 4> ArrayOf(const Quat& q) { return {q.x, q.y, q.z, q.w}; }

}  // namespace

std::array<double, 4> SampleGltf(const GltfSampler& sampler, double t, GltfPlayer player) {
  const std::vector<float>& times = sampler.times;
  if (times.empty()) return {0, 0, 0, 0};
  if (!(t > times.front())) return KeyValue(sampler, 0);
  if (t >= times.back()) return KeyValue(sampler, times.size() - 1);
  size_t next =
      static_cast<size_t>(std::upper_bound(times.begin(), times.end(), t) - times.begin());
  size_t index = next - 1;
  std::array<double, 4> v0 = KeyValue(sampler, index);
  if (sampler.interpolation == GltfInterpolation::kStep) return v0;
  std::array<double, 4> v1 = KeyValue(sampler, next);
  double t0 = times[index];
  double t1 = times[next];
  double span = t1 - t0;
  double u = (t - t0) / span;
  const int width = sampler.width;
  if (sampler.interpolation == GltfInterpolation::kLinear) {
    if (width == 4 && player == GltfPlayer::kGltf) return ArrayOf(Slerp(QuatOf(v0), QuatOf(v1), u));
    std::array<double, 4> value{0, 0, 0, 0};
    for (int c = 0; c < width; ++c) value[c] = v0[c] + (v1[c] - v0[c]) * u;
    if (width == 4) return ArrayOf(glm::normalize(QuatOf(value)));
    return value;
  }
  // CUBICSPLINE: key k holds (in-tangent, value, out-tangent).
  std::array<double, 4> value{0, 0, 0, 0};
  size_t stride = 3 * width;
  for (int c = 0; c < width; ++c) {
    double out0 = sampler.values[index * stride + 2 * width + c];
    double in1 = sampler.values[next * stride + c];
    value[c] = HermiteSegment(v0[c], out0, v1[c], in1, span, u);
  }
  if (width == 4) {
    double length = std::sqrt(value[0] * value[0] + value[1] * value[1] + value[2] * value[2] +
                              value[3] * value[3]);
    if (length > 0) {
      for (double& component : value) component /= length;
    }
  }
  return value;
}

GltfNodePose GltfPose(const GltfOwnerMotion& motion, double t, GltfPlayer player) {
  GltfNodePose pose = motion.initial;
  const GltfNodeAnimation& animation = motion.animation;
  if (animation.translation) {
    std::array<double, 4> v = SampleGltf(*animation.translation, t, player);
    pose.translation = Vec3(v[0], v[1], v[2]);
  }
  if (animation.rotation) pose.rotation = QuatOf(SampleGltf(*animation.rotation, t, player));
  if (animation.scale) {
    std::array<double, 4> v = SampleGltf(*animation.scale, t, player);
    pose.scale = Vec3(v[0], v[1], v[2]);
  }
  return pose;
}

}  // namespace cinc
