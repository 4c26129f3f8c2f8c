// Templates: merged under a node's own fields, problems reported once,
// `use:` through merge keys, cycles.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using testing_support::ExpectVec3;
using testing_support::Load;
using testing_support::Loaded;
using testing_support::Problems;
using testing_support::Seconds;

// Templates merge under a node's own fields: the node wins, a `use:` list
// applies its templates in order (the later over the earlier), a template
// wins over those it uses; `<<` comes before templates. Written after the
// objects that use them.
TEST(SceneLoaderTest, TemplatesMergeUnderTheNodesOwnFields) {
  Loaded loaded = Load(R"(cinc: 1
x-own: &own {ease: ease-in}
objects:
  a:
    nodes:
      - {id: one, use: [turn, fast], position: [1, 0, 0]}
      - {id: two, <<: *own, use: turn}
      - {id: three, use: fast, duration: 4, attach: {to: b}}
templates:
  turn: {duration: 1, spin: {axis: [1, 0, 0], turns: 2}, use: base, position: [9, 9, 9]}
  fast: {duration: 0.5}
  base: {ease: linear, duration: 7, opacity: 0.5}
)");
  EXPECT_THAT(loaded.diagnostics, ElementsAre());
  const std::vector<Node>& nodes = loaded.scene.objects.at(0).nodes;
  ASSERT_EQ(nodes.size(), 3u);
  ExpectVec3(*nodes[0].position, 1, 0, 0);      // its own over turn's
  EXPECT_EQ(nodes[0].duration, Seconds(1, 2));  // fast over turn
  ASSERT_TRUE(nodes[0].rare().spin);
  ExpectVec3(nodes[0].rare().spin->axis, 1, 0, 0);
  EXPECT_EQ(nodes[0].rare().spin->degrees, 720);
  EXPECT_EQ(nodes[0].ease.name(), "linear");  // from base, through turn
  EXPECT_EQ(nodes[0].opacity, 0.5);
  EXPECT_EQ(nodes[1].ease.name(), "ease-in");  // << over the template
  EXPECT_EQ(nodes[1].duration, Seconds(1));    // turn over base
  EXPECT_EQ(nodes[2].duration, Seconds(4));
  ASSERT_TRUE(nodes[2].rare().attach);
  EXPECT_EQ(nodes[2].rare().attach->to, "b");
}

// A template's problem is reported once, at its own line and column, with the
// pointer of the first node that used it; where it may stand is checked on
// each node that uses it.
TEST(SceneLoaderTest, TemplateProblemsAreReportedOnceWhereTheTemplateSaysThem) {
  Loaded loaded = Load(R"(cinc: 1
templates:
  t: {duration: 1, opacity: 2, fov: 40}
objects:
  a:
    nodes:
      - {id: one, use: t}
      - {id: two, use: t}
cameras:
  c:
    nodes:
      - {id: one, use: t}
)");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("3:20 E_SCENE_FORMAT /cameras/c/nodes/0/opacity: 'opacity' is not "
                          "allowed on a camera",
                          "3:29 E_SCENE_VALUE /objects/a/nodes/0/opacity: opacity 2 is outside "
                          "[0, 1]",
                          "3:32 E_SCENE_FORMAT /objects/a/nodes/0/fov: 'fov' is only allowed on "
                          "cameras"));
}

// `use` is a key like the others in a node and its `<<` sources (the node's
// wins; an unknown name there is reported), while a template's own `use`
// always applies. A template is merged into a node at most once, so a cycle
// through a `<<` source ends; problems of a template's own `use` are reported
// once; `templates:` with nothing is no templates.
TEST(SceneLoaderTest, UseThroughMergeKeysCyclesAndRepeats) {
  Loaded loaded = Load(R"(cinc: 1
x-m: &m {use: loop}
x-typo: &typo {use: apear}
templates:
  loop: {use: other, <<: *m}
  other: {duration: 1}
  appear: {opacity: 1, duration: 2}
  bad: {use: [], ease: linear}
objects:
  a:
    nodes:
      - {id: one, use: loop, opacity: 1}
      - {id: two, <<: *typo, duration: 1}
      - {id: three, use: appear, <<: {use: other}}
      - {id: four, use: bad, duration: 1}
      - {id: five, use: bad, duration: 1}
)");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("3:21 E_SCENE_NAME /objects/a/nodes/1/use: unknown template 'apear' "
                          "(did you mean 'appear'?)",
                          "8:14 E_SCENE_FORMAT /templates/bad/use: 'use' is an empty list"));
  const std::vector<Node>& nodes = loaded.scene.objects.at(0).nodes;
  ASSERT_EQ(nodes.size(), 5u);
  EXPECT_EQ(nodes[0].duration, Seconds(1));  // loop -> other; m's `use: loop` adds nothing
  EXPECT_EQ(nodes[2].duration, Seconds(2));  // its own `use: appear` over the merged `use: other`
  EXPECT_EQ(nodes[3].ease.name(), "linear");
  EXPECT_TRUE(Problems("cinc: 1\ntemplates:\n").empty());
}

}  // namespace
}  // namespace cinc
