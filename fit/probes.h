// Where the emitters probe a piece of motion to classify it: still, affine
// in its timing, one Euler component changing. A classification that holds
// at every probe writes the piece exactly (two keys); one that fails fits
// it.
//
// Contract: ProbeFraction(j), j = 1, 2, ..., is frac(j / phi), phi the
// golden ratio: 0.618, 0.236, 0.854, 0.472, 0.090, 0.708, 0.326, 0.944,
// 0.562, ..., spread over (0, 1); the first two are in the irrational
// ratio phi^2. Evenly spaced probes j / (n + 1) alias periodic motion: a part
// on a body that spins 8 whole turns over the piece is back where it
// started at every eighth of it, and was written as standing still. Two
// probes whose fractions are in an irrational ratio cannot both fall on
// whole periods of a periodic motion, so no number of turns hides a spin
// from them.
#ifndef CINC_FIT_PROBES_H_
#define CINC_FIT_PROBES_H_

#include <cmath>

namespace cinc {

inline double ProbeFraction(int j) {
  constexpr double kInverseGoldenRatio = 0.6180339887498949;  // (sqrt 5 - 1) / 2
  double whole = 0;
  return std::modf(j * kInverseGoldenRatio, &whole);
}

// The instant of probe j in [a, b].
inline double ProbeTime(double a, double b, int j) { return a + (b - a) * ProbeFraction(j); }

}  // namespace cinc

#endif  // CINC_FIT_PROBES_H_
