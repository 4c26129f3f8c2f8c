// The timing resolver's shared state: the inputs gathered flat in file order
// (targets, kinds and offsets as written) and a join's membership.
#include "resolver/timing_state.h"

#include <gtest/gtest.h>

#include <vector>

#include "resolver/test_scene_builder.h"

namespace cinc {
namespace {

using testing::Relate;
using testing::RelateAt;
using testing::SceneBuilder;
using testing::T;

std::vector<int> Targets(std::span<const int> targets) {
  return std::vector<int>(targets.begin(), targets.end());
}

TEST(TimingStateTest, GathersEachNodesRelationsInFileOrder) {
  SceneBuilder builder;
  RelateAt(builder.Add("body", "in", T("1")), T("2"));  // node 0: at 2
  Node& lid = builder.Add("lid", "on", T("0.5"));       // node 1: after body.in + 0.25, with ""
  Relate(lid, RelationKind::kAfter, "body.in", T("0.25"));
  Relate(lid, RelationKind::kWith, "");
  builder.Add("lid", "rest");  // node 2: chains, no relation
  const TimingInputs in = GatherTimingInputs(builder.scene());

  ASSERT_EQ(in.nodes.size(), 3u);
  EXPECT_EQ(in.nodes[1].duration, T("0.5"));
  EXPECT_EQ(in.first_relation, (std::vector<int>{0, 1, 3, 3}));
  EXPECT_EQ(in.first_until, (std::vector<int>{0, 0, 0, 0}));
  // `at` names no node; a named target is looked up later; an empty one is broken.
  EXPECT_EQ(Targets(in.RelationTargetsOf(0)), (std::vector<int>{kNoTarget}));
  EXPECT_EQ(Targets(in.RelationTargetsOf(1)), (std::vector<int>{kLookedUp, kBrokenTarget}));
  EXPECT_TRUE(in.RelationTargetsOf(2).empty());
  EXPECT_EQ(in.KindOf(0), RelationKind::kAt);
  EXPECT_EQ(in.OffsetOf(0), T("2"));
  EXPECT_EQ(in.KindOf(1), RelationKind::kAfter);
  EXPECT_EQ(in.OffsetOf(1), T("0.25"));
  EXPECT_EQ(in.KindOf(2), RelationKind::kWith);
  EXPECT_EQ(in.OffsetOf(2), ExactTime());
  // Only the two offsets that are not zero are kept.
  EXPECT_EQ(in.nonzero_offsets.size(), 2u);
}

TEST(TimingStateTest, AJoinNamesItsMembers) {
  SceneBuilder builder;
  builder.Add("body", "a");
  builder.Add("body", "b");
  builder.Add("body", "c");
  TimingState state(builder.scene(), nullptr);
  state.table_storage.emplace(builder.scene());
  // Join 3 (the first after the 3 nodes) waits for nodes 0 and 2.
  state.joins.by_reference.emplace("x", 3);
  state.joins.members = {0, 2};
  state.joins.first_member = {0, 2};
  EXPECT_EQ(state.VertexCount(), 4);
  EXPECT_TRUE(state.IsJoin(3));
  EXPECT_FALSE(state.IsJoin(2));
  EXPECT_EQ(Targets(state.MembersOf(3)), (std::vector<int>{0, 2}));
  EXPECT_TRUE(state.Names(3, 2));
  EXPECT_FALSE(state.Names(3, 1));
  EXPECT_TRUE(state.Names(1, 1));
  EXPECT_EQ(state.NameOf(1), "body.b");
}

}  // namespace
}  // namespace cinc
