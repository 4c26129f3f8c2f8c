// Tests of the easing curves (docs/language.md "Easing"). Cubic-bezier references are
// computed here by plain bisection in long double (a different method from
// easing.cc's Newton iteration) and cross-checked against closed forms and
// published values.
#include "core/easing.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

// y at x = u of the CSS curve, by 200 bisection steps on x(s) = u.
double ReferenceBezier(double x1, double y1, double x2, double y2, double u) {
  auto coordinate = [](long double p1, long double p2, long double s) {
    long double inverse = 1 - s;
    return 3 * inverse * inverse * s * p1 + 3 * inverse * s * s * p2 + s * s * s;
  };
  long double low = 0;
  long double high = 1;
  for (int i = 0; i < 200; ++i) {
    long double middle = (low + high) / 2;
    if (coordinate(x1, x2, middle) < u) {
      low = middle;
    } else {
      high = middle;
    }
  }
  return static_cast<double>(coordinate(y1, y2, (low + high) / 2));
}

Ease Named(std::string_view name) {
  std::optional<Ease> ease = Ease::FromName(name);
  EXPECT_TRUE(ease.has_value()) << name;
  return ease.value_or(Ease::Linear());
}

TEST(EasingTest, EveryNameIsKnown) {
  for (std::string_view name : kEaseNames) {
    std::optional<Ease> ease = Ease::FromName(name);
    ASSERT_TRUE(ease.has_value()) << name;
    EXPECT_EQ(name, ease->name());
  }
  EXPECT_FALSE(Ease::FromName("ease_in").has_value());
  EXPECT_FALSE(Ease::FromName("").has_value());
}

TEST(EasingTest, Linear) {
  EXPECT_EQ(0.25, ApplyEase(Named("linear"), 0.25));
  EXPECT_EQ(0.5, ApplyEase(Named("linear"), 0.5));
  EXPECT_EQ(0.5, ApplyEase(Ease::Linear(), 0.5));
}

TEST(EasingTest, StepHoldsUntilTheEnd) {
  Ease step = Named("step");
  EXPECT_EQ(0, ApplyEase(step, 0));
  EXPECT_EQ(0, ApplyEase(step, 0.25));
  EXPECT_EQ(0, ApplyEase(step, 0.5));
  EXPECT_EQ(0, ApplyEase(step, 0.9999999999999999));
  EXPECT_EQ(1, ApplyEase(step, 1));
}

TEST(EasingTest, EaseInOutIsSmoothstep) {
  // u^2 (3 - 2u): 0.0625 * 2.5 = 0.15625 at 0.25; 0.5 at 0.5; 0.84375 at 0.75.
  Ease ease = Named("ease_in_out");
  EXPECT_NEAR(0.15625, ApplyEase(ease, 0.25), 1e-15);
  EXPECT_NEAR(0.5, ApplyEase(ease, 0.5), 1e-15);
  EXPECT_NEAR(0.84375, ApplyEase(ease, 0.75), 1e-15);
  for (int i = 0; i <= 100; ++i) {
    double u = i / 100.0;
    EXPECT_NEAR(u * u * (3 - 2 * u), ApplyEase(ease, u), 1e-14) << u;
  }
}

TEST(EasingTest, CssEaseIn) {
  // cubic-bezier(0.42, 0, 1, 1) at 0.5 is 0.3153568... (the value browsers give).
  Ease ease = Named("ease-in");
  EXPECT_NEAR(0.3153568, ApplyEase(ease, 0.5), 5e-8);
  EXPECT_NEAR(ReferenceBezier(0.42, 0, 1, 1, 0.5), ApplyEase(ease, 0.5), 1e-14);
  EXPECT_NEAR(ReferenceBezier(0.42, 0, 1, 1, 0.25), ApplyEase(ease, 0.25), 1e-14);
}

TEST(EasingTest, CssEaseOutMirrorsEaseIn) {
  // (0, 0, 0.58, 1) is (0.42, 0, 1, 1) reflected through (0.5, 0.5):
  // ease-out(u) = 1 - ease-in(1 - u).
  Ease ease_out = Named("ease-out");
  Ease ease_in = Named("ease-in");
  EXPECT_NEAR(1 - 0.3153568, ApplyEase(ease_out, 0.5), 5e-8);
  EXPECT_NEAR(1 - ApplyEase(ease_in, 0.75), ApplyEase(ease_out, 0.25), 1e-14);
  EXPECT_NEAR(ReferenceBezier(0, 0, 0.58, 1, 0.25), ApplyEase(ease_out, 0.25), 1e-14);
}

TEST(EasingTest, CssEaseInOutIsSymmetric) {
  Ease ease = Named("ease-in-out");
  EXPECT_NEAR(0.5, ApplyEase(ease, 0.5), 1e-15);
  EXPECT_NEAR(1 - ApplyEase(ease, 0.75), ApplyEase(ease, 0.25), 1e-14);
  EXPECT_NEAR(ReferenceBezier(0.42, 0, 0.58, 1, 0.25), ApplyEase(ease, 0.25), 1e-14);
}

TEST(EasingTest, CssEase) {
  // cubic-bezier(0.25, 0.1, 0.25, 1) at 0.5 is 0.8024033877...
  Ease ease = Named("ease");
  EXPECT_NEAR(0.8024034, ApplyEase(ease, 0.5), 5e-8);
  EXPECT_NEAR(ReferenceBezier(0.25, 0.1, 0.25, 1, 0.5), ApplyEase(ease, 0.5), 1e-14);
  EXPECT_NEAR(ReferenceBezier(0.25, 0.1, 0.25, 1, 0.25), ApplyEase(ease, 0.25), 1e-14);
}

TEST(EasingTest, WrittenArrays) {
  // (0, 0, 1, 1) is the identity; y may leave [0, 1] (overshoot).
  EXPECT_NEAR(0.3, ApplyEase(Ease::CubicBezier(0, 0, 1, 1), 0.3), 1e-14);
  Ease overshoot = Ease::CubicBezier(0.3, -0.5, 0.7, 1.5);
  for (double u : {0.1, 0.25, 0.5, 0.9}) {
    EXPECT_NEAR(ReferenceBezier(0.3, -0.5, 0.7, 1.5, u), ApplyEase(overshoot, u), 1e-13) << u;
  }
  // Flat ends (x1 = 0 or x2 = 1) have x'(0) = 0 or x'(1) = 0: Newton must not stall.
  Ease flat = Ease::CubicBezier(0, 0.5, 1, 0.5);
  for (double u : {1e-9, 0.01, 0.5, 0.99, 1 - 1e-9}) {
    EXPECT_NEAR(ReferenceBezier(0, 0.5, 1, 0.5, u), ApplyEase(flat, u), 1e-9) << u;
  }
}

// The CSS definitions of the named curves (and the straight line for the
// others); a written array keeps its own points, in copies too.
TEST(EasingTest, ControlPoints) {
  using Points = std::array<double, 4>;
  EXPECT_EQ(Ease::Linear().control(), (Points{0, 0, 1, 1}));
  EXPECT_EQ(Named("step").control(), (Points{0, 0, 1, 1}));
  EXPECT_EQ(Named("ease_in_out").control(), (Points{1.0 / 3.0, 0, 2.0 / 3.0, 1}));
  EXPECT_EQ(Named("ease").control(), (Points{0.25, 0.1, 0.25, 1}));
  EXPECT_EQ(Named("ease-in").control(), (Points{0.42, 0, 1, 1}));
  EXPECT_EQ(Named("ease-out").control(), (Points{0, 0, 0.58, 1}));
  EXPECT_EQ(Named("ease-in-out").control(), (Points{0.42, 0, 0.58, 1}));
  EXPECT_EQ(Named("ease-in").kind, Ease::Kind::kCubicBezier);
  EXPECT_EQ(Named("step").kind, Ease::Kind::kStep);
  Ease written = Ease::CubicBezier(0.3, -0.5, 0.7, 1.5);
  Ease copy = written;
  written = Named("ease");
  EXPECT_EQ(copy.control(), (Points{0.3, -0.5, 0.7, 1.5}));
  EXPECT_TRUE(copy.name().empty());
  EXPECT_EQ(written.control(), (Points{0.25, 0.1, 0.25, 1}));
  EXPECT_EQ(sizeof(Ease), 16u);
}

TEST(EasingTest, ClampsProgress) {
  for (std::string_view name : kEaseNames) {
    Ease ease = Named(name);
    EXPECT_EQ(0, ApplyEase(ease, -0.5)) << name;
    EXPECT_EQ(0, ApplyEase(ease, 0)) << name;
    EXPECT_EQ(1, ApplyEase(ease, 1)) << name;
    EXPECT_EQ(1, ApplyEase(ease, 2)) << name;
  }
}

}  // namespace
}  // namespace cinc
