#include "lsp/text_positions.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

// "a: é𝄞x": é is 2 bytes and 1 UTF-16 unit, 𝄞 (U+1D11E) 4 bytes and 2 units;
// the second line ends in CRLF.
constexpr std::string_view kText = "a: \xC3\xA9\xF0\x9D\x84\x9Ex\nb\r\nc";

TEST(TextPositionsTest, ColumnsCountCodePointsPositionsCountUtf16Units) {
  EXPECT_EQ(PositionOfColumn(kText, 1, 1), (LspPosition{0, 0}));
  EXPECT_EQ(PositionOfColumn(kText, 1, 5), (LspPosition{0, 4}));  // 𝄞
  EXPECT_EQ(PositionOfColumn(kText, 1, 6), (LspPosition{0, 6}));  // x, after the pair
  EXPECT_EQ(PositionOfColumn(kText, 2, 9), (LspPosition{1, 1}));  // past the end: its end
  EXPECT_EQ(PositionOfColumn(kText, 3, 1), (LspPosition{2, 0}));
}

TEST(TextPositionsTest, OffsetsOfPositions) {
  EXPECT_EQ(OffsetOfPosition(kText, {0, 4}), 5u);   // 𝄞 starts after "a: é"
  EXPECT_EQ(OffsetOfPosition(kText, {0, 6}), 9u);   // x
  EXPECT_EQ(OffsetOfPosition(kText, {1, 5}), 12u);  // clamped before the CR
  EXPECT_EQ(OffsetOfPosition(kText, {2, 1}), 15u);  // the end
  EXPECT_EQ(OffsetOfPosition(kText, {7, 0}), kText.size());
}

}  // namespace
}  // namespace cinc
