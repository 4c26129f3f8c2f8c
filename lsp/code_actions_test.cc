#include "lsp/code_actions.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

TEST(CodeActionsTest, ReadsTheSuggestion) {
  Suggestion one =
      SuggestionOf("node 'lid.show' references unknown node 'body.inn' (did you mean 'body.in'?)");
  EXPECT_EQ(one.written, "body.inn");
  EXPECT_EQ(one.suggestions, (std::vector<std::string>{"body.in"}));
  EXPECT_TRUE(SuggestionOf("dependency cycle: a.x -> a.x").written.empty());
}

TEST(CodeActionsTest, AQuickFixReplacesTheWrittenPart) {
  const std::string text = "objects:\n  a:\n    nodes:\n      - {id: x, after: inn, duration: 1}\n";
  const Json diagnostic = Json::parse(R"json({"range": {"start": {"line": 3, "character": 23},
      "end": {"line": 3, "character": 26}}, "message":
      "node 'a.x' references unknown node 'a.inn' (did you mean 'a.in'?)"})json");
  const Json actions = CodeActions("file:///s.yaml", text, Json::array({diagnostic}));
  ASSERT_EQ(actions.size(), 1u);
  EXPECT_EQ(actions[0]["title"], "Change 'inn' to 'in'");
  EXPECT_EQ(actions[0]["kind"], "quickfix");
  const Json& edit = actions[0]["edit"]["changes"]["file:///s.yaml"][0];
  EXPECT_EQ(edit["newText"], "in");
  EXPECT_EQ(edit["range"]["start"]["character"], 23);
  EXPECT_EQ(edit["range"]["end"]["character"], 26);
  // Not an array, or a diagnostic without a suggestion: nothing.
  EXPECT_TRUE(CodeActions("file:///s.yaml", text, Json("x")).empty());
}

}  // namespace
}  // namespace cinc
