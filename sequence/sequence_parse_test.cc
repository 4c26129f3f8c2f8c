// JSON text helpers: nesting, offsets to lines and columns, pointer places;
// a sequence's name read up to that value.
#include "sequence/sequence_parse.h"

#include <gtest/gtest.h>

#include <optional>
#include <sstream>
#include <string>

#include "sequence/json_text.h"

namespace cinc {
namespace {

TEST(JsonText, NestingIgnoresBracketsInStrings) {
  NestingScan scan = ScanNesting(R"({"a": "[[[{\"", "b": [[1]]})", 2);
  EXPECT_EQ(scan.max_depth, 3);
  EXPECT_EQ(scan.first_too_deep, 22u);
  EXPECT_EQ(ScanNesting("[[]]", 2).first_too_deep, std::string_view::npos);
}

TEST(JsonText, OffsetsCountLinesAndCodePoints) {
  EXPECT_EQ(LocationOfOffset("ab\ncd", 4), (SourceLocation{2, 2}));
  EXPECT_EQ(LocationOfOffset("\xC3\xA9x", 2), (SourceLocation{1, 2}));  // é is one column
  EXPECT_EQ(LocationOfOffset("ab", 100), (SourceLocation{1, 3}));
}

TEST(JsonText, PointersFindKeysAndElements) {
  const std::string text =
      "{\"a\": [1, {\"b/c\": 2}],\n"
      " \"d\": {\"\\u00e9\": [[], {}], \"e\": \"}]\"},\n"
      " \"f\": true}";
  auto found = LocateJsonPointers(
      text, {"", "/a", "/a/0", "/a/1", "/a/1/b~1c", "/d/\xC3\xA9/1", "/d/e", "/f", "/missing"});
  EXPECT_EQ(found.at(""), (SourceLocation{1, 1}));
  EXPECT_EQ(found.at("/a"), (SourceLocation{1, 2}));
  EXPECT_EQ(found.at("/a/0"), (SourceLocation{1, 8}));
  EXPECT_EQ(found.at("/a/1"), (SourceLocation{1, 11}));
  EXPECT_EQ(found.at("/a/1/b~1c"), (SourceLocation{1, 12}));
  EXPECT_EQ(found.at("/d/\xC3\xA9/1"), (SourceLocation{2, 23}));
  EXPECT_EQ(found.at("/d/e"), (SourceLocation{2, 28}));
  EXPECT_EQ(found.at("/f"), (SourceLocation{3, 2}));
  EXPECT_EQ(found.count("/missing"), 0u);
}

TEST(JsonText, DeepTextIsScannedWithoutRecursion) {
  std::string deep = std::string(200000, '[') + std::string(200000, ']');
  std::string pointer;
  for (int level = 0; level < 1000; ++level) pointer += "/0";
  auto found = LocateJsonPointers(deep, {pointer});
  EXPECT_EQ(found.at(pointer), (SourceLocation{1, 1001}));
}

}  // namespace
}  // namespace cinc

namespace cinc {
namespace {

std::optional<std::string> NameOf(const std::string& text) {
  std::istringstream stream(text);
  return ReadSequenceName(stream);
}

// The name is read where it stands; nothing after it is parsed, so a
// document cut short after its name still names itself.
TEST(ReadSequenceName, StopsAtTheTopLevelName) {
  EXPECT_EQ(NameOf(R"({"version": 1, "name": "crowd.2", "tracks": [)"), "crowd.2");
  EXPECT_EQ(NameOf(R"({"tracks": [{"target": "a", "x": [1, {"name": "inner"}]}],
                       "duration": 2, "loop": false, "nothing": null, "name": "outer"})"),
            "outer");
}

TEST(ReadSequenceName, NothingWithoutAStringNameInATopLevelObject) {
  EXPECT_EQ(NameOf(R"([{"name": "crowd.2"}])"), std::nullopt);
  EXPECT_EQ(NameOf(R"("crowd.2")"), std::nullopt);
  EXPECT_EQ(NameOf(R"({"name": 2})"), std::nullopt);
  EXPECT_EQ(NameOf(R"({"name": {"first": "crowd.2"}})"), std::nullopt);
  EXPECT_EQ(NameOf(R"({"version": 1})"), std::nullopt);
  EXPECT_EQ(NameOf(R"({"version": 1,, "name": "crowd.2"})"), std::nullopt);
  EXPECT_EQ(NameOf("not a shard of this scene"), std::nullopt);
  EXPECT_EQ(NameOf(""), std::nullopt);
  // Deeper than the limit before the name: not read further.
  std::string deep = R"({"tracks": )" + std::string(kMaxJsonDepth + 1, '[') +
                     std::string(kMaxJsonDepth + 1, ']') + R"(, "name": "crowd.2"})";
  EXPECT_EQ(NameOf(deep), std::nullopt);
  std::string shallow = R"({"tracks": )" + std::string(kMaxJsonDepth - 2, '[') +
                        std::string(kMaxJsonDepth - 2, ']') + R"(, "name": "crowd.2"})";
  EXPECT_EQ(NameOf(shallow), "crowd.2");
}

}  // namespace
}  // namespace cinc
