#include "sequence/interpolation.h"

#include <algorithm>

#include "core/easing.h"

namespace cinc {
namespace {

double ComponentOr(const Boxed<ComponentList>& values, size_t component, double fallback) {
  return values && component < values->size() ? (*values)[component] : fallback;
}

// The index i of the segment with keys[i].t <= t < keys[i + 1].t, for
// keys.front().t < t < keys.back().t. The search starts where t would be if
// the keys were evenly spaced (they usually nearly are) and gallops from
// there: a couple of cache lines instead of a binary search's ~14 on a
// 10,000-key channel. The answer is the same whatever the guess.
size_t SegmentIndex(const Keys& keys, double t) {
  const size_t last = keys.size() - 1;
  double fraction = (t - keys.front().t) / (keys.back().t - keys.front().t);
  size_t low = static_cast<size_t>(std::clamp(fraction, 0.0, 1.0) * static_cast<double>(last));
  low = std::min(low, last - 1);
  size_t high = low + 1;  // invariant sought: keys[low].t <= t < keys[high].t
  size_t step = 1;
  while (keys[low].t > t) {  // gallop down
    high = low;
    low = low > step ? low - step : 0;
    step *= 2;
  }
  step = 1;
  while (keys[high].t <= t) {  // gallop up (keys[last].t > t stops it)
    low = high;
    high = std::min(high + step, last);
    step *= 2;
  }
  auto after = std::upper_bound(keys.begin() + low + 1, keys.begin() + high, t,
                                [](double time, const Key& key) { return time < key.t; });
  return static_cast<size_t>(after - keys.begin()) - 1;
}

}  // namespace

double HermiteInTangent(const Key& next, size_t component) {
  if (next.in_tangent) return ComponentOr(next.in_tangent, component, 0);
  return ComponentOr(next.out_tangent, component, 0);
}

double BezierSegment(double p0, double p1, double p2, double p3, double u) {
  double inverse = 1 - u;
  return inverse * inverse * inverse * p0 + 3 * inverse * inverse * u * p1 +
         3 * inverse * u * u * p2 + u * u * u * p3;
}

double CatmullRomTangent(const Keys& keys, size_t index, size_t component) {
  if (keys.size() < 2) return 0;
  // The ends use their one neighbour: the slope toward (or from) it.
  size_t before = index == 0 ? 0 : index - 1;
  size_t after = index == 0 ? 1 : index + 1;
  if (index + 1 >= keys.size()) {
    before = keys.size() - 2;
    after = keys.size() - 1;
  }
  return (keys[after].value[component] - keys[before].value[component]) /
         (keys[after].t - keys[before].t);
}

ChannelSample SampleChannel(const Keys& keys, double t) {
  ChannelSample sample{0, 0, 0};
  const size_t width = std::min<size_t>(keys.front().value.size(), sample.size());
  auto copy = [&](const Key& key) {
    for (size_t component = 0; component < width; ++component) {
      sample[component] = key.value[component];
    }
    return sample;
  };
  if (!(t > keys.front().t)) return copy(keys.front());
  if (t >= keys.back().t) return copy(keys.back());
  const size_t index = SegmentIndex(keys, t);
  const Key& key = keys[index];
  const Key& next = keys[index + 1];
  if (key.interp == Interpolation::kStep) return copy(key);
  const double span = next.t - key.t;
  double u = (t - key.t) / span;
  if (key.ease) u = CubicBezierEase(*key.ease, u);
  for (size_t component = 0; component < width; ++component) {
    const double v0 = key.value[component];
    const double v1 = next.value[component];
    double value = v0;
    switch (key.interp) {
      case Interpolation::kStep:
        break;
      case Interpolation::kLinear:
        value = v0 + (v1 - v0) * u;
        break;
      case Interpolation::kHermite:
        value = HermiteSegment(v0, ComponentOr(key.out_tangent, component, 0), v1,
                               HermiteInTangent(next, component), span, u);
        break;
      case Interpolation::kBezier:
        value = BezierSegment(v0, v0 + ComponentOr(key.out_tangent, component, 0),
                              v1 + ComponentOr(next.in_tangent, component, 0), v1, u);
        break;
      case Interpolation::kSmooth:
        value = HermiteSegment(v0, CatmullRomTangent(keys, index, component), v1,
                               CatmullRomTangent(keys, index + 1, component), span, u);
        break;
    }
    sample[component] = value;
  }
  return sample;
}

double SampleScalarChannel(const Keys& keys, double t) { return SampleChannel(keys, t)[0]; }

}  // namespace cinc
