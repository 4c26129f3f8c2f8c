#include "resolver/timing_graph.h"

#include <algorithm>
#include <boost/graph/strong_components.hpp>
#include <cstddef>
#include <iterator>

namespace cinc {
namespace {

// The shortest cycle first -> ... -> first inside first's component, by
// breadth-first search; a join (a vertex from `first_join` on) is passed
// through at no length, its out-edges taken in the place of the edge to it.
// `parent` is all -1 on entry and on return.
std::vector<int> ShortestCycleThrough(const TimingGraph& graph, int first, int first_join,
                                      const std::vector<int>& component, std::vector<int>& parent) {
  std::vector<int> queue{first};
  std::vector<int> joins_expanded;
  parent[first] = first;
  std::vector<int> cycle;
  // Follows `vertex`'s out-edges (a join's on behalf of `from`); true once
  // an edge back to `first` closes a shortest cycle.
  auto follow = [&](auto& self, int vertex, int from) -> bool {
    for (auto [edge, edge_end] =
             boost::out_edges(static_cast<TimingGraph::vertex_descriptor>(vertex), graph);
         edge != edge_end; ++edge) {
      const int dependency = static_cast<int>(boost::target(*edge, graph));
      if (component[dependency] != component[first]) continue;
      if (dependency == first) {
        for (int step = from; step != first; step = parent[step]) cycle.push_back(step);
        cycle.push_back(first);
        std::reverse(cycle.begin(), cycle.end());
        cycle.push_back(first);
        return true;
      }
      if (parent[dependency] != -1) continue;
      if (dependency >= first_join) {
        // Its members are all met the first time: later visits add nothing.
        parent[dependency] = from;
        joins_expanded.push_back(dependency);
        if (self(self, dependency, from)) return true;
        continue;
      }
      parent[dependency] = from;
      queue.push_back(dependency);
    }
    return false;
  };
  for (size_t head = 0; head < queue.size(); ++head) {
    if (follow(follow, queue[head], queue[head])) break;
  }
  for (int visited : queue) parent[visited] = -1;
  for (int visited : joins_expanded) parent[visited] = -1;
  return cycle;
}

// The edges (source, target) in source order, each vertex's asked for when
// the cursor reaches it: an input iterator, read once by the graph.
class EdgeCursor {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = std::pair<int, int>;
  using difference_type = std::ptrdiff_t;
  using pointer = const value_type*;
  using reference = const value_type&;

  // At the first edge; `targets_of` null: past the last edge.
  EdgeCursor(int vertex_count, const std::function<void(int, std::vector<int>*)>* targets_of)
      : vertex_count_(vertex_count), targets_of_(targets_of) {
    if (targets_of_ != nullptr) {
      NextVertex(0);
    } else {
      edge_.first = vertex_count;
    }
  }
  reference operator*() const { return edge_; }
  pointer operator->() const { return &edge_; }
  EdgeCursor& operator++() {
    if (++index_ < targets_.size()) {
      edge_.second = targets_[index_];
    } else {
      NextVertex(edge_.first + 1);
    }
    return *this;
  }
  bool operator==(const EdgeCursor& other) const { return done() == other.done(); }
  bool operator!=(const EdgeCursor& other) const { return !(*this == other); }

 private:
  bool done() const { return edge_.first >= vertex_count_; }
  // The first vertex from `vertex` on with an out-edge, at its first.
  void NextVertex(int vertex) {
    for (; vertex < vertex_count_; ++vertex) {
      targets_.clear();
      (*targets_of_)(vertex, &targets_);
      if (!targets_.empty()) break;
    }
    edge_ = {vertex, vertex < vertex_count_ ? targets_.front() : 0};
    index_ = 0;
  }

  int vertex_count_;
  const std::function<void(int, std::vector<int>*)>* targets_of_;
  std::vector<int> targets_;
  size_t index_ = 0;
  std::pair<int, int> edge_{0, 0};
};

}  // namespace

TimingGraph MakeTimingGraph(int vertex_count, size_t edge_bound,
                            const std::function<void(int, std::vector<int>*)>& targets_of) {
  // Boost reads the edges once; the bound reserves the graph's edge list
  // (its room past the edges made is never touched).
  return TimingGraph(boost::edges_are_sorted, EdgeCursor(vertex_count, &targets_of),
                     EdgeCursor(vertex_count, nullptr), static_cast<uint32_t>(vertex_count),
                     static_cast<uint32_t>(edge_bound));
}

TimingGraph MakeTimingGraph(int vertex_count, std::vector<std::pair<int, int>> edges) {
  auto by_source = [](const auto& a, const auto& b) { return a.first < b.first; };
  // Edges made source by source are sorted already; sorting them again
  // would take a buffer of their size.
  if (!std::is_sorted(edges.begin(), edges.end(), by_source)) {
    std::stable_sort(edges.begin(), edges.end(), by_source);
  }
  // The edge count given, the edge list is made at its size, not grown.
  return TimingGraph(boost::edges_are_sorted, edges.begin(), edges.end(),
                     static_cast<uint32_t>(vertex_count), static_cast<uint32_t>(edges.size()));
}

TimingGraphAnalysis AnalyzeTimingGraph(const TimingGraph& graph, int first_join) {
  const int vertex_count = static_cast<int>(boost::num_vertices(graph));
  first_join = std::min(first_join, vertex_count);
  std::vector<int> component(vertex_count);
  const int component_count = static_cast<int>(boost::strong_components(
      graph, boost::make_iterator_property_map(component.begin(),
                                               boost::get(boost::vertex_index, graph))));

  // Tarjan's algorithm (Boost's) numbers a component when it completes, and a
  // component completes only after every component it reaches. Dependencies
  // therefore carry smaller numbers: a counting sort by component number is
  // an order of resolution, with each component's members kept together.
  std::vector<int> component_size(component_count, 0);
  for (int vertex = 0; vertex < vertex_count; ++vertex) ++component_size[component[vertex]];
  std::vector<int> component_offset(component_count + 1, 0);
  for (int c = 0; c < component_count; ++c) {
    component_offset[c + 1] = component_offset[c] + component_size[c];
  }
  TimingGraphAnalysis analysis;
  analysis.resolution_order.resize(vertex_count);
  {
    std::vector<int> next_slot(component_offset.begin(), component_offset.end() - 1);
    for (int vertex = 0; vertex < vertex_count; ++vertex) {
      analysis.resolution_order[next_slot[component[vertex]]++] = vertex;
    }
  }

  std::vector<bool> component_is_cyclic(component_count, false);
  for (int c = 0; c < component_count; ++c) component_is_cyclic[c] = component_size[c] > 1;
  for (int vertex = 0; vertex < vertex_count; ++vertex) {
    for (auto [edge, edge_end] =
             boost::out_edges(static_cast<TimingGraph::vertex_descriptor>(vertex), graph);
         edge != edge_end; ++edge) {
      if (static_cast<int>(boost::target(*edge, graph)) == vertex) {
        component_is_cyclic[component[vertex]] = true;
      }
    }
  }
  analysis.on_cycle.resize(vertex_count);
  for (int vertex = 0; vertex < vertex_count; ++vertex) {
    analysis.on_cycle[vertex] = component_is_cyclic[component[vertex]];
  }

  // The first vertex met in file order is its component's first member.
  std::vector<bool> component_reported(component_count, false);
  std::vector<int> parent(vertex_count, -1);
  for (int vertex = 0; vertex < vertex_count; ++vertex) {
    const int c = component[vertex];
    if (!component_is_cyclic[c] || component_reported[c]) continue;
    component_reported[c] = true;
    analysis.cycles.push_back(ShortestCycleThrough(graph, vertex, first_join, component, parent));
  }
  return analysis;
}

}  // namespace cinc
