#include "resolver/dependency_graph.h"

#include <set>
#include <utility>

#include "resolver/timing_graph.h"

namespace cinc {

DependencyGraph BuildDependencyGraph(const NodeTable& table) {
  DependencyGraph graph;
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> targets;
  std::vector<int> until_targets;
  for (int number = 0; number < table.size(); ++number) {
    const Node& node = table.node(number);
    targets.clear();
    for (const Relation& relation : node.relations) {
      bool names_a_node = relation.kind != RelationKind::kAt && !relation.target.empty();
      targets.push_back(names_a_node ? table.Resolve(node, relation.target) : -1);
    }
    until_targets.clear();
    for (const Relation& relation : node.until) {
      until_targets.push_back(relation.target.empty() ? -1 : table.Resolve(node, relation.target));
    }
    ForEachDependency(table, number, targets, until_targets, [&](int target, int relation_index) {
      DependencyEdge edge;
      edge.node = number;
      edge.target = target;
      edge.chaining = relation_index == kChaining;
      edge.until = relation_index == kUntil;
      if (edge.chaining) {
        edge.lag = node.chain_lag;
      } else if (!edge.until) {
        const Relation& relation = node.relations[static_cast<size_t>(relation_index)];
        edge.kind = relation.kind;
        edge.lag = relation.offset;
      }
      graph.edges.push_back(edge);
      pairs.emplace_back(number, target);
    });
  }
  TimingGraphAnalysis analysis = AnalyzeTimingGraph(MakeTimingGraph(table.size(), pairs));
  graph.on_cycle = analysis.on_cycle;
  std::set<std::pair<int, int>> cycle_steps;
  for (const std::vector<int>& cycle : analysis.cycles) {
    for (size_t step = 1; step < cycle.size(); ++step) {
      cycle_steps.emplace(cycle[step - 1], cycle[step]);
    }
  }
  for (DependencyEdge& edge : graph.edges) {
    edge.on_cycle = cycle_steps.count({edge.node, edge.target}) > 0;
  }
  return graph;
}

}  // namespace cinc
