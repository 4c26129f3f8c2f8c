#include "lsp/scene_text.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

using Path = std::vector<std::string>;

// The context where "|" stands in `marked` (the bar taken out).
CursorContext At(std::string marked) {
  const size_t bar = marked.find('|');
  marked.erase(bar, 1);
  return ContextAt(marked, bar);
}

TEST(SceneTextTest, BlockKeysAndValues) {
  const std::string scene = "objects:\n  body:\n    nodes:\n      - id: a\n        aft|";
  CursorContext context = At(scene);
  EXPECT_EQ(context.path, (Path{"objects", "body", "nodes", "-"}));
  EXPECT_TRUE(context.at_key);
  EXPECT_EQ(context.word, "aft");
  context = At("objects:\n  body:\n    nodes:\n      - id: a\n        after: lid.s|");
  EXPECT_FALSE(context.at_key);
  EXPECT_EQ(context.key, "after");
  EXPECT_EQ(context.word, "lid.s");
}

TEST(SceneTextTest, FlowMappingsOnTheLine) {
  CursorContext context = At("objects:\n  lid:\n    nodes:\n      - {id: show, with: body.|}");
  EXPECT_EQ(context.path, (Path{"objects", "lid", "nodes", "-"}));
  EXPECT_EQ(context.key, "with");
  context = At("objects:\n  lid:\n    nodes:\n      - {id: s, attach: {to: body/h|}}");
  EXPECT_EQ(context.path, (Path{"objects", "lid", "nodes", "-", "attach"}));
  EXPECT_EQ(context.key, "to");
  EXPECT_EQ(context.word, "body/h");
  context = At("objects:\n  lid:\n    nodes:\n      - {id: s, du|");
  EXPECT_TRUE(context.at_key);
  context = At("objects:\n  lid:\n    nodes:\n      - {id: s, after: [a, |");
  EXPECT_EQ(context.key, "after");
  // A list at its key's indentation.
  context = At("objects:\n  lid:\n    nodes:\n    - {id: s, ease: |");
  EXPECT_EQ(context.path, (Path{"objects", "lid", "nodes", "-"}));
  EXPECT_EQ(context.key, "ease");
}

TEST(SceneTextTest, SectionsAndIncludes) {
  const std::string text =
      "cinc: 1\ninclude: [lib/a.yaml, b.yaml]\ntemplates:\n  appear: {duration: 1}\n"
      "  drive:\n    duration: 2\nobjects: {}\n";
  const std::vector<NamedPlace> templates = SectionKeys(text, "templates");
  ASSERT_EQ(templates.size(), 2u);
  EXPECT_EQ(templates[0].name, "appear");
  EXPECT_EQ(text.substr(templates[1].offset, 5), "drive");
  const std::vector<NamedPlace> includes = IncludeEntries(text);
  ASSERT_EQ(includes.size(), 2u);
  EXPECT_EQ(includes[0].name, "lib/a.yaml");
  EXPECT_EQ(text.substr(includes[1].offset, 6), "b.yaml");
  size_t begin = 0;
  size_t end = 0;
  EXPECT_EQ(WordAround("after: body.in, x", 9, &begin, &end), "body.in");
  EXPECT_EQ(begin, 7u);
}

}  // namespace
}  // namespace cinc
