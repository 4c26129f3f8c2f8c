#include "sequence/component_list.h"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

namespace cinc {
namespace {

TEST(ComponentListTest, ThreeComponentsLiveInTheObject) {
  EXPECT_EQ(sizeof(ComponentList), 32u);
  ComponentList list = {1.5, -2, 3};
  ASSERT_EQ(list.size(), 3u);
  const auto* object = reinterpret_cast<const char*>(&list);
  const auto* first = reinterpret_cast<const char*>(list.data());
  EXPECT_TRUE(first >= object && first < object + sizeof(ComponentList));
  EXPECT_EQ(static_cast<std::vector<double>>(list), (std::vector<double>{1.5, -2, 3}));
}

TEST(ComponentListTest, AFourthComponentMovesTheListToTheHeapAndKeepsTheFirstThree) {
  ComponentList list = {1, 2, 3};
  list.push_back(4);
  list.push_back(5);
  ASSERT_EQ(list.size(), 5u);
  const auto* object = reinterpret_cast<const char*>(&list);
  const auto* first = reinterpret_cast<const char*>(list.data());
  EXPECT_FALSE(first >= object && first < object + sizeof(ComponentList));
  EXPECT_EQ(static_cast<std::vector<double>>(list), (std::vector<double>{1, 2, 3, 4, 5}));
  list.pop_back();
  EXPECT_EQ(list.size(), 4u);
  EXPECT_EQ(list[3], 4);
}

TEST(ComponentListTest, CopiesAndMovesAreIndependentLists) {
  ComponentList long_list(std::vector<double>{1, 2, 3, 4, 5, 6});
  ComponentList short_list = {7};
  ComponentList copy = long_list;
  copy[0] = 9;
  EXPECT_EQ(long_list[0], 1);
  short_list = long_list;  // inline to heap
  EXPECT_EQ(short_list, long_list);
  long_list = ComponentList{8, 9};  // heap to a shorter list
  EXPECT_EQ(static_cast<std::vector<double>>(long_list), (std::vector<double>{8, 9}));
  ComponentList moved = std::move(short_list);
  EXPECT_EQ(static_cast<std::vector<double>>(moved), (std::vector<double>{1, 2, 3, 4, 5, 6}));
  EXPECT_TRUE(short_list.empty());  // NOLINT(bugprone-use-after-move): a moved list is empty
}

TEST(ComponentListTest, ResizeFillsNewComponentsAndEqualityComparesEveryComponent) {
  ComponentList list = {1};
  list.resize(4, 0.5);
  EXPECT_EQ(static_cast<std::vector<double>>(list), (std::vector<double>{1, 0.5, 0.5, 0.5}));
  list.resize(2);
  EXPECT_EQ(list, (ComponentList{1, 0.5}));
  EXPECT_FALSE(list == (ComponentList{1, 0.5, 0}));
  EXPECT_FALSE(list == (ComponentList{1, 0.25}));
  list.clear();
  EXPECT_EQ(list, ComponentList());
}

}  // namespace
}  // namespace cinc
