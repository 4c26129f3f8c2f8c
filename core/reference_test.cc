#include "core/reference.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace cinc {
namespace {

TEST(NodeReferenceTest, SplitsAtTheFirstDot) {
  constexpr NodeReference lid = SplitNodeReference("lid.seat");
  static_assert(lid.owner == "lid" && lid.id == "seat" && lid.qualified);
  NodeReference dotted = SplitNodeReference("screw-3.drive.2");
  EXPECT_EQ(dotted.owner, "screw-3");
  EXPECT_EQ(dotted.id, "drive.2");
  EXPECT_TRUE(dotted.qualified);
}

TEST(NodeReferenceTest, BareIdHasNoOwner) {
  NodeReference bare = SplitNodeReference("seat");
  EXPECT_EQ(bare.owner, "");
  EXPECT_EQ(bare.id, "seat");
  EXPECT_FALSE(bare.qualified);
  NodeReference empty = SplitNodeReference("");
  EXPECT_EQ(empty.id, "");
  EXPECT_FALSE(empty.qualified);
  NodeReference edges = SplitNodeReference(".");
  EXPECT_EQ(edges.owner, "");
  EXPECT_EQ(edges.id, "");
  EXPECT_TRUE(edges.qualified);
}

TEST(NodeReferenceTest, ViewsPointIntoTheText) {
  const std::string text = "body.in";
  NodeReference parts = SplitNodeReference(text);
  EXPECT_EQ(parts.owner.data(), text.data());
  EXPECT_EQ(parts.id.data(), text.data() + 5);
}

TEST(MarkerReferenceTest, SplitsAtTheFirstSlash) {
  constexpr MarkerReference hole = SplitMarkerReference("body/hole-1");
  static_assert(hole.owner == "body" && hole.marker == "hole-1" && hole.has_marker);
  MarkerReference nested = SplitMarkerReference("a/b/c");
  EXPECT_EQ(nested.owner, "a");
  EXPECT_EQ(nested.marker, "b/c");
  MarkerReference glob = SplitMarkerReference("body/hole-*");
  EXPECT_EQ(glob.marker, "hole-*");
}

TEST(MarkerReferenceTest, BareOwnerHasNoMarker) {
  MarkerReference bare = SplitMarkerReference("body");
  EXPECT_EQ(bare.owner, "body");
  EXPECT_EQ(bare.marker, "");
  EXPECT_FALSE(bare.has_marker);
  MarkerReference dotted = SplitMarkerReference("body.hole");  // a node's syntax
  EXPECT_EQ(dotted.owner, "body.hole");
  EXPECT_FALSE(dotted.has_marker);
  MarkerReference trailing = SplitMarkerReference("body/");
  EXPECT_EQ(trailing.owner, "body");
  EXPECT_EQ(trailing.marker, "");
  EXPECT_TRUE(trailing.has_marker);
}

TEST(ReferenceTextTest, JoinsWhatSplittingSplits) {
  EXPECT_EQ(NodeReferenceText("lid", "seat"), "lid.seat");
  EXPECT_EQ(MarkerReferenceText("body", "hole-1"), "body/hole-1");
  for (std::string_view text : {"lid.seat", "screw-3.drive.2", ".x"}) {
    NodeReference parts = SplitNodeReference(text);
    EXPECT_EQ(NodeReferenceText(parts.owner, parts.id), text);
  }
  MarkerReference parts = SplitMarkerReference("a/b/c");
  EXPECT_EQ(MarkerReferenceText(parts.owner, parts.marker), "a/b/c");
}

TEST(PatternCopyNameTest, NumbersFromOne) {
  EXPECT_EQ(PatternCopyName("screw", 3), "screw-3");
  EXPECT_EQ(PatternCopyName("screw", 12), "screw-12");
  EXPECT_EQ(NodeReferenceText(PatternCopyName("screw", 1), "drive"), "screw-1.drive");
}

}  // namespace
}  // namespace cinc
