#include "core/suggestion.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace cinc {
namespace {

TEST(LevenshteinTest, KnownDistances) {
  EXPECT_EQ(BoundedLevenshteinDistance("kitten", "sitting", 10), 3);
  EXPECT_EQ(BoundedLevenshteinDistance("", "abc", 10), 3);
  EXPECT_EQ(BoundedLevenshteinDistance("abc", "", 10), 3);
  EXPECT_EQ(BoundedLevenshteinDistance("", "", 0), 0);
  EXPECT_EQ(BoundedLevenshteinDistance("body.inn", "body.in", 2), 1);
  EXPECT_EQ(BoundedLevenshteinDistance("flaw", "lawn", 2), 2);
  EXPECT_EQ(BoundedLevenshteinDistance("abcdef", "badcfe", 4), 4);  // three swaps
}

TEST(LevenshteinTest, StopsPastTheLimit) {
  EXPECT_EQ(BoundedLevenshteinDistance("kitten", "sitting", 2), std::nullopt);
  EXPECT_EQ(BoundedLevenshteinDistance("a", "abcd", 2), std::nullopt);  // length alone
  EXPECT_EQ(BoundedLevenshteinDistance("abc", "abc", -1), std::nullopt);
  EXPECT_EQ(BoundedLevenshteinDistance("abc", "xyz", 3), 3);
  EXPECT_EQ(BoundedLevenshteinDistance("abc", "xyz", 2), std::nullopt);
}

TEST(LevenshteinTest, BandedAgreesWithFullComputation) {
  // Against the textbook full table on every pair of short strings over {a, b}.
  auto full = [](const std::string& a, const std::string& b) {
    std::vector<std::vector<int>> table(a.size() + 1, std::vector<int>(b.size() + 1));
    for (size_t i = 0; i <= a.size(); ++i) table[i][0] = static_cast<int>(i);
    for (size_t j = 0; j <= b.size(); ++j) table[0][j] = static_cast<int>(j);
    for (size_t i = 1; i <= a.size(); ++i) {
      for (size_t j = 1; j <= b.size(); ++j) {
        table[i][j] = std::min({table[i - 1][j] + 1, table[i][j - 1] + 1,
                                table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      }
    }
    return table[a.size()][b.size()];
  };
  std::vector<std::string> words{""};
  for (size_t start = 0; words.back().size() < 5;) {
    size_t end = words.size();
    for (size_t i = start; i < end; ++i) {
      words.push_back(words[i] + "a");
      words.push_back(words[i] + "b");
    }
    start = end;
  }
  for (const std::string& a : words) {
    for (const std::string& b : words) {
      const int expected = full(a, b);
      for (int limit = 0; limit <= 5; ++limit) {
        std::optional<int> distance = BoundedLevenshteinDistance(a, b, limit);
        if (expected <= limit) {
          EXPECT_EQ(distance, expected) << a << " " << b << " " << limit;
        } else {
          EXPECT_EQ(distance, std::nullopt) << a << " " << b << " " << limit;
        }
      }
    }
  }
}

TEST(SuggestionTest, ClosestNameTiesGoToTheFirst) {
  EXPECT_EQ("ab", ClosestName("ax", std::vector<std::string_view>{"ab", "ac"}));
  EXPECT_EQ(std::nullopt, ClosestName("abcdefgh", std::vector<std::string_view>{"zzzzzzzz"}));
  // max(2, 10 / 3) = 3 edits allowed for a 10-character name, 2 for a 6-character one.
  EXPECT_EQ("hole-01", ClosestName("hole-00001", std::vector<std::string_view>{"hole-01"}));
  EXPECT_EQ(std::nullopt, ClosestName("hole-1", std::vector<std::string_view>{"hole-0001"}));
}

TEST(SuggestionTest, CaseAndSeparatorsComeFirst) {
  const std::string_view eases[] = {"linear", "ease-in", "ease-out", "ease-in-out"};
  // "easeInOut" is 4 edits from "ease-out" and 5 from "ease-in-out".
  EXPECT_EQ(DidYouMean("easeInOut", eases), " (did you mean 'ease-in-out'?)");
  EXPECT_EQ(DidYouMean("EASE_IN", eases), " (did you mean 'ease-in'?)");
  // Two names that fold alike are both offered.
  const std::string_view both[] = {"linear", "ease_in_out", "ease-in-out"};
  EXPECT_EQ(DidYouMean("easeInOut", both), " (did you mean 'ease_in_out' or 'ease-in-out'?)");
  EXPECT_EQ(FoldedName("Ease In-Out_x"), "easeinoutx");
}

TEST(SuggestionTest, DidYouMean) {
  std::vector<std::string_view> names = {"body", "screw1", "screw2"};
  EXPECT_EQ(DidYouMean("screw3", names), " (did you mean 'screw1'?)");
  EXPECT_EQ(DidYouMean("washer", names), "");
}

}  // namespace
}  // namespace cinc
