#include "fit/mirrored_time.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

TEST(MirroredTimeTest, IsTheDifferenceOfTheDecimals) {
  EXPECT_EQ(MirroredTime(3.2, 3.8), 0.6);  // not 3.8 - 3.2, 0.5999999999999996
  EXPECT_EQ(MirroredTime(0, 10), 10.0);
  EXPECT_EQ(MirroredTime(10, 10), 0.0);
}

TEST(MirroredTimeTest, TimesAfterTheEndComeAtZero) { EXPECT_EQ(MirroredTime(11, 10), 0.0); }

}  // namespace
}  // namespace cinc
