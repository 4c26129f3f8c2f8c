#include "resolver/dependency_graph.h"

#include <set>
#include <utility>

#include "resolver/timing_graph.h"

namespace cinc {

DependencyGraph BuildDependencyGraph(const NodeTable& table) {
  DependencyGraph graph;
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> targets;
  std::vector<int> relation_of_target;  // a relation of all copies has a target per copy
  std::vector<int> until_targets;
  for (int number = 0; number < table.size(); ++number) {
    const Node& node = table.node(number);
    targets.clear();
    relation_of_target.clear();
    for (const Relation& relation : node.relations) {
      bool names_a_node = relation.kind != RelationKind::kAt && !relation.target.empty();
      ForEachTarget(table, node, relation, [&](int target) {
        targets.push_back(names_a_node ? target : -1);
        relation_of_target.push_back(static_cast<int>(&relation - node.relations.data()));
      });
    }
    until_targets.clear();
    for (const Relation& relation : node.until) {
      ForEachTarget(table, node, relation, [&](int target) { until_targets.push_back(target); });
    }
    ForEachDependency(table, number, targets, until_targets, [&](int target, int target_index) {
      DependencyEdge edge;
      edge.node = number;
      edge.target = target;
      edge.chaining = target_index == kChaining;
      edge.until = target_index == kUntil;
      if (edge.chaining) {
        edge.lag = node.chain_lag;
      } else if (!edge.until) {
        const Relation& relation =
            node.relations[static_cast<size_t>(relation_of_target[target_index])];
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
