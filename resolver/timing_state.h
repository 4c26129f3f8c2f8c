// What the timing resolver's stages share (resolve_timing.cc runs them): the
// nodes' inputs gathered flat in file order, the joins, the working times,
// and where problems go. Internal to resolver/; docs/timing.md says why the
// data is laid out this way.
#ifndef CINC_RESOLVER_TIMING_STATE_H_
#define CINC_RESOLVER_TIMING_STATE_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "resolver/references.h"

namespace cinc {

// Relation targets that are not node numbers.
inline constexpr int kNoTarget = -1;      // an `at` relation depends on no node
inline constexpr int kBrokenTarget = -2;  // unknown, empty or self reference
inline constexpr int kLookedUp = -3;      // to be looked up (before ResolveReferences)
inline constexpr int kNotFound = -4;      // looked up, not found (until reported)

// Below this many nodes (or references) a second thread costs more than it saves.
inline constexpr size_t kNodesWorthAThread = 4096;

enum class NodeStatus {
  kUnresolved,  // broken itself, on a cycle, or depends on such a node
  kResolved,    // times known (possibly starting before 0: reported, still usable)
  kTooLate,     // a time past the guard: over the limit, not computed further
  kTooEarly,    // a start before -guard: reported as negative, not computed further
};

struct WorkingTime {
  ExactTime start;
  ExactTime end;
  NodeStatus status = NodeStatus::kUnresolved;
  int fixed_by = -1;  // see NodeTime::fixed_by
};

// What ComputeTimes needs of each node, gathered in file order (a cache miss
// or two per node saved: docs/timing.md).
struct TimingInput {
  ExactTime duration;
  ExactTime chain_lag;
};

// Per node in file order (the NodeTable's numbering), flat: node n's
// relation targets are relation_targets[first_relation[n] ..
// first_relation[n + 1]], its `until:` targets likewise.
struct TimingInputs {
  std::vector<int> relation_targets;
  std::vector<int> first_relation;
  std::vector<int> until_targets;  // most nodes have none
  std::vector<int> first_until;
  std::vector<TimingInput> nodes;
  // Parallel to relation_targets: each relation's kind and offset in 4
  // bytes (TermOf in timing_state.cc); the offsets that are not zero apart.
  std::vector<uint32_t> relation_terms;
  std::vector<ExactTime> nonzero_offsets;

  std::span<const int> RelationTargetsOf(int number) const;
  std::span<const int> UntilTargetsOf(int number) const;
  // Relation `relation`'s kind and offset (at + lag for kAt, the lag otherwise).
  RelationKind KindOf(int relation) const;
  ExactTime OffsetOf(int relation) const;
};

// The inputs of every node, each target kNoTarget, kBrokenTarget or
// kLookedUp. Reads the scene alone (it runs beside building the NodeTable).
TimingInputs GatherTimingInputs(const Scene& scene);

// Joins: vertex node_count + j waits for every copy of a pattern's node
// (Relation::copies); one per distinct reference, so that N copies waiting
// for M copies cost N + M edges, not N * M.
struct TimingJoins {
  std::unordered_map<std::string, int> by_reference;
  // Join j's members (node numbers, -1 where a copy's node is missing):
  // members[first_member[j] .. first_member[j + 1]].
  std::vector<int> members;
  std::vector<int> first_member{0};
  std::vector<int> first_latest;  // per join, once computed
};

// The resolver's state, passed to each stage.
struct TimingState {
  TimingState(const Scene& scene, Diagnostics* diagnostics)
      : scene(scene), diagnostics(diagnostics) {}

  // Keeps a problem for `diagnostics` (none when null). One at the same
  // place with the same code as an earlier one (the copies of a pattern,
  // the nodes of a template) is one root cause: counted on the first.
  void Report(DiagnosticCode code, const Origin& origin, std::string message);
  // Passes the kept problems on, in order (at the end of ResolveTiming).
  void FlushReports();
  struct PendingReport {
    DiagnosticCode code;
    Origin origin;
    std::string message;
    int more = 0;  // the same code at the same place, for other nodes
  };
  std::vector<PendingReport> pending_reports;
  std::map<std::tuple<int, int, int, int, std::string>, size_t> pending_at;
  std::string NameOf(int number) const { return table().node(number).QualifiedName(); }
  const NodeTable& table() const { return *table_storage; }

  // Vertices: the nodes, then the joins.
  int VertexCount() const { return table().size() + static_cast<int>(joins.by_reference.size()); }
  bool IsJoin(int vertex) const { return vertex >= table().size(); }
  std::span<const int> MembersOf(int join) const;
  // Whether `target` (a node or a join) is `to` or has it as a member.
  bool Names(int target, int to) const;

  const Scene& scene;
  Diagnostics* diagnostics;
  std::optional<NodeTable> table_storage;  // built in ResolveTiming
  std::optional<NameSuggester> suggester;  // once the table is built
  // Searches of the whole table for a bare id, each O(nodes): a scene with
  // thousands of broken references is not made slow by its suggestions.
  int bare_id_searches = 0;
  TimingInputs inputs;
  TimingJoins joins;
  std::vector<bool> broken;        // per node
  std::vector<WorkingTime> times;  // per node, then per join
};

}  // namespace cinc

#endif  // CINC_RESOLVER_TIMING_STATE_H_
