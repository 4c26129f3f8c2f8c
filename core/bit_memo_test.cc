#include "core/bit_memo.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace cinc {
namespace {

BitKey<2> KeyOf(double a, double b) {
  BitKey<2> key;
  key.Put(a).Put(b);
  return key;
}

TEST(BitMemoTest, FindsWhatWasRememberedForTheSameBits) {
  BitMemo<2, int> memo;
  EXPECT_EQ(memo.Find(KeyOf(1, 2)), nullptr);
  memo.Remember(KeyOf(1, 2), 7);
  ASSERT_NE(memo.Find(KeyOf(1, 2)), nullptr);
  EXPECT_EQ(*memo.Find(KeyOf(1, 2)), 7);
  EXPECT_EQ(memo.Find(KeyOf(2, 1)), nullptr);
  EXPECT_EQ(memo.Find(KeyOf(1, std::nextafter(2.0, 3.0))), nullptr);
}

TEST(BitMemoTest, MinusZeroIsNotZeroAndNanIsItself) {
  BitMemo<2, int> memo;
  memo.Remember(KeyOf(0.0, 1), 1);
  EXPECT_EQ(memo.Find(KeyOf(-0.0, 1)), nullptr);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  memo.Remember(KeyOf(nan, 1), 2);
  ASSERT_NE(memo.Find(KeyOf(nan, 1)), nullptr);
  EXPECT_EQ(*memo.Find(KeyOf(nan, 1)), 2);
}

TEST(BitMemoTest, AKeyOfFewerValuesIsNotTheSameKey) {
  BitKey<2> one;
  one.Put(uint64_t{0});
  BitKey<2> two;
  two.Put(uint64_t{0}).Put(uint64_t{0});
  EXPECT_FALSE(one == two);
}

// With one slot, each new key takes the place of the last: an answer is
// forgotten, never given for another key.
TEST(BitMemoTest, ANewKeyInTheSameSlotReplacesTheOld) {
  BitMemo<2, int, 1> memo;
  memo.Remember(KeyOf(1, 2), 1);
  memo.Remember(KeyOf(3, 4), 2);
  EXPECT_EQ(memo.Find(KeyOf(1, 2)), nullptr);
  ASSERT_NE(memo.Find(KeyOf(3, 4)), nullptr);
  EXPECT_EQ(*memo.Find(KeyOf(3, 4)), 2);
}

TEST(BitMemoTest, KeysDifferingInOneValueHashApart) {
  // Not a property the memo needs for correctness, only to spread its slots:
  // 64 keys that differ in their second value take most of 64 slots.
  bool seen[64] = {};
  int distinct = 0;
  for (int k = 0; k < 64; ++k) {
    const uint64_t slot = KeyOf(1, k).Hash() % 64;
    distinct += seen[slot] ? 0 : 1;
    seen[slot] = true;
  }
  EXPECT_GT(distinct, 32);
}

}  // namespace
}  // namespace cinc
