// Mappings: aliases and merge keys.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing_support::ExpectVec3;
using testing_support::Load;
using testing_support::Loaded;
using testing_support::Seconds;

TEST(SceneLoaderTest, AliasesReuseValues) {
  Loaded loaded = Load("cinc: 1\nobjects:\n  a: {position: &p [1, 2, 3]}\n  b: {position: *p}\n");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  ExpectVec3(loaded.scene.objects[1].position, 1, 2, 3);
}

TEST(SceneLoaderTest, MergeKeysGiveDefaultsThatExplicitKeysOverride) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - &base {id: one, duration: 1, opacity: 0.5, ease: step}
      - &late {id: two, duration: 2, ease: linear, <<: *base}
      - {<<: *base, id: three, opacity: 0.25}
      - {opacity: 0.75, <<: *base, id: four}
      - <<: [*late, *base]
        id: five
      - {<<: {duration: 3, <<: *late}, id: six}
      - {<<: 5, id: seven}
      - {<<: [*base, [1]], id: eight}
      - {<<: *nothing, id: nine, duration: 1}
)");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("12:14 E_SCENE_FORMAT /objects/a/nodes/6/<<: expected a mapping or a "
                          "list of mappings to merge, got a number",
                          "13:22 E_SCENE_FORMAT /objects/a/nodes/7/<<: expected a mapping to "
                          "merge, got a list",
                          "14:14 E_SCENE_FORMAT /objects/a/nodes/8: unknown alias 'nothing'"));
  const std::vector<Node>& nodes = loaded.scene.objects[0].nodes;
  ASSERT_EQ(nodes.size(), 9u);
  struct Expected {
    const char* id;
    ExactTime duration;
    double opacity;
    Ease::Kind ease;
  };
  const Expected expected[] = {
      {"one", Seconds(1), 0.5, Ease::Kind::kStep},    {"two", Seconds(2), 0.5, Ease::Kind::kLinear},
      {"three", Seconds(1), 0.25, Ease::Kind::kStep}, {"four", Seconds(1), 0.75, Ease::Kind::kStep},
      {"five", Seconds(2), 0.5, Ease::Kind::kLinear}, {"six", Seconds(3), 0.5, Ease::Kind::kLinear},
  };
  for (size_t i = 0; i < std::size(expected); ++i) {
    SCOPED_TRACE(expected[i].id);
    EXPECT_EQ(nodes[i].id, expected[i].id);
    EXPECT_EQ(nodes[i].duration, expected[i].duration);
    EXPECT_EQ(nodes[i].opacity, expected[i].opacity);
    EXPECT_EQ(nodes[i].ease.kind, expected[i].ease);
  }
  EXPECT_EQ(nodes[6].id, "seven");
  EXPECT_EQ(nodes[7].id, "eight");
  EXPECT_EQ(nodes[7].duration, Seconds(1));
  EXPECT_EQ(nodes[8].id, "nine");
}

}  // namespace
}  // namespace cinc
