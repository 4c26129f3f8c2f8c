// The dependency edges of scenes built by hand: relations in written order,
// chaining, references that name nothing, cycles.
#include "resolver/dependency_graph.h"

#include <gtest/gtest.h>

#include "resolver/test_scene_builder.h"

namespace cinc {
namespace {

using testing::Relate;
using testing::RelateAt;
using testing::SceneBuilder;
using testing::T;

TEST(DependencyGraphTest, RelationsInWrittenOrderAndChaining) {
  SceneBuilder builder;
  Node& a = builder.Add("box", "a", T("1"));
  RelateAt(a, T("0"));
  builder.Add("box", "b", T("1")).chain_lag = T("0.5");  // after a
  Node& c = builder.Add("box", "c", T("1"));
  Relate(c, RelationKind::kWith, "a", T("0.25"));
  Relate(c, RelationKind::kAfter, "nothing");  // names no node: no edge
  Relate(c, RelationKind::kEndWith, "box.b", T("-1"));
  const Scene& scene = builder.scene();
  NodeTable table(scene);
  DependencyGraph graph = BuildDependencyGraph(table);
  ASSERT_EQ(graph.edges.size(), 3u);
  EXPECT_EQ(graph.edges[0].node, 1);
  EXPECT_EQ(graph.edges[0].target, 0);
  EXPECT_TRUE(graph.edges[0].chaining);
  EXPECT_EQ(graph.edges[0].lag, T("0.5"));
  EXPECT_EQ(graph.edges[1].node, 2);
  EXPECT_EQ(graph.edges[1].target, 0);
  EXPECT_EQ(graph.edges[1].kind, RelationKind::kWith);
  EXPECT_EQ(graph.edges[1].lag, T("0.25"));
  EXPECT_EQ(graph.edges[2].target, 1);
  EXPECT_EQ(graph.edges[2].kind, RelationKind::kEndWith);
  EXPECT_EQ(graph.edges[2].lag, T("-1"));
  for (const DependencyEdge& edge : graph.edges) EXPECT_FALSE(edge.on_cycle);
  EXPECT_EQ(graph.on_cycle, (std::vector<bool>{false, false, false}));
}

TEST(DependencyGraphTest, ACycleThroughChainingIsMarked) {
  SceneBuilder builder;
  Relate(builder.Add("box", "a", T("1")), RelationKind::kAfter, "b");
  builder.Add("box", "b", T("1"));  // chains after a: a -> b -> a
  builder.Add("other", "x", T("1"));
  const Scene& scene = builder.scene();
  NodeTable table(scene);
  DependencyGraph graph = BuildDependencyGraph(table);
  ASSERT_EQ(graph.edges.size(), 2u);
  EXPECT_TRUE(graph.edges[0].on_cycle);
  EXPECT_TRUE(graph.edges[1].on_cycle);
  EXPECT_EQ(graph.on_cycle, (std::vector<bool>{true, true, false}));
}

}  // namespace
}  // namespace cinc
