#include "markers/camera_framing.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace cinc {
namespace {

void ExpectNear(const Vec3& actual, const Vec3& expected) {
  EXPECT_NEAR(actual.x, expected.x, 1e-12);
  EXPECT_NEAR(actual.y, expected.y, 1e-12);
  EXPECT_NEAR(actual.z, expected.z, 1e-12);
}

// Worked by hand: fov 90 (tan 1), aspect 1, no margin; the cube of half-size
// 1 at the origin seen along -Z. Its near face (z = 1) must touch the frame:
// from z = 2 its corners are 1 m away and 1 m off the axis.
TEST(CameraFramingTest, ACubeHeadOnTouchesWithItsNearFace) {
  FramingView view;
  view.fov_degrees = 90;
  view.aspect = 1;
  view.margin = 0;
  ExpectNear(FramingPosition(BoxCorners(Vec3(-1), Vec3(1)), view), Vec3(0, 0, 2));
}

// A flat 4 x 1 board in the plane z = 0, its bottom at y = 0; fov 90, aspect
// 2, margin 0.1: the width binds, 2 m half-width over 0.8 * 2 per metre of
// depth = 1.25 m away; vertically centred on y = 0.5.
TEST(CameraFramingTest, TheBindingDirectionTouchesTheMarginsTheOtherIsCentred) {
  FramingView view;
  view.fov_degrees = 90;
  view.aspect = 2;
  view.margin = 0.1;
  ExpectNear(FramingPosition(BoxCorners(Vec3(-2, 0, 0), Vec3(2, 1, 0)), view), Vec3(0, 0.5, 1.25));
}

// With a centre the camera looks through it: points at x 0 and 2 with the
// centre at 0 need the far one at the frame's edge, 2 m away.
TEST(CameraFramingTest, ACentreStaysInTheMiddle) {
  FramingView view;
  view.fov_degrees = 90;
  view.aspect = 1;
  view.margin = 0;
  ExpectNear(FramingPosition({Vec3(0, 0, 0), Vec3(2, 0, 0)}, view, Vec3(0, 0, 0)), Vec3(0, 0, 2));
}

// Any view, fov, aspect and point set: projected independently here, every
// point lies inside the frame less its margins, and the binding direction
// touches them (to 1e-9, far inside the 2 % the framing promises).
TEST(CameraFramingTest, RandomViewsFitAndTouch) {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> unit(-1, 1);
  for (int trial = 0; trial < 200; ++trial) {
    FramingView view;
    view.rotation = QuatFromEulerDegrees(Vec3(80 * unit(random), 180 * unit(random), 0));
    view.fov_degrees = 40 + 30 * unit(random);
    view.aspect = 1.5 + 0.5 * unit(random);
    view.margin = 0.1 + 0.05 * unit(random);
    std::vector<Vec3> points;
    for (int k = 0; k < 12; ++k)
      points.emplace_back(unit(random), 0.5 * unit(random), unit(random));
    const bool with_centre = trial % 2 == 1;
    const Vec3 centre(0.1 * unit(random), 0, 0.1 * unit(random));
    const Vec3 camera =
        FramingPosition(points, view, with_centre ? std::optional<Vec3>(centre) : std::nullopt);
    const Quat inverse = glm::conjugate(view.rotation);
    const double tan_v = std::tan(view.fov_degrees * kPi / 360);
    const double limit = 1 - 2 * view.margin;
    double widest = 0;
    for (const Vec3& point : points) {
      const Vec3 local = inverse * (point - camera);  // camera space: -Z ahead
      ASSERT_GT(-local.z, 0) << "trial " << trial;
      const double ndc_x = local.x / (-local.z * tan_v * view.aspect);
      const double ndc_y = local.y / (-local.z * tan_v);
      EXPECT_LE(std::abs(ndc_x), limit + 1e-9) << "trial " << trial;
      EXPECT_LE(std::abs(ndc_y), limit + 1e-9) << "trial " << trial;
      widest = std::max({widest, std::abs(ndc_x), std::abs(ndc_y)});
    }
    EXPECT_NEAR(widest, limit, 1e-9) << "trial " << trial;
    if (with_centre) {
      const Vec3 local = inverse * (centre - camera);
      EXPECT_NEAR(local.x, 0, 1e-12);
      EXPECT_NEAR(local.y, 0, 1e-12);
    }
  }
}

}  // namespace
}  // namespace cinc
