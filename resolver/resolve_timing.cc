#include "resolver/resolve_timing.h"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/reference.h"
#include "core/two_threads.h"
#include "resolver/dependency_graph.h"
#include "resolver/references.h"
#include "resolver/timing_graph.h"
#include "sequence/limits.h"

namespace cinc {
namespace {

// Relation targets that are not node numbers.
constexpr int kNoTarget = -1;      // an `at` relation depends on no node
constexpr int kBrokenTarget = -2;  // unknown, empty or self reference
constexpr int kLookedUp = -3;      // to be looked up (before ResolveReferences)
constexpr int kNotFound = -4;      // looked up, not found (until reported)

// Below this many nodes (or references) a second thread costs more than it saves.
constexpr size_t kNodesWorthAThread = 4096;

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

// What ComputeTimes needs of each node and relation, gathered in file order:
// the order of resolution jumps about the scene, and reading the nodes
// themselves there (each with its relations in a block of its own) cost a
// cache miss or two per node, a third of the resolver at 100,000 nodes.
struct TimingInput {
  ExactTime duration;
  ExactTime chain_lag;
};

bool WithinGuard(const ExactTime& time) {
  static const ExactTime kGuard = ExactTime::FromInteger(kTimeGuardSeconds);
  return time.IsValid() && time <= kGuard && -kGuard <= time;
}

class TimingResolver {
 public:
  TimingResolver(const Scene& scene, Diagnostics* diagnostics)
      : scene_(scene), diagnostics_(diagnostics) {}

  Timeline Run() {
    // The name table (hashing every id) and the inputs (reading every node
    // and relation) are built at once, each a pass over 100,000 nodes.
    RunOnTwoThreads([this] { table_storage_.emplace(scene_); }, [this] { GatherInputs(); },
                    CountNodes(scene_) >= kNodesWorthAThread);
    suggester_.emplace(table());
    ResolveReferences();
    // The graph is let go once analysed (3 MB with `after:` lists of 50).
    const TimingGraphAnalysis analysis = AnalyzeTimingGraph(BuildGraph(), table().size());
    ReportCycles(analysis);
    ComputeTimes(analysis);
    ReportNegativeStarts();
    if (scene_.snap > 0) SnapToGrid();
    return BuildTimeline();
  }

 private:
  void Report(DiagnosticCode code, const Origin& origin, std::string message) {
    if (diagnostics_ != nullptr)
      diagnostics_->Report(code, origin.location, origin.path(), message);
  }

  std::string NameOf(int number) const { return table().node(number).QualifiedName(); }

  const NodeTable& table() const { return *table_storage_; }

  // Per node in file order (the NodeTable's numbering), without the table:
  // durations and lags, each relation's offset, and the references to look
  // up (their targets kLookedUp until ResolveReferences).
  void GatherInputs() {
    const size_t count = CountNodes(scene_);
    inputs_.reserve(count);
    first_relation_.reserve(count + 1);
    first_until_.reserve(count + 1);
    // Exactly as many as there are: grown by doubling, the lists would hold
    // twice the room, and both copies while they grow (at 590,000 relations,
    // 14 MB each).
    size_t relation_count = 0;
    size_t nonzero_count = 0;
    size_t until_count = 0;
    ForEachNodeList(scene_, [&](const std::vector<Node>& nodes) {
      for (const Node& node : nodes) {
        relation_count += node.relations.size();
        for (const Relation& relation : node.relations) {
          nonzero_count += relation.offset != ExactTime() ? 1 : 0;
        }
        until_count += node.until.size();
      }
    });
    relation_terms_.reserve(relation_count);
    nonzero_offsets_.reserve(nonzero_count);
    relation_targets_.reserve(relation_count);
    until_targets_.reserve(until_count);
    auto gather = [this](const std::vector<Node>& nodes) {
      for (const Node& node : nodes) {
        first_relation_.push_back(static_cast<int>(relation_targets_.size()));
        inputs_.push_back({node.duration, node.chain_lag});
        for (const Relation& relation : node.relations) {
          // `at` relations start at their time; the others at their target's time + lag.
          relation_terms_.push_back(TermOf(relation));
          int target = kNoTarget;
          if (relation.kind != RelationKind::kAt) {
            // An empty or silenced reference: a problem the loader reported.
            target = relation.target.empty() || relation.silenced ? kBrokenTarget : kLookedUp;
          }
          relation_targets_.push_back(target);
        }
        first_until_.push_back(static_cast<int>(until_targets_.size()));
        for (const Relation& until : node.until) {
          int target = until.target.empty() || until.silenced ? kBrokenTarget : kLookedUp;
          until_targets_.push_back(target);
        }
      }
    };
    ForEachNodeList(scene_, gather);
    first_relation_.push_back(static_cast<int>(relation_targets_.size()));
    first_until_.push_back(static_cast<int>(until_targets_.size()));
  }

  // Maps every relation to the node it names; reports unknown references and
  // self-references (a node with either stays unresolved). The lookups
  // only read the table and write their own node's targets, so two threads
  // share them, each taking a run of nodes; nothing else holds the
  // references meanwhile (a list of them was 16 MB at 590,000 relations).
  void ResolveReferences() {
    // Each thread resolves the targets of a run of nodes in place.
    auto look_up = [this](int first, int last) {
      auto resolve = [this](int& target, const Node& node, const Relation& relation) {
        if (target != kLookedUp || relation.copies > 0) return;  // joins: below
        target = table().Resolve(node, relation.target);
        if (target < 0) target = kNotFound;
      };
      for (int number = first; number < last; ++number) {
        const Node& node = table().node(number);
        for (int index = first_relation_[number]; index < first_relation_[number + 1]; ++index) {
          resolve(relation_targets_[index], node,
                  node.relations[static_cast<size_t>(index - first_relation_[number])]);
        }
        for (int index = first_until_[number]; index < first_until_[number + 1]; ++index) {
          resolve(until_targets_[index], node,
                  node.until[static_cast<size_t>(index - first_until_[number])]);
        }
      }
    };
    // The halves hold about as many relations each.
    const int half =
        static_cast<int>(std::upper_bound(first_relation_.begin(), first_relation_.end(),
                                          static_cast<int>(relation_targets_.size() / 2)) -
                         first_relation_.begin() - 1);
    const int count = table().size();
    RunOnTwoThreads([&] { look_up(std::clamp(half, 0, count), count); },
                    [&] { look_up(0, std::clamp(half, 0, count)); },
                    relation_targets_.size() + until_targets_.size() >= kNodesWorthAThread);
    broken_.assign(table().size(), false);
    for (int number = 0; number < count; ++number) {
      const Node& node = table().node(number);
      auto settle = [&](int& target, const Relation& relation) {
        if (target == kLookedUp) target = JoinTarget(number, relation);
        if (target == kNotFound || target == number) {  // reported: the node stays unresolved
          target = ReportBrokenTarget(number, relation, target);
        }
        if (target == kBrokenTarget) broken_[number] = true;
      };
      for (int index = first_relation_[number]; index < first_relation_[number + 1]; ++index) {
        settle(relation_targets_[index],
               node.relations[static_cast<size_t>(index - first_relation_[number])]);
      }
      for (int index = first_until_[number]; index < first_until_[number + 1]; ++index) {
        settle(until_targets_[index],
               node.until[static_cast<size_t>(index - first_until_[number])]);
      }
    }
  }

  // A relation's kind in the low kKindBits, and above them 0 for a zero
  // offset or 1 + the offset's index in nonzero_offsets_ (29 bits: 500
  // million offsets, far more relations than a scene can hold in memory).
  static constexpr uint32_t kKindBits = 3;
  static constexpr uint32_t kKindMask = (1u << kKindBits) - 1;
  static_assert(static_cast<uint32_t>(RelationKind::kBefore) <= kKindMask);

  uint32_t TermOf(const Relation& relation) {
    uint32_t slot = 0;
    if (relation.offset != ExactTime()) {
      nonzero_offsets_.push_back(relation.offset);
      slot = static_cast<uint32_t>(nonzero_offsets_.size());
    }
    return slot << kKindBits | static_cast<uint32_t>(relation.kind);
  }

  std::span<const int> RelationTargetsOf(int number) const {
    const int first = first_relation_[number];
    return std::span<const int>(relation_targets_)
        .subspan(static_cast<size_t>(first),
                 static_cast<size_t>(first_relation_[number + 1] - first));
  }
  std::span<const int> UntilTargetsOf(int number) const {
    const int first = first_until_[number];
    return std::span<const int>(until_targets_)
        .subspan(static_cast<size_t>(first), static_cast<size_t>(first_until_[number + 1] - first));
  }

  bool IsJoin(int vertex) const { return vertex >= table().size(); }
  std::span<const int> MembersOf(int join) const {
    const int first = first_join_member_[static_cast<size_t>(join - table().size())];
    const int last = first_join_member_[static_cast<size_t>(join - table().size()) + 1];
    return std::span<const int>(join_members_)
        .subspan(static_cast<size_t>(first), static_cast<size_t>(last - first));
  }
  // Whether `target` (a node or a join) is `to` or has it as a member.
  bool Names(int target, int to) const {
    if (!IsJoin(target)) return target == to;
    std::span<const int> members = MembersOf(target);
    return std::find(members.begin(), members.end(), to) != members.end();
  }

  // The join vertex for `relation` (every copy of a pattern's node), made on
  // first use with each copy's node (-1 for one that is missing); or, after
  // reporting each copy that is missing or `number` itself, kBrokenTarget.
  int JoinTarget(int number, const Relation& relation) {
    const std::string reference = relation.target.str();
    auto [found, made] = join_by_reference_.try_emplace(
        reference, table().size() + static_cast<int>(join_by_reference_.size()));
    if (made) {
      ForEachTarget(table(), table().node(number), relation,
                    [this](int member) { join_members_.push_back(member); });
      first_join_member_.push_back(static_cast<int>(join_members_.size()));
    }
    std::span<const int> members = MembersOf(found->second);
    const bool whole = std::find(members.begin(), members.end(), -1) == members.end();
    if (whole && !Names(found->second, number)) return found->second;
    // As if each copy were named on its own: each problem reported.
    for (size_t k = 0; k < members.size(); ++k) {
      if (members[k] >= 0 && members[k] != number) continue;
      const NodeReference parts = SplitNodeReference(reference);
      Relation copy = relation;
      copy.copies = 0;
      copy.target =
          NodeReferenceText(PatternCopyName(parts.owner, static_cast<int>(k) + 1), parts.id);
      ReportBrokenTarget(number, copy, members[k] < 0 ? kNotFound : number);
    }
    return kBrokenTarget;
  }

  // The node that gives a target's time: the node, or a join's latest member.
  int SourceOf(int target) const { return IsJoin(target) ? times_[target].fixed_by : target; }

  // The relation or `until:` entry of `from` that names `to` (relations
  // first, in written order); nullptr when `from` reaches `to` by chaining.
  const Relation* StepOf(int from, int to) const {
    const Node& node = table().node(from);
    std::span<const int> relations = RelationTargetsOf(from);
    for (size_t k = 0; k < relations.size(); ++k) {
      if (Names(relations[k], to)) return &node.relations[k];
    }
    std::span<const int> until = UntilTargetsOf(from);
    for (size_t k = 0; k < until.size(); ++k) {
      if (Names(until[k], to)) return &node.until[k];
    }
    return nullptr;
  }

  bool IsUntilEntry(int number, const Relation* relation) const {
    const BoxedList<Relation>& until = table().node(number).until;
    return !until.empty() && relation >= until.begin() && relation < until.end();
  }

  // Reports that `relation` of `number` (a relation or an `until:` entry)
  // names the node itself or (`target` -1) no node; returns kBrokenTarget.
  int ReportBrokenTarget(int number, const Relation& relation, int target) {
    const Node& node = table().node(number);
    if (target == number) {
      Report(DiagnosticCode::kTimingCycle, relation.origin,
             "node '" + NameOf(number) + "' cannot depend on itself");
      return kBrokenTarget;
    }
    const std::string written = relation.target.str();
    const bool marker_shaped =
        SplitMarkerReference(written).has_marker && !SplitNodeReference(written).qualified;
    const std::string qualified = marker_shaped ? written : QualifyReference(node, written);
    std::string message =
        "node '" + NameOf(number) + "' references unknown node '" + qualified + "'";
    Report(DiagnosticCode::kTimingMissing, relation.origin,
           message + (marker_shaped ? MarkerShapedSuggestion(written)
                                    : NodeSuggestion(number, written, qualified)));
    return kBrokenTarget;
  }

  // "screw1/drive", written like a marker: the node "screw1.drive" if there is one.
  std::string MarkerShapedSuggestion(const std::string& written) const {
    const MarkerReference parts = SplitMarkerReference(written);
    if (table().Find(parts.owner, parts.marker) < 0) return "";
    return DidYouMeanPhrase(NodeReferenceText(parts.owner, parts.marker),
                            "a node is written object.node; object/marker names a marker");
  }

  // A bare id that other lists have: those nodes (up to three); else the
  // closest qualified name.
  std::string NodeSuggestion(int number, const std::string& written, const std::string& qualified) {
    if (!SplitNodeReference(written).qualified && bare_id_searches_ < kMaxBareIdSearches) {
      ++bare_id_searches_;
      std::vector<std::string> others;
      for (int other = 0; other < table().size() && others.size() < 3; ++other) {
        if (table().node(other).id == written) others.push_back(NameOf(other));
      }
      if (!others.empty()) {
        std::string names = "'" + others[0] + "'";
        for (size_t i = 1; i < others.size(); ++i) {
          names += (i + 1 == others.size() ? " or '" : ", '") + others[i] + "'";
        }
        return " (did you mean " + names +
               "? a bare id names a node of the same list; qualify it as object.node)";
      }
    }
    std::optional<std::string> suggestion =
        suggester_->Suggest(qualified, static_cast<int>(written.size()), number);
    return suggestion ? DidYouMeanPhrase(*suggestion) : "";
  }

  // Out-edges in written order: the relations, or the one chaining edge;
  // then each join's, to its members.
  TimingGraph BuildGraph() const {
    std::vector<std::pair<int, int>> edges;
    // At most one edge per relation, `until:` entry, chaining node and member.
    edges.reserve(relation_targets_.size() + until_targets_.size() +
                  static_cast<size_t>(table().size()) + join_members_.size());
    for (int number = 0; number < table().size(); ++number) {
      ForEachDependency(table(), number, RelationTargetsOf(number), UntilTargetsOf(number),
                        [&](int target, int) { edges.emplace_back(number, target); });
    }
    for (int join = table().size(); join < VertexCount(); ++join) {
      for (int member : MembersOf(join)) {
        if (member >= 0) edges.emplace_back(join, member);
      }
    }
    return MakeTimingGraph(VertexCount(), std::move(edges));
  }

  int VertexCount() const { return table().size() + static_cast<int>(join_by_reference_.size()); }

  void ReportCycles(const TimingGraphAnalysis& analysis) {
    for (const std::vector<int>& cycle : analysis.cycles) {
      if (cycle.size() < 2) continue;  // cannot happen: every cyclic component has a cycle
      const int first = cycle.front();
      const Node& node = table().node(first);
      // The cycle starts with first's earliest relation naming cycle[1], or
      // its `until:` entry naming it, or with its chaining (then the node
      // itself is the place to point at).
      const Origin* origin = &node.origin;
      if (const Relation* step = StepOf(first, cycle[1])) origin = &step->origin;
      std::string message = "dependency cycle: ";
      for (size_t step = 0; step < cycle.size(); ++step) {
        if (step > 0) message += " -> ";
        message += NameOf(cycle[step]);
        if (step == 0) continue;
        // A node with no relation follows the one before it in its list.
        const Relation* relation = StepOf(cycle[step - 1], cycle[step]);
        if (relation == nullptr) {
          message += " (the previous node)";
        } else if (relation->kind == RelationKind::kAfter &&
                   IsUntilEntry(cycle[step - 1], relation)) {
          message += " (until)";
        }
      }
      Report(DiagnosticCode::kTimingCycle, *origin, std::move(message));
    }
  }

  // The start one relation gives, given that its target is resolved.
  ExactTime StartFrom(int relation, int target, const ExactTime& duration) const {
    const uint32_t term = relation_terms_[static_cast<size_t>(relation)];
    const uint32_t slot = term >> kKindBits;
    const ExactTime offset = slot == 0 ? ExactTime() : nonzero_offsets_[slot - 1];
    switch (static_cast<RelationKind>(term & kKindMask)) {
      case RelationKind::kAt:
        return offset;
      case RelationKind::kAfter:
        return times_[target].end + offset;
      case RelationKind::kWith:
        return times_[target].start + offset;
      case RelationKind::kEndWith:
        return times_[target].end + offset - duration;
      case RelationKind::kBefore:
        return times_[target].start + offset - duration;
    }
    return ExactTime::Invalid();
  }

  void ComputeTimes(const TimingGraphAnalysis& analysis) {
    times_.assign(static_cast<size_t>(VertexCount()), WorkingTime{});
    join_first_latest_.assign(join_by_reference_.size(), -1);
    for (int number : analysis.resolution_order) {
      if (analysis.on_cycle[number]) continue;  // stays kUnresolved
      if (IsJoin(number)) {
        ComputeJoin(number);
      } else if (!broken_[number]) {
        ComputeNode(number);
      }
    }
  }

  // A join ends with its latest member; `fixed_by` is the first of those in
  // file order (as the copies' own relations would give), and
  // join_first_latest_ the first in copy order (as `until:` names it).
  void ComputeJoin(int join) {
    WorkingTime& time = times_[join];
    int first_latest = -1;
    for (int member : MembersOf(join)) {
      if (!IsUsable(member)) return;
      const ExactTime& end = times_[member].end;
      if (first_latest < 0 || time.end < end) {
        time.end = end;
        time.fixed_by = member;
        first_latest = member;
      } else if (time.end == end && member < time.fixed_by) {
        time.fixed_by = member;
      }
    }
    time.start = time.end;
    time.status = NodeStatus::kResolved;
    join_first_latest_[static_cast<size_t>(join - table().size())] = first_latest;
  }

  bool IsUsable(int number) const { return times_[number].status == NodeStatus::kResolved; }

  void ComputeNode(int number) {
    const TimingInput& node = inputs_[number];
    std::optional<ExactTime> start;
    int fixed_by = -1;
    bool invalid_candidate = false;
    // `source`: the node the candidate comes from, -1 for none.
    auto consider = [&](const ExactTime& candidate, int source) {
      if (!candidate.IsValid()) {
        invalid_candidate = true;
      } else if (!start || *start < candidate) {
        start = candidate;
        fixed_by = source;
      } else if (*start == candidate && source >= 0 && (fixed_by < 0 || source < fixed_by)) {
        fixed_by = source;  // a tie: the node first in file order
      }
    };
    const int first = first_relation_[number];
    const int end = first_relation_[number + 1];
    if (first == end) {
      const int previous = table().PreviousInList(number);
      if (previous >= 0 && !IsUsable(previous)) return;
      consider((previous >= 0 ? times_[previous].end : ExactTime()) + node.chain_lag, previous);
    }
    for (int index = first; index < end; ++index) {
      const int target = relation_targets_[index];
      if (target >= 0 && !IsUsable(target)) return;
      consider(StartFrom(index, target, node.duration), SourceOf(target));
    }
    WorkingTime& time = times_[number];
    // An invalid candidate overflowed 64 bits: far past any limit either way.
    if (invalid_candidate || !start || !WithinGuard(*start)) {
      const bool too_early = !invalid_candidate && start && *start < ExactTime();
      time.status = too_early ? NodeStatus::kTooEarly : NodeStatus::kTooLate;
      if (too_early) time.start = *start;
      return;
    }
    time.start = *start;
    time.fixed_by = fixed_by;
    time.end = *start + node.duration;
    if (first_until_[number] < first_until_[number + 1] && !EndWithUntil(number)) return;
    time.status = WithinGuard(time.end) ? NodeStatus::kResolved : NodeStatus::kTooLate;
  }

  // `until:` gives the end: the latest end of the nodes it names. False (the
  // node stays unresolved) when one of them is not resolved, or, reported,
  // when that end comes before the node's start.
  bool EndWithUntil(int number) {
    WorkingTime& time = times_[number];
    std::optional<ExactTime> end;
    int latest = -1;
    std::span<const int> targets = UntilTargetsOf(number);
    // The node that gives until target k's end: a join's first latest copy.
    auto latest_node = [&](size_t k) {
      const int target = targets[k];
      return IsJoin(target) ? join_first_latest_[static_cast<size_t>(target - table().size())]
                            : target;
    };
    for (size_t k = 0; k < targets.size(); ++k) {
      if (targets[k] < 0 || !IsUsable(targets[k])) return false;
      if (!end || *end < times_[targets[k]].end) {
        end = times_[targets[k]].end;
        latest = static_cast<int>(k);
      }
    }
    if (*end < time.start) {
      const Node& node = table().node(number);
      Report(DiagnosticCode::kTimingNegative, node.until[static_cast<size_t>(latest)].origin,
             "node '" + NameOf(number) + "' would end with '" +
                 NameOf(latest_node(static_cast<size_t>(latest))) + "' at " + end->ToString() +
                 " s, before it starts at " + time.start.ToString() + " s");
      return false;
    }
    time.end = *end;
    return true;
  }

  // Before snapping, in file order.
  void ReportNegativeStarts() {
    for (int number = 0; number < table().size(); ++number) {
      const WorkingTime& time = times_[number];
      const bool has_start =
          time.status == NodeStatus::kResolved || time.status == NodeStatus::kTooEarly;
      if (!has_start || !(time.start < ExactTime())) continue;
      Report(DiagnosticCode::kTimingNegative, table().node(number).origin,
             "node '" + NameOf(number) + "' starts at " + time.start.ToString() + " s, before 0");
    }
  }

  void SnapToGrid() {
    for (WorkingTime& time : times_) {
      if (time.status != NodeStatus::kResolved) continue;
      time.start = time.start.RoundToGrid(scene_.snap);
      time.end = time.end.RoundToGrid(scene_.snap);
    }
  }

  ExactTime GridStep() const {
    if (scene_.snap > 0) return ExactTime::FromRatio(1, scene_.snap);
    if (scene_.ticks_per_second > 0) return ExactTime::FromRatio(1, scene_.ticks_per_second);
    return ExactTime::FromRatio(1, 1000);
  }

  Timeline BuildTimeline() {
    Timeline timeline;
    timeline.objects.resize(scene_.objects.size());
    for (size_t i = 0; i < scene_.objects.size(); ++i) {
      timeline.objects[i].resize(scene_.objects[i].nodes.size());
    }
    timeline.cameras.resize(scene_.cameras.size());
    for (size_t i = 0; i < scene_.cameras.size(); ++i) {
      timeline.cameras[i].resize(scene_.cameras[i].nodes.size());
    }
    timeline.director.resize(scene_.director_nodes.size());

    int last_ending = -1;
    int first_too_late = -1;
    for (int number = 0; number < table().size(); ++number) {
      const WorkingTime& time = times_[number];
      if (time.status == NodeStatus::kTooLate && first_too_late < 0) first_too_late = number;
      if (time.status != NodeStatus::kResolved) continue;
      const NodePlace& place = table().place(number);
      NodeTime& out =
          place.list_kind == NodeListKind::kObject   ? timeline.objects[place.list][place.position]
          : place.list_kind == NodeListKind::kCamera ? timeline.cameras[place.list][place.position]
                                                     : timeline.director[place.position];
      out = {time.start, time.end, true, time.fixed_by};
      // Strictly later only: the first in file order wins a tie.
      if (last_ending < 0 || times_[last_ending].end < time.end) last_ending = number;
    }

    timeline.last_ending = last_ending;
    timeline.duration = GridStep();
    if (last_ending >= 0 && timeline.duration < times_[last_ending].end) {
      timeline.duration = times_[last_ending].end;
    }

    const std::string limit_text =
        " s, after the " + std::to_string(kMaxSequenceSeconds) + " s limit";
    if (first_too_late >= 0) {
      // Its end was never computed: it is past the guard, so surely last.
      Report(DiagnosticCode::kLimit, table().node(first_too_late).origin,
             "node '" + NameOf(first_too_late) + "' ends at more than " +
                 std::to_string(kTimeGuardSeconds) + limit_text);
    } else if (last_ending >= 0 &&
               ExactTime::FromInteger(kMaxSequenceSeconds) < times_[last_ending].end) {
      Report(DiagnosticCode::kLimit, table().node(last_ending).origin,
             "node '" + NameOf(last_ending) + "' ends at " + times_[last_ending].end.ToString() +
                 limit_text);
    }
    return timeline;
  }

  const Scene& scene_;
  Diagnostics* diagnostics_;
  std::optional<NodeTable> table_storage_;  // built in Run
  std::optional<NameSuggester> suggester_;  // once the table is built
  // Searches of the whole table for a bare id, each O(nodes): a scene with
  // thousands of broken references is not made slow by its suggestions.
  static constexpr int kMaxBareIdSearches = 100;
  int bare_id_searches_ = 0;
  // Relation targets of all nodes, flat: node n's are at first_relation_[n]
  // up to first_relation_[n + 1].
  std::vector<int> relation_targets_;
  std::vector<int> first_relation_;
  // `until:` targets, flat the same way (most nodes have none).
  std::vector<int> until_targets_;
  std::vector<int> first_until_;
  std::vector<TimingInput> inputs_;  // per node
  // Parallel to relation_targets_: each relation's kind and offset (at +
  // lag for kAt, the lag otherwise) in 4 bytes (TermOf). Most offsets are
  // zero (an `after:` without a lag); the others are kept apart, in
  // nonzero_offsets_, where 17 bytes a relation were 12 MB at 690,000
  // relations.
  std::vector<uint32_t> relation_terms_;
  std::vector<ExactTime> nonzero_offsets_;
  std::vector<bool> broken_;        // per node
  std::vector<WorkingTime> times_;  // per node, then per join
  // Joins: vertex table().size() + j waits for every copy of a pattern's
  // node (Relation::copies); its members (node numbers, -1 where a copy's
  // node is missing) are join_members_[first_join_member_[j] ...
  // first_join_member_[j + 1]]. One per distinct reference, so that N copies
  // waiting for M copies cost N + M edges, not N * M.
  std::unordered_map<std::string, int> join_by_reference_;
  std::vector<int> join_members_;
  std::vector<int> first_join_member_{0};
  std::vector<int> join_first_latest_;  // per join, once computed
};

}  // namespace

Timeline ResolveTiming(const Scene& scene, Diagnostics* diagnostics) {
  return TimingResolver(scene, diagnostics).Run();
}

}  // namespace cinc
