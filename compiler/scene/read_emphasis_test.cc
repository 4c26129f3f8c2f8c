// Emphasis and callouts as the loader reads them (docs/language.md
// "Emphasis", "Callouts"), and the top-level `preview:`.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using testing_support::Load;
using testing_support::Loaded;

TEST(ReadEmphasisTest, TheFormsOfHighlightGhostAndCallout) {
  Loaded loaded = Load(R"(cinc: 1
preview: {lighting: flat, background: "#A0b1C2"}
objects:
  a:
    nodes: [{at: 0, duration: 1, opacity: 1, callout: {text: "Part $i"}}]
  b: {}
director:
  nodes:
    - {at: 0, duration: 2, label: One, highlight: [a], ghost: others}
    - {at: 2, duration: 1, highlight: [a, b], ghost: {objects: [b], opacity: 0.5}}
    - {at: 3, until: [a#0], ghost: [b], callout: {text: Look, on: a}}
)");
  EXPECT_THAT(loaded.diagnostics, ElementsAre());
  EXPECT_EQ(loaded.scene.preview_lighting, Scene::Lighting::kFlat);
  EXPECT_EQ(loaded.scene.preview_background, "#a0b1c2");
  const std::vector<Node>& director = loaded.scene.director_nodes;
  ASSERT_EQ(director.size(), 3u);
  ASSERT_TRUE(director[0].rare().emphasis.has_value());
  EXPECT_EQ(director[0].rare().emphasis->highlight.size(), 1u);
  EXPECT_TRUE(director[0].rare().emphasis->ghost_others);
  EXPECT_EQ(director[0].rare().emphasis->ghost_opacity, 0.2);
  EXPECT_EQ(director[1].rare().emphasis->highlight[1].value, "b");
  EXPECT_EQ(director[1].rare().emphasis->ghost[0].value, "b");
  EXPECT_FALSE(director[1].rare().emphasis->ghost_others);
  EXPECT_EQ(director[1].rare().emphasis->ghost_opacity, 0.5);
  EXPECT_TRUE(director[2].rare().emphasis->highlight.empty());
  ASSERT_TRUE(director[2].rare().callout.has_value());
  EXPECT_EQ(director[2].rare().callout->text, "Look");
  EXPECT_EQ(director[2].rare().callout->on.value, "a");
  const Node& own = loaded.scene.objects[0].nodes[0];
  ASSERT_TRUE(own.rare().callout.has_value());
  EXPECT_EQ(own.rare().callout->text, "Part $i");
  EXPECT_TRUE(own.rare().callout->on.value.empty());
}

TEST(ReadEmphasisTest, BadInputIsReportedAtTheField) {
  Loaded loaded = Load(R"(cinc: 1
preview: {lighting: bright, background: "#12345g"}
objects:
  a:
    nodes:
      - {at: 0, duration: 1, highlight: [a]}
      - {at: 1, duration: 1, callout: {text: ""}}
      - {at: 2, duration: 1, callout: {on: a}}
director:
  nodes:
    - {at: 0, highlight: [a]}
    - {at: 0, duration: 1, highlight: [], ghost: all}
    - {at: 0, duration: 1, ghost: {opacity: 2}}
    - {at: 0, duration: 1, callout: {text: Hi}}
)");
  EXPECT_THAT(
      loaded.diagnostics,
      ElementsAre(
          "2:21 E_SCENE_VALUE /preview/lighting: unknown lighting 'bright' (studio or flat)",
          "2:41 E_SCENE_VALUE /preview/background: background '#12345g' is not a colour written "
          "#rrggbb",
          "6:30 E_SCENE_FORMAT /objects/a/nodes/0/highlight: 'highlight' is only allowed on "
          "director nodes",
          "7:46 E_SCENE_VALUE /objects/a/nodes/1/callout/text: text is empty; the runtime needs "
          "some text here",
          "8:39 E_SCENE_FORMAT /objects/a/nodes/2/callout: missing field text",
          "11:15 E_SCENE_FORMAT /director/nodes/0/highlight: 'highlight' requires 'duration' or "
          "'until'",
          "12:39 E_SCENE_FORMAT /director/nodes/1/highlight: 'highlight' is an empty list",
          "12:50 E_SCENE_VALUE /director/nodes/1/ghost: ghost 'all' is neither 'others' nor a "
          "list of objects",
          "13:35 E_SCENE_FORMAT /director/nodes/2/ghost: missing field objects",
          "13:45 E_SCENE_VALUE /director/nodes/2/ghost/opacity: opacity 2 is outside [0, 1]",
          "14:28 E_SCENE_FORMAT /director/nodes/3/callout: a callout on a director node requires "
          "'on'"));
}

}  // namespace
}  // namespace cinc
