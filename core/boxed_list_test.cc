#include "core/boxed_list.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace cinc {
namespace {

TEST(BoxedListTest, AnEmptyListCostsOnePointer) {
  EXPECT_EQ(sizeof(BoxedList<std::string>), sizeof(void*));
  BoxedList<int> list;
  EXPECT_TRUE(list.empty());
  EXPECT_EQ(list.size(), 0u);
  EXPECT_EQ(list.begin(), list.end());
  int visited = 0;
  for (int item : list) visited += item + 1;
  EXPECT_EQ(visited, 0);
}

TEST(BoxedListTest, KeepsItemsInOrderLikeAVector) {
  BoxedList<std::string> list;
  list.push_back("a");
  list.emplace_back(2, 'b');
  list.push_back("c");
  ASSERT_EQ(list.size(), 3u);
  EXPECT_EQ(list[0], "a");
  EXPECT_EQ(list[1], "bb");
  EXPECT_EQ(list.front(), "a");
  EXPECT_EQ(list.back(), "c");
  EXPECT_EQ(std::vector<std::string>(list.begin(), list.end()),
            (std::vector<std::string>{"a", "bb", "c"}));
  list.clear();
  EXPECT_TRUE(list.empty());
}

TEST(BoxedListTest, ACopyIsIndependentAndEqual) {
  BoxedList<int> list = {1, 2, 3};
  BoxedList<int> copy = list;
  EXPECT_EQ(copy, list);
  copy[1] = 5;
  EXPECT_EQ(list[1], 2);
  EXPECT_FALSE(copy == list);
  copy = list;
  EXPECT_EQ(copy, list);
}

TEST(BoxedListTest, AnEmptyListEqualsAClearedOneAndAnEmptyVector) {
  BoxedList<int> cleared = {4};
  cleared.clear();
  EXPECT_EQ(cleared, BoxedList<int>());
  EXPECT_EQ(BoxedList<int>(std::vector<int>()), BoxedList<int>());
  EXPECT_FALSE(BoxedList<int>({4}) == BoxedList<int>());
}

TEST(BoxedListTest, TakeItemsMovesThemOutAndLeavesTheListEmpty) {
  BoxedList<std::string> list = {"x", "y"};
  std::vector<std::string> items = list.TakeItems();
  EXPECT_EQ(items, (std::vector<std::string>{"x", "y"}));
  EXPECT_TRUE(list.empty());
  EXPECT_TRUE(list.TakeItems().empty());
}

}  // namespace
}  // namespace cinc
