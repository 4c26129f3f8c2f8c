#include "core/short_string.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace cinc {
namespace {

// A view of a temporary would outlive its text: refused at compile time.
template <typename T>
concept ViewOfTemporary = requires {
  std::declval<T&&>().view();
};
template <typename T>
concept ConvertsWhenTemporary = std::is_convertible_v<T&&, std::string_view>;
static_assert(!ViewOfTemporary<ShortString>);
static_assert(!ConvertsWhenTemporary<ShortString>);
static_assert(std::is_convertible_v<const ShortString&, std::string_view>);

TEST(ShortStringTest, EmptyByDefault) {
  ShortString text;
  EXPECT_TRUE(text.empty());
  EXPECT_EQ(text.size(), 0u);
  EXPECT_EQ(text.view(), "");
  EXPECT_TRUE(text.IsInline());
}

TEST(ShortStringTest, FifteenCharactersLiveInTheObjectSixteenOnTheHeap) {
  const std::string fifteen = "part12345.n6789";
  const std::string sixteen = "part12345.n67890";
  ASSERT_EQ(fifteen.size(), 15u);
  ShortString in_object(fifteen);
  ShortString on_heap(sixteen);
  EXPECT_TRUE(in_object.IsInline());
  EXPECT_FALSE(on_heap.IsInline());
  EXPECT_EQ(in_object.view(), fifteen);
  EXPECT_EQ(on_heap.view(), sixteen);
  EXPECT_EQ(in_object.size(), 15u);
  EXPECT_EQ(on_heap.size(), 16u);
}

TEST(ShortStringTest, CopiesAndMovesKeepTheTextOfEitherKind) {
  for (const std::string& written : {std::string("in"), std::string(300, 'x') + ".drive"}) {
    ShortString original(written);
    ShortString copy(original);
    ShortString assigned;
    assigned = original;
    EXPECT_EQ(copy, written);
    EXPECT_EQ(assigned, written);
    EXPECT_EQ(original, written);  // untouched by the copies
    ShortString moved(std::move(copy));
    EXPECT_EQ(moved, written);
    EXPECT_TRUE(copy.empty());  // NOLINT(bugprone-use-after-move): moved-from is empty
    ShortString move_assigned("something else entirely, long enough for the heap");
    move_assigned = std::move(moved);
    EXPECT_EQ(move_assigned, written);
  }
}

TEST(ShortStringTest, AssigningItsOwnTextOrAPartOfIt) {
  ShortString text(std::string(40, 'a') + "tail");
  text = text;  // NOLINT: self-assignment is the case under test
  EXPECT_EQ(text.view(), std::string(40, 'a') + "tail");
  text = text.view().substr(36);  // a view into its own heap text
  EXPECT_EQ(text.view(), "aaaatail");
  EXPECT_TRUE(text.IsInline());
}

TEST(ShortStringTest, ComparesJoinsAndPrintsAsAString) {
  ShortString text("body.in");
  EXPECT_EQ(text, "body.in");
  EXPECT_EQ(text, std::string_view("body.in"));
  EXPECT_EQ(text, ShortString("body.in"));
  EXPECT_FALSE(text == "body.out");
  EXPECT_EQ("'" + text + "'", "'body.in'");
  EXPECT_EQ(text + std::string(" ok"), "body.in ok");
  std::ostringstream out;
  out << text;
  EXPECT_EQ(out.str(), "body.in");
  EXPECT_EQ(text.str(), "body.in");
}

TEST(ShortStringTest, KeepsEveryByteIncludingNul) {
  const std::string written("a\0b", 3);
  ShortString text(written);
  EXPECT_EQ(text.size(), 3u);
  EXPECT_EQ(text.view(), written);
}

TEST(ShortStringTest, AListGrowsAndKeepsItsTexts) {
  std::vector<ShortString> texts;
  for (int k = 0; k < 1000; ++k)
    texts.emplace_back("part" + std::to_string(k) + ".n" +
                       std::string(static_cast<size_t>(k % 20), 'x'));
  for (int k = 0; k < 1000; ++k) {
    EXPECT_EQ(texts[static_cast<size_t>(k)].view(),
              "part" + std::to_string(k) + ".n" + std::string(static_cast<size_t>(k % 20), 'x'));
  }
}

}  // namespace
}  // namespace cinc
