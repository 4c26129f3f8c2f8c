#include "core/sorting.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace cinc {
namespace {

using Item = std::pair<int, std::string>;  // sorted by the number alone

bool ByNumber(const Item& a, const Item& b) { return a.first < b.first; }

TEST(StableSortIfNeeded, ShortRangeKeepsEqualElementsInTheirOrder) {
  std::vector<Item> items{{2, "a"}, {1, "b"}, {2, "c"}, {1, "d"}, {0, "e"}};
  StableSortIfNeeded(items.begin(), items.end(), ByNumber);
  const std::vector<Item> expected{{0, "e"}, {1, "b"}, {1, "d"}, {2, "a"}, {2, "c"}};
  EXPECT_EQ(items, expected);
}

TEST(StableSortIfNeeded, RangeInOrderIsLeftAsItIs) {
  std::vector<Item> items{{0, "x"}, {0, "y"}, {3, "z"}};
  StableSortIfNeeded(items.begin(), items.end(), ByNumber);
  const std::vector<Item> expected{{0, "x"}, {0, "y"}, {3, "z"}};
  EXPECT_EQ(items, expected);
}

TEST(StableSortIfNeeded, EmptyAndSingleRanges) {
  std::vector<Item> none;
  StableSortIfNeeded(none.begin(), none.end(), ByNumber);
  EXPECT_TRUE(none.empty());
  std::vector<Item> one{{5, "only"}};
  StableSortIfNeeded(one.begin(), one.end(), ByNumber);
  EXPECT_EQ(one, (std::vector<Item>{{5, "only"}}));
}

// Every length on both sides of the insertion sort's limit, keys drawn from
// a few values so that many are equal: the same order as std::stable_sort.
TEST(StableSortIfNeeded, SameOrderAsStableSortOnEitherSideOfTheLimit) {
  std::mt19937 random(40);
  std::uniform_int_distribution<int> key(0, 3);
  for (std::ptrdiff_t size = 0; size <= 2 * kInsertionSortMax + 1; ++size) {
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<Item> items;
      for (std::ptrdiff_t i = 0; i < size; ++i) items.emplace_back(key(random), std::to_string(i));
      std::vector<Item> expected = items;
      std::stable_sort(expected.begin(), expected.end(), ByNumber);
      StableSortIfNeeded(items.begin(), items.end(), ByNumber);
      EXPECT_EQ(items, expected) << "size " << size;
    }
  }
}

}  // namespace
}  // namespace cinc
