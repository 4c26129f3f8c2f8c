#include "resolver/timing_compute.h"

#include <optional>
#include <span>
#include <string>

#include "resolver/resolve_timing.h"

namespace cinc {
namespace {

bool WithinGuard(const ExactTime& time) {
  static const ExactTime kGuard = ExactTime::FromInteger(kTimeGuardSeconds);
  return time.IsValid() && time <= kGuard && -kGuard <= time;
}

bool IsUsable(const TimingState& state, int number) {
  return state.times[number].status == NodeStatus::kResolved;
}

// The node that gives a target's time: the node, or a join's latest member.
int SourceOf(const TimingState& state, int target) {
  return state.IsJoin(target) ? state.times[target].fixed_by : target;
}

// The start one relation gives, given that its target is resolved.
ExactTime StartFrom(const TimingState& state, int relation, int target, const ExactTime& duration) {
  const ExactTime offset = state.inputs.OffsetOf(relation);
  const std::vector<WorkingTime>& times = state.times;
  switch (state.inputs.KindOf(relation)) {
    case RelationKind::kAt:
      return offset;
    case RelationKind::kAfter:
      return times[target].end + offset;
    case RelationKind::kWith:
      return times[target].start + offset;
    case RelationKind::kEndWith:
      return times[target].end + offset - duration;
    case RelationKind::kBefore:
      return times[target].start + offset - duration;
  }
  return ExactTime::Invalid();
}

// A join ends with its latest member; `fixed_by` is the first of those in
// file order (as the copies' own relations would give), and
// joins.first_latest the first in copy order (as `until:` names it).
void ComputeJoin(TimingState& state, int join) {
  WorkingTime& time = state.times[join];
  int first_latest = -1;
  for (int member : state.MembersOf(join)) {
    if (!IsUsable(state, member)) return;
    const ExactTime& end = state.times[member].end;
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
  state.joins.first_latest[static_cast<size_t>(join - state.table().size())] = first_latest;
}

// `until:` gives the end: the latest end of the nodes it names. False (the
// node stays unresolved) when one of them is not resolved, or, reported,
// when that end comes before the node's start.
bool EndWithUntil(TimingState& state, int number) {
  WorkingTime& time = state.times[number];
  std::optional<ExactTime> end;
  int latest = -1;
  std::span<const int> targets = state.inputs.UntilTargetsOf(number);
  // The node that gives until target k's end: a join's first latest copy.
  auto latest_node = [&](size_t k) {
    const int target = targets[k];
    return state.IsJoin(target)
               ? state.joins.first_latest[static_cast<size_t>(target - state.table().size())]
               : target;
  };
  for (size_t k = 0; k < targets.size(); ++k) {
    if (targets[k] < 0 || !IsUsable(state, targets[k])) return false;
    if (!end || *end < state.times[targets[k]].end) {
      end = state.times[targets[k]].end;
      latest = static_cast<int>(k);
    }
  }
  if (*end < time.start) {
    const Node& node = state.table().node(number);
    state.Report(DiagnosticCode::kTimingNegative, node.until[static_cast<size_t>(latest)].origin,
                 "node '" + state.NameOf(number) + "' would end with '" +
                     state.NameOf(latest_node(static_cast<size_t>(latest))) + "' at " +
                     end->ToString() + " s, before it starts at " + time.start.ToString() + " s");
    return false;
  }
  time.end = *end;
  return true;
}

void ComputeNode(TimingState& state, int number) {
  const TimingInputs& in = state.inputs;
  const TimingInput& node = in.nodes[number];
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
  const int first = in.first_relation[number];
  const int end = in.first_relation[number + 1];
  if (first == end) {
    const int previous = state.table().PreviousInList(number);
    if (previous >= 0 && !IsUsable(state, previous)) return;
    consider((previous >= 0 ? state.times[previous].end : ExactTime()) + node.chain_lag, previous);
  }
  for (int index = first; index < end; ++index) {
    const int target = in.relation_targets[index];
    if (target >= 0 && !IsUsable(state, target)) return;
    consider(StartFrom(state, index, target, node.duration), SourceOf(state, target));
  }
  WorkingTime& time = state.times[number];
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
  if (in.first_until[number] < in.first_until[number + 1] && !EndWithUntil(state, number)) return;
  time.status = WithinGuard(time.end) ? NodeStatus::kResolved : NodeStatus::kTooLate;
}

}  // namespace

void ComputeTimes(TimingState& state, const TimingGraphAnalysis& analysis) {
  state.times.assign(static_cast<size_t>(state.VertexCount()), WorkingTime{});
  state.joins.first_latest.assign(state.joins.by_reference.size(), -1);
  for (int number : analysis.resolution_order) {
    if (analysis.on_cycle[number]) continue;  // stays kUnresolved
    if (state.IsJoin(number)) {
      ComputeJoin(state, number);
    } else if (!state.broken[number]) {
      ComputeNode(state, number);
    }
  }
}

}  // namespace cinc
