// The cubic Hermite segment: the one formula behind every player cinc models
// (the sequence format's `hermite` and `smooth` keys, glTF's CUBICSPLINE)
// and behind the fitter that writes such keys.
//
// Contract: pure arithmetic, inline. On a segment of length `span` seconds
// from value v0 (tangent m0, units per second) to v1 (tangent m1), at
// progress u in [0, 1]:
//   (2u^3 - 3u^2 + 1) v0 + (u^3 - 2u^2 + u) span m0 + (-2u^3 + 3u^2) v1
//   + (u^3 - u^2) span m1.
// HermiteAt takes the segment's times instead and computes
// u = (t - t0) / (t1 - t0) as the players do, so that a fit checks the very
// bits a player computes.
#ifndef CINC_CORE_HERMITE_H_
#define CINC_CORE_HERMITE_H_

namespace cinc {

inline double HermiteSegment(double v0, double m0, double v1, double m1, double span, double u) {
  double u2 = u * u;
  double u3 = u2 * u;
  return (2 * u3 - 3 * u2 + 1) * v0 + (u3 - 2 * u2 + u) * span * m0 + (-2 * u3 + 3 * u2) * v1 +
         (u3 - u2) * span * m1;
}

inline double HermiteAt(double t0, double v0, double m0, double t1, double v1, double m1,
                        double t) {
  double span = t1 - t0;
  return HermiteSegment(v0, m0, v1, m1, span, (t - t0) / span);
}

}  // namespace cinc

#endif  // CINC_CORE_HERMITE_H_
