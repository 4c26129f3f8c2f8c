#include "resolver/timing_graph.h"

#include <gtest/gtest.h>

#include <vector>

namespace cinc {
namespace {

TimingGraph MakeGraph(int vertex_count, const std::vector<std::pair<int, int>>& edges) {
  return MakeTimingGraph(vertex_count, edges);
}

// Every vertex comes after everything it depends on, or shares its cycle.
void ExpectDependenciesFirst(const TimingGraph& graph, const TimingGraphAnalysis& analysis) {
  const int vertex_count = static_cast<int>(boost::num_vertices(graph));
  ASSERT_EQ(static_cast<int>(analysis.resolution_order.size()), vertex_count);
  std::vector<int> position(vertex_count, -1);
  for (int index = 0; index < vertex_count; ++index) {
    position[analysis.resolution_order[index]] = index;
  }
  for (int vertex = 0; vertex < vertex_count; ++vertex) {
    ASSERT_GE(position[vertex], 0);
    for (auto [edge, end] =
             boost::out_edges(static_cast<TimingGraph::vertex_descriptor>(vertex), graph);
         edge != end; ++edge) {
      const int dependency = static_cast<int>(boost::target(*edge, graph));
      if (analysis.on_cycle[vertex] && analysis.on_cycle[dependency]) continue;
      EXPECT_LT(position[dependency], position[vertex]) << vertex << " -> " << dependency;
    }
  }
}

// Each vertex's targets, in order, as the graph lists them.
std::vector<std::vector<int>> OutEdges(const TimingGraph& graph) {
  std::vector<std::vector<int>> out(boost::num_vertices(graph));
  for (size_t vertex = 0; vertex < out.size(); ++vertex) {
    for (auto [edge, end] =
             boost::out_edges(static_cast<TimingGraph::vertex_descriptor>(vertex), graph);
         edge != end; ++edge) {
      out[vertex].push_back(static_cast<int>(boost::target(*edge, graph)));
    }
  }
  return out;
}

TEST(TimingGraphTest, OutEdgesAskedForVertexByVertexMakeTheSameGraph) {
  // 0 -> 2, 0 -> 1; 1 none; 2 -> 2 (a self edge); 3 none; 4 -> 0, 4 -> 3;
  // 5 none (the last vertices without edges): asked in order 0..5, once each.
  const std::vector<std::vector<int>> written = {{2, 1}, {}, {2}, {}, {0, 3}, {}};
  std::vector<int> asked;
  TimingGraph graph = MakeTimingGraph(6, 10, [&](int vertex, std::vector<int>* targets) {
    asked.push_back(vertex);
    EXPECT_TRUE(targets->empty());
    *targets = written[vertex];
  });
  EXPECT_EQ(asked, (std::vector<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(OutEdges(graph), written);
  EXPECT_EQ(boost::num_edges(graph), 5u);
  EXPECT_EQ(OutEdges(graph), OutEdges(MakeGraph(6, {{0, 2}, {0, 1}, {2, 2}, {4, 0}, {4, 3}})));
}

TEST(TimingGraphTest, NoOutEdgesAtAllMakeAGraphOfLoneVertices) {
  TimingGraph graph = MakeTimingGraph(3, 0, [](int, std::vector<int>*) {});
  EXPECT_EQ(boost::num_vertices(graph), 3u);
  EXPECT_EQ(boost::num_edges(graph), 0u);
  TimingGraph empty = MakeTimingGraph(0, 0, [](int, std::vector<int>*) { ADD_FAILURE(); });
  EXPECT_EQ(boost::num_vertices(empty), 0u);
}

TEST(TimingGraphTest, AcyclicOrderPutsDependenciesFirst) {
  // 0 -> 2 -> 1, 3 -> 0, 3 -> 1 (arrow = depends on).
  TimingGraph graph = MakeGraph(4, {{0, 2}, {2, 1}, {3, 0}, {3, 1}});
  TimingGraphAnalysis analysis = AnalyzeTimingGraph(graph);
  ExpectDependenciesFirst(graph, analysis);
  EXPECT_TRUE(analysis.cycles.empty());
  for (bool on_cycle : analysis.on_cycle) EXPECT_FALSE(on_cycle);
}

TEST(TimingGraphTest, CyclesAreReportedOncePerComponentFromTheirFirstMember) {
  // {1, 2, 4} and {3, 5} are cycles; 0 depends on the first, 6 on nothing.
  TimingGraph graph = MakeGraph(7, {{0, 2}, {4, 1}, {1, 2}, {2, 4}, {2, 1}, {5, 3}, {3, 5}});
  TimingGraphAnalysis analysis = AnalyzeTimingGraph(graph);
  ExpectDependenciesFirst(graph, analysis);
  ASSERT_EQ(analysis.cycles.size(), 2u);
  // From 1, breadth first: 1 -> 2, then 2 -> 4 is explored before 2 -> 1
  // but 2 -> 1 closes the cycle at the same depth.
  EXPECT_EQ(analysis.cycles[0], (std::vector<int>{1, 2, 1}));
  EXPECT_EQ(analysis.cycles[1], (std::vector<int>{3, 5, 3}));
  EXPECT_EQ(analysis.on_cycle, (std::vector<bool>{false, true, true, true, true, true, false}));
}

TEST(TimingGraphTest, ShortestCycleIsFoundBreadthFirst) {
  // 0 -> 1 -> 2 -> 3 -> 0 and 0 -> 4 -> 0: the second is shorter though
  // written later.
  TimingGraph graph = MakeGraph(5, {{0, 1}, {0, 4}, {1, 2}, {2, 3}, {3, 0}, {4, 0}});
  TimingGraphAnalysis analysis = AnalyzeTimingGraph(graph);
  ASSERT_EQ(analysis.cycles.size(), 1u);
  EXPECT_EQ(analysis.cycles[0], (std::vector<int>{0, 4, 0}));
}

TEST(TimingGraphTest, TiesFollowEachVertexsWrittenOrderWhateverTheEdgeListOrder) {
  // 0 -> 2 is written before 0 -> 1, with other vertices' edges between and
  // before them: of the two equally short cycles, 0 -> 2 -> 0 is reported.
  TimingGraph graph = MakeGraph(3, {{2, 0}, {0, 2}, {1, 0}, {0, 1}});
  TimingGraphAnalysis analysis = AnalyzeTimingGraph(graph);
  ASSERT_EQ(analysis.cycles.size(), 1u);
  EXPECT_EQ(analysis.cycles[0], (std::vector<int>{0, 2, 0}));
}

TEST(TimingGraphTest, SelfLoopIsACycle) {
  TimingGraph graph = MakeGraph(2, {{1, 1}, {0, 1}});
  TimingGraphAnalysis analysis = AnalyzeTimingGraph(graph);
  ASSERT_EQ(analysis.cycles.size(), 1u);
  EXPECT_EQ(analysis.cycles[0], (std::vector<int>{1, 1}));
  EXPECT_FALSE(analysis.on_cycle[0]);
  EXPECT_TRUE(analysis.on_cycle[1]);
}

TEST(TimingGraphTest, DeepGraphsUseNoRecursion) {
  // k -> k + 1 for 200,000 vertices: a depth-first search 200,000 deep.
  constexpr int kCount = 200'000;
  std::vector<std::pair<int, int>> edges;
  for (int k = 0; k + 1 < kCount; ++k) edges.emplace_back(k, k + 1);
  TimingGraphAnalysis analysis = AnalyzeTimingGraph(MakeGraph(kCount, edges));
  EXPECT_TRUE(analysis.cycles.empty());
  EXPECT_EQ(analysis.resolution_order.front(), kCount - 1);
  EXPECT_EQ(analysis.resolution_order.back(), 0);
  // Closing the chain into one cycle: one report through all of it.
  edges.emplace_back(kCount - 1, 0);
  analysis = AnalyzeTimingGraph(MakeGraph(kCount, edges));
  ASSERT_EQ(analysis.cycles.size(), 1u);
  EXPECT_EQ(analysis.cycles[0].size(), static_cast<size_t>(kCount + 1));
}

TEST(TimingGraphTest, EmptyGraph) {
  TimingGraphAnalysis analysis = AnalyzeTimingGraph(MakeGraph(0, {}));
  EXPECT_TRUE(analysis.resolution_order.empty());
  EXPECT_TRUE(analysis.cycles.empty());
}

}  // namespace
}  // namespace cinc
