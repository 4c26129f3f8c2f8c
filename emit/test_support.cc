#include "emit/test_support.h"

#include <algorithm>

#include "core/hermite.h"
#include "emit/rotation_keys.h"

namespace cinc::testing {

std::vector<double> PlayKeys(const Keys& keys, double t) {
  if (keys.empty()) return {};
  if (t <= keys.front().t) return keys.front().value;
  if (t >= keys.back().t) return keys.back().value;
  auto after = std::upper_bound(keys.begin(), keys.end(), t,
                                [](double time, const Key& key) { return time < key.t; });
  const Key& next = *after;
  const Key& key = *(after - 1);
  double span = next.t - key.t;
  double u = (t - key.t) / span;
  std::vector<double> value(key.value.size());
  for (size_t component = 0; component < value.size(); ++component) {
    double from = key.value[component];
    double to = next.value[component];
    switch (key.interp) {
      case Interpolation::kStep:
        value[component] = from;
        break;
      case Interpolation::kLinear: {
        double eased = key.ease ? CubicBezierEase(*key.ease, u) : u;
        value[component] = from + (to - from) * eased;
        break;
      }
      case Interpolation::kHermite: {
        double out = key.out_tangent ? (*key.out_tangent)[component] : 0;
        // A missing in_tangent copies the next key's out_tangent; both missing: 0.
        double in = next.in_tangent    ? (*next.in_tangent)[component]
                    : next.out_tangent ? (*next.out_tangent)[component]
                                       : 0;
        value[component] = HermiteAt(key.t, from, out, next.t, to, in, t);
        break;
      }
      default:
        value[component] = from;  // not written by emit
        break;
    }
  }
  return value;
}

}  // namespace cinc::testing
