// EaseTable against the curves' closed forms: points (x(s), y(s)) of each
// cubic bezier worked out here from its Bernstein form in long double at
// chosen s (no solve), and smoothstep, whose x(s) is s.
#include "core/ease_table.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace cinc {
namespace {

// One coordinate of the curve at s: 3 (1-s)^2 s p1 + 3 (1-s) s^2 p2 + s^3.
long double Bernstein(long double p1, long double p2, long double s) {
  long double inverse = 1 - s;
  return 3 * inverse * inverse * s * p1 + 3 * inverse * s * s * p2 + s * s * s;
}

Ease Named(std::string_view name) { return Ease::FromName(name).value_or(Ease::Linear()); }

// At x(s) the table gives y(s), clamped, for s on a fine grid and close to
// both ends. `tolerance` covers the solve's residue and x(s)'s rounding to
// a double (moving y by dy/dx times an ulp of x).
void ExpectTheCurve(const Ease& ease, double tolerance) {
  const std::array<double, 4>& c = ease.control();
  EaseTable table(ease);
  auto expect_at = [&](long double s) {
    double x = static_cast<double>(Bernstein(c[0], c[2], s));
    if (!(x > 0 && x < 1)) return;
    double y = std::clamp(static_cast<double>(Bernstein(c[1], c[3], s)), 0.0, 1.0);
    // dy/dx (central difference of the closed form) times a few ulps of x:
    // the rounding of x itself and of the residual x(s) - u the solve sees.
    const long double h = 1e-9L;
    long double slope = (Bernstein(c[1], c[3], s + h) - Bernstein(c[1], c[3], s - h)) /
                        (Bernstein(c[0], c[2], s + h) - Bernstein(c[0], c[2], s - h));
    double rounding = static_cast<double>(std::fabs(slope)) * 1e-15;
    EXPECT_NEAR(y, table.At(x), tolerance + rounding)
        << "s " << static_cast<double>(s) << ", x " << x;
  };
  for (int i = 1; i < 2000; ++i) expect_at(i / 2000.0L);
  for (long double gap : {1e-3L, 1e-4L, 1e-5L, 1e-7L}) {
    expect_at(gap);
    expect_at(1 - gap);
  }
}

TEST(EaseTableTest, SmoothstepIsItsClosedForm) {
  // ease_in_out is (1/3, 0, 2/3, 1): x(s) = s, y(s) = s^2 (3 - 2 s).
  EaseTable table(Named("ease_in_out"));
  EXPECT_NEAR(0.15625, table.At(0.25), 1e-16);
  EXPECT_NEAR(0.5, table.At(0.5), 1e-16);
  EXPECT_NEAR(0.896, table.At(0.8), 2e-16);
}

TEST(EaseTableTest, EaseInOutAtWorkedPoints) {
  // (0.42, 0, 0.58, 1) at s = 1/4: x = 3 (9/16)(1/4) 0.42 + 3 (3/4)(1/16) 0.58
  // + 1/64 = 0.274375, y = 3 (3/4)(1/16) + 1/64 = 0.15625; s = 3/4 mirrors it.
  EaseTable table(Named("ease-in-out"));
  EXPECT_NEAR(0.15625, table.At(0.274375), 1e-15);
  EXPECT_NEAR(0.5, table.At(0.5), 1e-15);
  EXPECT_NEAR(0.84375, table.At(0.725625), 1e-15);
}

TEST(EaseTableTest, EveryNamedCurveWithinAFewUlps) {
  for (std::string_view name : {"ease_in_out", "ease", "ease-in", "ease-out", "ease-in-out"}) {
    SCOPED_TRACE(name);
    ExpectTheCurve(Named(name), 1e-15);
  }
}

TEST(EaseTableTest, WrittenCurvesLeavingTheUnitRangeAreClamped) {
  ExpectTheCurve(Ease::CubicBezier(0.1, -2, 0.9, 3), 4e-15);
  ExpectTheCurve(Ease::CubicBezier(0, 0, 0, 1), 1e-15);  // flat at s = 0: x = 3 s^2 - 2 s^3
  ExpectTheCurve(Ease::CubicBezier(1, 0, 1, 1), 1e-15);  // flat at s = 1
  ExpectTheCurve(Ease::CubicBezier(0.5, 0.5, 0.5, 0.5), 1e-15);
}

TEST(EaseTableTest, EndsLinearAndStep) {
  EaseTable ease(Named("ease"));
  EXPECT_EQ(0, ease.At(-0.5));
  EXPECT_EQ(0, ease.At(0));
  EXPECT_EQ(1, ease.At(1));
  EXPECT_EQ(1, ease.At(2));
  EaseTable linear(Ease::Linear());
  EXPECT_EQ(0.3, linear.At(0.3));
  EXPECT_EQ(0, linear.At(-1));
  EXPECT_EQ(1, linear.At(4));
  EaseTable step(Named("step"));
  EXPECT_EQ(0, step.At(0.999));
  EXPECT_EQ(1, step.At(1));
}

}  // namespace
}  // namespace cinc
