#include "emit/hermite_bake.h"

#include <cmath>
#include <vector>

#include "emit/channel_keys.h"
#include "emit/rotation_keys.h"

namespace cinc {
namespace {

// Baked intervals aim below the tolerance so instants between the checked
// points stay within it too.
constexpr double kToleranceMargin = 0.9;
// Finite differences leave rounding noise (~1e-9 units per second) where
// the true derivative is 0, as at the ends of an eased move; below this it
// is written as 0, a change far below any tolerance.
constexpr double kTangentNoise = 1e-7;

struct Sample {
  double t;
  Vec3 value;
  Vec3 tangent;  // units per second
};

enum class Side { kForward, kBackward, kCentral };

Vec3 WithoutNoise(Vec3 tangent) {
  for (int component = 0; component < 3; ++component) {
    if (std::abs(tangent[component]) < kTangentNoise) tangent[component] = 0;
  }
  return tangent;
}

Vec3 Tangent(const HermiteCurve& curve, double t, const Vec3& value, Side side, double step) {
  auto at = [&](double time) { return curve.track(t, value, time); };
  switch (side) {
    case Side::kCentral:
      return WithoutNoise((at(t + step) - at(t - step)) / (2 * step));
    case Side::kForward:
      return WithoutNoise((-3.0 * value + 4.0 * at(t + step) - at(t + 2 * step)) / (2 * step));
    case Side::kBackward:
      return WithoutNoise((3.0 * value - 4.0 * at(t - step) + at(t - 2 * step)) / (2 * step));
  }
  return Vec3(0);
}

Vec3 HermiteAt(const Sample& a, const Sample& b, double t) {
  Vec3 played;
  for (int component = 0; component < 3; ++component) {
    played[component] = HermiteValue(a.t, a.value[component], a.tangent[component], b.t,
                                     b.value[component], b.tangent[component], t);
  }
  return played;
}

bool IntervalWithinTolerance(const HermiteCurve& curve, const Sample& a, const Sample& b,
                             const HermiteBakeOptions& options) {
  double limit = options.tolerance * kToleranceMargin;
  for (int index = 1; index <= options.interior_checks; ++index) {
    double t = a.t + (b.t - a.t) * index / (options.interior_checks + 1);
    if (curve.error(t, HermiteAt(a, b, t)) > limit) return false;
  }
  return true;
}

}  // namespace

void BakeHermite(const HermiteCurve& curve, double start, double end, const Vec3& start_value,
                 const Vec3& end_value, const HermiteBakeOptions& options,
                 KeyListBuilder* builder) {
  double step = (end - start) * 1e-5;
  Sample first{start, start_value, {}};
  first.tangent = Tangent(curve, start, start_value, Side::kForward, step);
  Sample last{end, end_value, {}};
  last.tangent = Tangent(curve, end, end_value, Side::kBackward, step);

  // Depth-first subdivision, left half first, so samples come out in order.
  struct Interval {
    Sample a, b;
    int depth;
  };
  std::vector<Sample> samples = {first};
  std::vector<Interval> pending = {{first, last, 0}};
  while (!pending.empty()) {
    Interval interval = pending.back();
    pending.pop_back();
    double middle_t = (interval.a.t + interval.b.t) / 2;
    bool can_split =
        interval.depth < options.max_depth && middle_t > interval.a.t && middle_t < interval.b.t;
    if (!can_split || IntervalWithinTolerance(curve, interval.a, interval.b, options)) {
      samples.push_back(interval.b);
      continue;
    }
    Sample middle{middle_t, curve.track(interval.a.t, interval.a.value, middle_t), {}};
    Side side = middle_t - step > start && middle_t + step < end ? Side::kCentral
                : middle_t - step > start                        ? Side::kBackward
                                                                 : Side::kForward;
    middle.tangent = Tangent(curve, middle_t, middle.value, side, step);
    pending.push_back({middle, interval.b, interval.depth + 1});
    pending.push_back({interval.a, middle, interval.depth + 1});
  }

  Key& leaving = builder->StartMotionAt(start, Components(start_value));
  leaving.interp = Interpolation::kHermite;
  leaving.ease.reset();
  leaving.out_tangent = Components(first.tangent);
  // A missing in_tangent reads as the key's out_tangent (seed 000).
  if (leaving.in_tangent == leaving.out_tangent) leaving.in_tangent.reset();
  for (size_t index = 1; index + 1 < samples.size(); ++index) {
    Key key;
    key.t = samples[index].t;
    key.value = Components(samples[index].value);
    key.interp = Interpolation::kHermite;
    key.out_tangent = Components(samples[index].tangent);
    builder->Append(std::move(key));
  }
  Key arrival = HoldKey(end, Components(end_value));
  arrival.in_tangent = Components(last.tangent);
  builder->Append(std::move(arrival));
}

}  // namespace cinc
