#include "compiler/cli/depfile.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

TEST(DepfileTest, EscapesWhatMakeAndNinjaReadBack) {
  EXPECT_EQ(MakeDepfile({"out dir/s.sequence.json", "s.2.sequence.json"},
                        {"a b.yaml", "h#1.gltf", "cost$5.glb", "c:d.bin", "part-1_v2+x,y@z.glb"}),
            "out\\ dir/s.sequence.json s.2.sequence.json: a\\ b.yaml h\\#1.gltf cost$$5.glb "
            "c\\:d.bin part-1_v2+x,y@z.glb\n");
}

TEST(DepfileTest, KeepsUtf8AsItIs) {
  EXPECT_EQ(DepfileRefusal("modèles/écrou.glb"), std::nullopt);
  EXPECT_EQ(MakeDepfile({"o"}, {"modèles/écrou.glb"}), "o: modèles/écrou.glb\n");
}

// A newline would end the rule and let the rest of the name be a recipe; a
// ';' starts a recipe on the same line, '=' a variable, '(' an archive
// member, '|' order-only prerequisites, '*' a wildcard: none has an escape
// that both Make and Ninja read.
TEST(DepfileTest, RefusesWhatHasNoEscape) {
  EXPECT_EQ(DepfileRefusal("s.yaml\ns.json:\n\ttouch${IFS}PWNED\nx.gltf"), "it holds a newline");
  EXPECT_EQ(DepfileRefusal("a\tb"), "it holds a tab");
  EXPECT_EQ(DepfileRefusal("a\rb"), "it holds a carriage return");
  EXPECT_EQ(DepfileRefusal("a\x1b]0;x"), "it holds a control character (U+001B)");
  EXPECT_EQ(DepfileRefusal("semi;touch x"), "it holds ';'");
  EXPECT_EQ(DepfileRefusal("SHELL=x"), "it holds '='");
  EXPECT_EQ(DepfileRefusal("part (1).glb"), "it holds '('");
  EXPECT_EQ(DepfileRefusal("a|b"), "it holds '|'");
  EXPECT_EQ(DepfileRefusal("*.glb"), "it holds '*'");
  EXPECT_EQ(DepfileRefusal("back\\slash"), "it holds '\\'");
  EXPECT_EQ(DepfileRefusal("q\"uote"), "it holds '\"'");
  EXPECT_EQ(DepfileRefusal("~/x.glb"), "it begins with '~'");
  EXPECT_EQ(DepfileRefusal("a/~b.glb"), std::nullopt);
}

}  // namespace
}  // namespace cinc
