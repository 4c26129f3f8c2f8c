// Callout texts: `$part`, `$number`, `$marker` (docs/language.md "Callouts").
#include "markers/callout_anchors.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

TEST(CalloutAnchorsTest, PlaceholdersAreReplaced) {
  Model model;
  model.name = "m4";
  EXPECT_EQ(CalloutText("$part ($number) at $marker", &model, "hole-2"), "m4 () at hole-2");
  model.part_name = "Screw M4 x 12";
  model.part_number = "S-412";
  EXPECT_EQ(CalloutText("8 × $part, $number; $part", &model, ""),
            "8 × Screw M4 x 12, S-412; Screw M4 x 12");
  EXPECT_EQ(CalloutText("$part$number", nullptr, ""), "");
  EXPECT_EQ(CalloutText("no placeholders", &model, "x"), "no placeholders");
}

}  // namespace
}  // namespace cinc
