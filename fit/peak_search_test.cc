#include "fit/peak_search.h"

#include <gtest/gtest.h>

#include <cmath>

namespace cinc {
namespace {

// A segment's error near the limit: C s^2 (1 - s)^2, whose peak is C / 16
// at s = 1/2 (here C = 1.6, so 0.1), checked at s = 5/17, 8/17 and 11/17.
double Hump(double s) { return 1.6 * s * s * (1 - s) * (1 - s); }

TEST(PeakSearchTest, FindsTheHumpsPeakBetweenTheChecks) {
  int calls = 0;
  auto error_at = [&](double s) {
    ++calls;
    return Hump(s);
  };
  double lo = 5.0 / 17;
  double middle = 8.0 / 17;
  double hi = 11.0 / 17;
  double peak = PeakBetween(error_at, {lo, Hump(lo)}, {middle, Hump(middle)}, {hi, Hump(hi)}, 1.0);
  // Within 1e-7 of the height (docs: the bracket's 1e-3 leaves ~1e-7).
  EXPECT_NEAR(peak, 0.1, 1e-8);
  EXPECT_LE(peak, 0.1);
  EXPECT_LE(calls, kPeakSearchSteps);
}

TEST(PeakSearchTest, StopsAtTheFirstErrorPastTheLimit) {
  // Past 0.099 the segment fails: the first error above it is the answer.
  auto error_at = [](double s) { return Hump(s); };
  double lo = 5.0 / 17;
  double middle = 8.0 / 17;
  double hi = 11.0 / 17;
  double peak =
      PeakBetween(error_at, {lo, Hump(lo)}, {middle, Hump(middle)}, {hi, Hump(hi)}, 0.099);
  EXPECT_GT(peak, 0.099);
  EXPECT_LE(peak, 0.1);
}

TEST(PeakSearchTest, ANanIsAFailure) {
  auto error_at = [](double) { return std::nan(""); };
  EXPECT_EQ(PeakBetween(error_at, {0.0, 0.0}, {0.5, 0.06}, {1.0, 0.0}, 0.1), HUGE_VAL);
}

}  // namespace
}  // namespace cinc
