// A node's timing fields: relations, lags, chaining, `start:` entries,
// `until`, and the timing conflicts between them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing_support::Load;
using testing_support::Loaded;
using testing_support::Seconds;

TEST(SceneNodesTest, RelationsLagsAndChaining) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - {duration: 1, lag: 0.5}
      - {after: [x, b.y], lag: -1}
      - {start: [{end_with: x, lag: 2}, {before: b.y}]}
      - {after: x, with: y}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const std::vector<Node>& nodes = loaded.scene.objects[0].nodes;
  ASSERT_EQ(nodes.size(), 4u);
  EXPECT_TRUE(nodes[0].relations.empty());
  EXPECT_EQ(nodes[0].chain_lag, Seconds(1, 2));
  ASSERT_EQ(nodes[1].relations.size(), 2u);
  EXPECT_EQ(nodes[1].relations[1].kind, RelationKind::kAfter);
  EXPECT_EQ(nodes[1].relations[1].target, "b.y");
  EXPECT_EQ(nodes[1].relations[1].offset, Seconds(-1));
  EXPECT_EQ(nodes[1].relations[1].origin.location, (SourceLocation{6, 21}));
  EXPECT_EQ(nodes[1].relations[1].origin.path(), "/objects/a/nodes/1/after/1");
  EXPECT_EQ(nodes[1].chain_lag, ExactTime());
  EXPECT_TRUE(nodes[2].uses_start_list);
  ASSERT_EQ(nodes[2].relations.size(), 2u);
  EXPECT_EQ(nodes[2].relations[0].kind, RelationKind::kEndWith);
  EXPECT_EQ(nodes[2].relations[0].offset, Seconds(2));
  EXPECT_EQ(nodes[2].relations[0].origin.path(), "/objects/a/nodes/2/start/0/end_with");
  EXPECT_EQ(nodes[2].relations[1].kind, RelationKind::kBefore);
  EXPECT_EQ(nodes[2].relations[1].offset, ExactTime());
  EXPECT_EQ(nodes[2].relations[1].origin.location, (SourceLocation{7, 50}));
  ASSERT_EQ(nodes[3].relations.size(), 2u);  // several relation fields: the latest start wins
  EXPECT_EQ(nodes[3].relations[1].kind, RelationKind::kWith);
}

TEST(SceneNodesTest, TimingProblems) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - {id: x, at: 1, lag: 2, duration: 1}
      - {id: y, start: [{after: x}], lag: 1}
      - {start: [{with: x, lag: -0.5}, {at: 2}, {before: [x]}], after: x}
      - {at: [1, 2], with: x}
      - {after: [], start: [], with: {a: 1}}
      - {start: [{lag: 1}, {after: x, with: y}, {lag: 1, at: 3}, z]}
)");
  EXPECT_THAT(
      loaded.diagnostics,
      ElementsAre(
          "5:24 E_TIMING_CONFLICT /objects/a/nodes/0/lag: node 'a.x': 'lag' cannot be combined "
          "with 'at'",
          "6:38 E_TIMING_CONFLICT /objects/a/nodes/1/lag: node 'a.y': 'lag' cannot be combined "
          "with 'start'",
          "7:58 E_SCENE_FORMAT /objects/a/nodes/2/start/2/before: expected a node reference, got "
          "a list",
          "7:65 E_TIMING_CONFLICT /objects/a/nodes/2/after: node 'a#2': 'after' cannot be combined "
          "with "
          "'start'",
          "8:22 E_TIMING_CONFLICT /objects/a/nodes/3/with: node 'a#3': 'with' cannot be combined "
          "with 'at'",
          "9:17 E_SCENE_FORMAT /objects/a/nodes/4/after: 'after' is an empty list",
          "9:21 E_TIMING_CONFLICT /objects/a/nodes/4/start: node 'a#4': 'start' cannot be combined "
          "with "
          "'after'",
          "9:28 E_SCENE_FORMAT /objects/a/nodes/4/start: 'start' is an empty list",
          "9:32 E_TIMING_CONFLICT /objects/a/nodes/4/with: node 'a#4': 'with' cannot be combined "
          "with "
          "'start'",
          "9:38 E_SCENE_FORMAT /objects/a/nodes/4/with: expected a node reference, got a mapping",
          "10:18 E_SCENE_FORMAT /objects/a/nodes/5/start/0: missing field at, after, with, "
          "end_with or before",
          "10:39 E_TIMING_CONFLICT /objects/a/nodes/5/start/1/with: node 'a#5': in a 'start' "
          "entry, 'with' cannot be combined with 'after'",
          "10:58 E_TIMING_CONFLICT /objects/a/nodes/5/start/2/at: node 'a#5': in a 'start' "
          "entry, 'at' cannot be combined with 'lag'",
          "10:66 E_SCENE_FORMAT /objects/a/nodes/5/start/3: expected a mapping, got a string"));
  const std::vector<Node>& nodes = loaded.scene.objects[0].nodes;
  ASSERT_EQ(nodes.size(), 6u);
  ASSERT_EQ(nodes[2].relations.size(), 3u);  // the field's, then the start list's
  EXPECT_EQ(nodes[2].relations[0].kind, RelationKind::kAfter);
  EXPECT_EQ(nodes[2].relations[1].kind, RelationKind::kWith);
  EXPECT_EQ(nodes[2].relations[1].offset, Seconds(-1, 2));
  EXPECT_EQ(nodes[2].relations[1].origin.location, (SourceLocation{7, 25}));
  EXPECT_EQ(nodes[2].relations[2].kind, RelationKind::kAt);
  EXPECT_EQ(nodes[2].relations[2].offset, Seconds(2));
  EXPECT_EQ(nodes[2].relations[2].origin.path(), "/objects/a/nodes/2/start/1/at");
  ASSERT_EQ(nodes[3].relations.size(), 3u);
  EXPECT_EQ(nodes[3].relations[1].offset, Seconds(2));
  EXPECT_EQ(nodes[3].relations[1].origin.location, (SourceLocation{8, 18}));
  EXPECT_EQ(nodes[3].relations[1].origin.path(), "/objects/a/nodes/3/at/1");
  // Refused, but timing still reads an `at` with a lag as their sum, 1 + 2
  // and 3 + 1, for what it reports after (a start before 0, the limit).
  ASSERT_EQ(nodes[0].relations.size(), 1u);
  EXPECT_EQ(nodes[0].relations[0].offset, Seconds(3));
  ASSERT_EQ(nodes[5].relations.size(), 2u);  // `after: x` (the first field), then the `at`
  EXPECT_EQ(nodes[5].relations[1].kind, RelationKind::kAt);
  EXPECT_EQ(nodes[5].relations[1].offset, Seconds(4));
}

}  // namespace
}  // namespace cinc
