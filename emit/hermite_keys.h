// A fit (fit/hermite_fit.h) written into a sequence channel.
#ifndef CINC_EMIT_HERMITE_KEYS_H_
#define CINC_EMIT_HERMITE_KEYS_H_

#include "emit/key_list_builder.h"
#include "fit/fit_settings.h"
#include "fit/hermite_fit.h"

namespace cinc {

// Fits the curve over [start, end] as the cinema runtime plays `hermite`
// keys (PlaybackModel kSequence) and appends the keys: a hermite key at
// `start` (KeyListBuilder::StartMotionAt, so a jump into the motion is kept),
// interior keys with only `out_tangent` (a missing in_tangent copies it), and
// a step key at `end` carrying `in_tangent`. Defined for N = 1 and 3.
template <int N>
void BakeHermite(const FitCurve<N>& curve, double start, double end,
                 const FitVector<N>& start_value, const FitVector<N>& end_value,
                 const FitSettings& settings, KeyListBuilder* builder);

}  // namespace cinc

#endif  // CINC_EMIT_HERMITE_KEYS_H_
