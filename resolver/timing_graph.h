// The timing dependency graph and its analysis: strongly connected
// components, the order of resolution and the cycle to report per component.
//
// Contract: vertex v is node number v of a NodeTable (file order). An edge
// u -> v means "u depends on v"; each vertex's out-edges must be added in
// written order (its relations in order, or the one implicit chaining edge),
// because that order breaks ties between equally short cycles. Every walk is
// iterative (Boost's DFS keeps an explicit stack; our BFS uses a queue), so a
// 100,000-node chain cannot overflow the call stack. Cost is linear in
// vertices + edges.
#ifndef CINC_RESOLVER_TIMING_GRAPH_H_
#define CINC_RESOLVER_TIMING_GRAPH_H_

#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <utility>
#include <vector>

namespace cinc {

// Compressed sparse rows: two flat arrays of 32-bit numbers, no allocation
// per vertex (a 100,000-node scene's graph is 0.8 MB rather than 6 MB of
// small vectors; with `after:` lists of 50, 3.2 MB).
using TimingGraph =
    boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                       boost::no_property, uint32_t, uint32_t>;

// The graph of `vertex_count` vertices and `edges` (from, to). Each vertex's
// out-edges keep the order they have in `edges`, which the cycle search
// relies on; edges of different vertices may come in any order.
TimingGraph MakeTimingGraph(int vertex_count, std::vector<std::pair<int, int>> edges);

// The same graph with each vertex's out-edges asked for as it is built:
// `targets_of(vertex, &targets)` fills the (cleared) targets of `vertex` in
// order, vertex by vertex from 0; at most `edge_bound` in all. No list of
// every edge is held beside the graph (5 MB of fan-in's 690,000).
TimingGraph MakeTimingGraph(int vertex_count, size_t edge_bound,
                            const std::function<void(int, std::vector<int>*)>& targets_of);

struct TimingGraphAnalysis {
  // Every vertex, each after all vertices it depends on; the members of one
  // strongly connected component are adjacent.
  std::vector<int> resolution_order;
  // True for a vertex on a cycle: in a component of two or more vertices, or
  // with an edge to itself.
  std::vector<bool> on_cycle;
  // One entry per cyclic component, ordered by its first member in file
  // order: the shortest cycle through that first member m, written
  // m -> ... -> m (so front() == back()), found by breadth-first search that
  // explores out-edges in written order.
  std::vector<std::vector<int>> cycles;
};

// Vertices from `first_join` on are joins (one for the copies of a pattern
// that `after:` waits for): their cost is one edge per copy, and cycles
// pass through them without counting them or listing them.
TimingGraphAnalysis AnalyzeTimingGraph(const TimingGraph& graph,
                                       int first_join = std::numeric_limits<int>::max());

}  // namespace cinc

#endif  // CINC_RESOLVER_TIMING_GRAPH_H_
