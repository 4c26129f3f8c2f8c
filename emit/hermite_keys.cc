#include "emit/hermite_keys.h"

#include <utility>
#include <vector>

namespace cinc {
namespace {

// A key's value or tangent as the sequence stores it: 1 or 3 numbers.
template <int N>
ComponentList ValueComponents(const FitVector<N>& value) {
  ComponentList components;
  components.resize(N);
  for (int component = 0; component < N; ++component) components[component] = value[component];
  return components;
}

}  // namespace

template <int N>
void BakeHermite(const FitCurve<N>& curve, double start, double end,
                 const FitVector<N>& start_value, const FitVector<N>& end_value,
                 const FitSettings& settings, KeyListBuilder* builder) {
  std::vector<FitKey<N>> samples =
      FitHermite(curve, start, end, start_value, end_value, settings, PlaybackModel{});
  const FitKey<N>& first = samples.front();
  const FitKey<N>& last = samples.back();
  Key& leaving = builder->StartMotionAt(start, ValueComponents(start_value));
  leaving.interp = Interpolation::kHermite;
  leaving.ease.reset();
  leaving.out_tangent = ValueComponents(first.tangent);
  // A missing in_tangent reads as the key's out_tangent.
  if (leaving.in_tangent == leaving.out_tangent) leaving.in_tangent.reset();
  for (size_t index = 1; index + 1 < samples.size(); ++index) {
    Key key;
    key.t = samples[index].t;
    key.value = ValueComponents(samples[index].value);
    key.interp = Interpolation::kHermite;
    key.out_tangent = ValueComponents(samples[index].tangent);
    builder->Append(std::move(key));
  }
  Key arrival = HoldKey(end, ValueComponents(end_value));
  arrival.in_tangent = ValueComponents(last.tangent);
  builder->Append(std::move(arrival));
}

template void BakeHermite(const FitCurve<1>&, double, double, const FitVector<1>&,
                          const FitVector<1>&, const FitSettings&, KeyListBuilder*);
template void BakeHermite(const FitCurve<3>&, double, double, const FitVector<3>&,
                          const FitVector<3>&, const FitSettings&, KeyListBuilder*);

}  // namespace cinc
