// The direction an explode moves a part in, against vectors worked out by
// hand (the positions over time are checked by tests/explode_test.py).
#include "markers/explode_moves.h"

#include <gtest/gtest.h>

#include <cmath>

namespace cinc {
namespace {

TEST(ExplodeDirectionTest, RadialAlongAndBack) {
  Explode radial;
  // (3, 4, 0) from the origin: (0.6, 0.8, 0).
  Vec3 out = ExplodeDirection(radial, Vec3(4, 6, 1), Vec3(1, 2, 1), Vec3(0, 1, 0));
  EXPECT_NEAR(out.x, 0.6, 1e-15);
  EXPECT_NEAR(out.y, 0.8, 1e-15);
  EXPECT_EQ(out.z, 0);
  // At the centre: +Y.
  EXPECT_EQ(ExplodeDirection(radial, Vec3(1, 2, 1), Vec3(1, 2, 1), Vec3(1, 0, 0)), Vec3(0, 1, 0));
  radial.collapse = true;
  out = ExplodeDirection(radial, Vec3(0, 0, -2), Vec3(0, 0, 0), Vec3(0, 1, 0));
  EXPECT_EQ(out, Vec3(0, 0, 1));
  Explode along;
  along.along = true;
  const Vec3 tilted(0, std::sqrt(0.5), std::sqrt(0.5));
  EXPECT_EQ(ExplodeDirection(along, Vec3(9, 9, 9), Vec3(0, 0, 0), tilted), tilted);
}

}  // namespace
}  // namespace cinc
