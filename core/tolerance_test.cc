#include "core/tolerance.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

TEST(ToleranceTest, RotationsAndFieldsOfViewTakeTheRotationTolerance) {
  Tolerance tolerance{0.001, 0.5};
  EXPECT_EQ(ToleranceOf(tolerance, Quantity::kRotation), 0.5);
  EXPECT_EQ(ToleranceOf(tolerance, Quantity::kFieldOfView), 0.5);
}

TEST(ToleranceTest, LengthsAperturesAndScalesTakeThePositionTolerance) {
  Tolerance tolerance{0.001, 0.5};
  for (Quantity quantity :
       {Quantity::kPosition, Quantity::kScale, Quantity::kFocusDistance, Quantity::kAperture}) {
    EXPECT_EQ(ToleranceOf(tolerance, quantity), 0.001) << static_cast<int>(quantity);
  }
}

}  // namespace
}  // namespace cinc
