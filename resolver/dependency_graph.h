// What each node waits for: the timing dependencies of a scene as a list of
// edges, for views of the scene (`cinc graph`), and the one statement of the
// chaining rule that the resolver's own graph is built with.
//
// Contract:
// - ForEachDependency: node `number` waits for the target of each of its
//   relations that names a node (`relation_targets[k]` for its k-th
//   relation, negative for an `at` or a broken reference), in written
//   order; a node with no relations at all waits for the node before it in
//   its list (chaining; the first node of a list waits for nothing); then
//   for each node its `until:` names (`until_targets[k]`, negative when
//   broken): its end is theirs. `visit(target, relation_index)` is called
//   per dependency, with relation_index kChaining or kUntil for those.
// - BuildDependencyGraph: those edges for every node, in file order, with
//   each edge's kind and lag (chaining: the node's own lag), and what lies
//   on a dependency cycle (the cycles the resolver reports: the shortest
//   through each cyclic component's first node). References are resolved as
//   the resolver resolves them; one that names no node gives no edge.
#ifndef CINC_RESOLVER_DEPENDENCY_GRAPH_H_
#define CINC_RESOLVER_DEPENDENCY_GRAPH_H_

#include <span>
#include <vector>

#include "core/exact_time.h"
#include "core/scene.h"
#include "resolver/references.h"

namespace cinc {

inline constexpr int kChaining = -1;
inline constexpr int kUntil = -2;

template <typename Visit>
void ForEachDependency(const NodeTable& table, int number, std::span<const int> relation_targets,
                       std::span<const int> until_targets, Visit visit) {
  if (table.node(number).relations.empty()) {
    const int previous = table.PreviousInList(number);
    if (previous >= 0) visit(previous, kChaining);
  }
  for (size_t k = 0; k < relation_targets.size(); ++k) {
    if (relation_targets[k] >= 0) visit(relation_targets[k], static_cast<int>(k));
  }
  for (int target : until_targets) {
    if (target >= 0) visit(target, kUntil);
  }
}

struct DependencyEdge {
  int node = 0;    // the node that waits (NodeTable number)
  int target = 0;  // the node it waits for
  bool chaining = false;
  bool until = false;                        // `until:`: the node ends with the target (no lag)
  RelationKind kind = RelationKind::kAfter;  // after for chaining
  ExactTime lag;
  bool on_cycle = false;  // a step of a reported cycle
};

struct DependencyGraph {
  std::vector<DependencyEdge> edges;  // by node in file order, then written order
  std::vector<bool> on_cycle;         // per node: on a dependency cycle
};

DependencyGraph BuildDependencyGraph(const NodeTable& table);

}  // namespace cinc

#endif  // CINC_RESOLVER_DEPENDENCY_GRAPH_H_
