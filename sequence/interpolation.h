// Channel curves: the value of a list of keys at a time (the sequence format's
// keys and curves, with cinc's choices; docs/sequence-format.md "The evaluator").
//
// Contract: pure functions of doubles, no allocation. A channel holds its
// first value before the first key and its last value from the last key on.
// A segment runs from key i (inclusive) to key i + 1 (exclusive); its
// progress u = (t - t_i) / (t_{i+1} - t_i) is first warped by key i's `ease`
// (CSS cubic-bezier), then key i's `interp` shapes the value:
//   linear  v0 + (v1 - v0) u
//   step    v0
//   hermite cubic Hermite, out_tangent of key i and in_tangent of key i + 1
//           (units per second; missing = 0; a missing in_tangent copies key
//           i + 1's out_tangent)
//   bezier  control points v0 + out_tangent_i, v1 + in_tangent_{i+1}
//           (offsets in value space; missing = 0)
//   smooth  Hermite with Catmull-Rom tangents (CatmullRomTangent)
// Keys must be valid (validator.h): strictly increasing times, one width.
#ifndef CINC_SEQUENCE_INTERPOLATION_H_
#define CINC_SEQUENCE_INTERPOLATION_H_

#include <array>
#include <cstddef>

#include "core/hermite.h"
#include "sequence/sequence.h"

namespace cinc {

// Components of a value: [0] for scalar channels, [0..2] for vector ones.
using ChannelSample = std::array<double, 3>;

// The channel at t; keys must not be empty.
ChannelSample SampleChannel(const Keys& keys, double t);
double SampleScalarChannel(const Keys& keys, double t);

// The incoming Hermite tangent of `next` (component `component`): its
// in_tangent, else its out_tangent (the sequence format's rule), else 0.
double HermiteInTangent(const Key& next, size_t component);

// Cubic bezier through p0 .. p3 at parameter u.
double BezierSegment(double p0, double p1, double p2, double p3, double u);
// The tangent at key i: (v[i+1] - v[i-1]) / (t[i+1] - t[i-1]); at the ends the
// reflected neighbour gives the one-sided slope (v[1] - v[0]) / (t[1] - t[0]).
double CatmullRomTangent(const Keys& keys, size_t index, size_t component);

}  // namespace cinc

#endif  // CINC_SEQUENCE_INTERPOLATION_H_
