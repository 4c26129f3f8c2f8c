// Where the writers of keys probe a piece of motion to classify it (still,
// affine in its timing, one Euler component changing): exact at every probe,
// the piece is written exactly; otherwise it is fitted.
#ifndef CINC_FIT_PROBES_H_
#define CINC_FIT_PROBES_H_

#include <cmath>

namespace cinc {

// frac(j / phi), j = 1, 2, ..., phi the golden ratio: 0.618, 0.236, 0.854,
// ..., spread over (0, 1), no two on whole periods of one periodic motion
// (docs/emission.md "Pieces").
inline double ProbeFraction(int j) {
  constexpr double kInverseGoldenRatio = 0.6180339887498949;  // (sqrt 5 - 1) / 2
  double whole = 0;
  return std::modf(j * kInverseGoldenRatio, &whole);
}

// The instant of probe j in [a, b].
inline double ProbeTime(double a, double b, int j) { return a + (b - a) * ProbeFraction(j); }

}  // namespace cinc

#endif  // CINC_FIT_PROBES_H_
