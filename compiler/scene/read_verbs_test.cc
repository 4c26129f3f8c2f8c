// The assembly verbs: insert and screw attach while they move in.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::IsEmpty;
using testing_support::Load;
using testing_support::Loaded;

TEST(SceneNodesTest, InsertAndScrewAreAttachesThatMoveIn) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - {duration: 1, insert: {into: b/hole, mate: tip, from: 0.05}}
      - {duration: 1, screw: {into: b/hole, turns: 4, pitch: 0.0025}}
      - {duration: 1, screw: {into: b, mate: tip, turns: 1.5, length: 0.003, hand: left}}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const std::vector<Node>& nodes = loaded.scene.objects[0].nodes;
  ASSERT_TRUE(nodes[0].rare().attach && nodes[1].rare().attach && nodes[2].rare().attach);
  const Attach& insert = *nodes[0].rare().attach;
  EXPECT_EQ(insert.verb, AttachVerb::kInsert);
  EXPECT_EQ(insert.to, "b/hole");
  EXPECT_EQ(insert.mate, "tip");
  EXPECT_EQ(insert.approach, 0.05);
  EXPECT_EQ(insert.screw_degrees, 0);
  EXPECT_EQ(insert.origin.location, (SourceLocation{5, 31}));
  // 4 turns of 2.5 mm: 1 cm out, -1440 degrees (right hand, clockwise).
  const Attach& right = *nodes[1].rare().attach;
  EXPECT_EQ(right.verb, AttachVerb::kScrew);
  EXPECT_EQ(right.mate, "");
  EXPECT_EQ(right.approach, 0.01);
  EXPECT_EQ(right.screw_degrees, -1440);
  const Attach& left = *nodes[2].rare().attach;
  EXPECT_EQ(left.to, "b");
  EXPECT_EQ(left.approach, 0.003);
  EXPECT_EQ(left.screw_degrees, 540);
}

}  // namespace
}  // namespace cinc
