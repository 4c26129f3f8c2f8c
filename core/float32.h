// Conversion of doubles to float32, for everything cinc stores as a glTF
// player stores it (key times, values and tangents) and for what it shows of
// float32 sources.
//
// Contract: ToFloat32 gives the float32 nearest to the value, a tie going to
// the one whose last bit is 0, for every double: a finite value at least
// half a float32 step (2^103) past the largest finite float32 becomes an
// infinity of its sign, one less than that past it the largest float32 of
// its sign, and NaN stays NaN. The language leaves a plain cast of a value
// past float32's range implementation-defined at best; this is the one
// conversion, the same on every compiler. Header only: it is on the
// fitter's inner loop.
#ifndef CINC_CORE_FLOAT32_H_
#define CINC_CORE_FLOAT32_H_

#include <algorithm>
#include <cmath>
#include <limits>

namespace cinc {

// The largest finite float32, and the least double that rounds past it: the
// float32 step there is 2^104, so half a step on is 2^103 (a tie, which goes
// to the even neighbour, 2^128, which is past the range).
inline constexpr double kLargestFloat32 = std::numeric_limits<float>::max();
inline constexpr double kFloat32Overflow = kLargestFloat32 + 0x1p103;

inline float ToFloat32(double value) {
  if (std::abs(value) < kFloat32Overflow) {
    return static_cast<float>(std::clamp(value, -kLargestFloat32, kLargestFloat32));
  }
  if (std::isnan(value)) return std::numeric_limits<float>::quiet_NaN();
  return value > 0 ? std::numeric_limits<float>::infinity()
                   : -std::numeric_limits<float>::infinity();
}

}  // namespace cinc

#endif  // CINC_CORE_FLOAT32_H_
