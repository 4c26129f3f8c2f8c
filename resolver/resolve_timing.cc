#include "resolver/resolve_timing.h"

#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/two_threads.h"
#include "resolver/dependency_graph.h"
#include "resolver/references.h"
#include "resolver/timing_compute.h"
#include "resolver/timing_graph.h"
#include "resolver/timing_references.h"
#include "resolver/timing_state.h"
#include "sequence/limits.h"

namespace cinc {
namespace {

// Out-edges in written order: the relations, or the one chaining edge;
// then each join's, to its members.
TimingGraph BuildGraph(const TimingState& state) {
  const NodeTable& table = state.table();
  const TimingInputs& in = state.inputs;
  // At most one edge per relation, `until:` entry, chaining node and member.
  const size_t edge_bound = in.relation_targets.size() + in.until_targets.size() +
                            static_cast<size_t>(table.size()) + state.joins.members.size();
  return MakeTimingGraph(
      state.VertexCount(), edge_bound, [&](int vertex, std::vector<int>* targets) {
        if (!state.IsJoin(vertex)) {
          ForEachDependency(table, vertex, in.RelationTargetsOf(vertex), in.UntilTargetsOf(vertex),
                            [&](int target, int) { targets->push_back(target); });
          return;
        }
        for (int member : state.MembersOf(vertex)) {
          if (member >= 0) targets->push_back(member);
        }
      });
}

// The relation or `until:` entry of `from` that names `to` (relations
// first, in written order); nullptr when `from` reaches `to` by chaining.
const Relation* StepOf(const TimingState& state, int from, int to) {
  const Node& node = state.table().node(from);
  std::span<const int> relations = state.inputs.RelationTargetsOf(from);
  for (size_t k = 0; k < relations.size(); ++k) {
    if (state.Names(relations[k], to)) return &node.relations[k];
  }
  std::span<const int> until = state.inputs.UntilTargetsOf(from);
  for (size_t k = 0; k < until.size(); ++k) {
    if (state.Names(until[k], to)) return &node.until[k];
  }
  return nullptr;
}

bool IsUntilEntry(const TimingState& state, int number, const Relation* relation) {
  const BoxedList<Relation>& until = state.table().node(number).until;
  return !until.empty() && relation >= until.begin() && relation < until.end();
}

void ReportCycles(TimingState& state, const TimingGraphAnalysis& analysis) {
  for (const std::vector<int>& cycle : analysis.cycles) {
    if (cycle.size() < 2) continue;  // cannot happen: every cyclic component has a cycle
    const int first = cycle.front();
    const Node& node = state.table().node(first);
    // The cycle starts with first's earliest relation naming cycle[1], or
    // its `until:` entry naming it, or with its chaining (then the node
    // itself is the place to point at).
    const Origin* origin = &node.origin;
    if (const Relation* step = StepOf(state, first, cycle[1])) origin = &step->origin;
    std::string message = "dependency cycle: ";
    for (size_t step = 0; step < cycle.size(); ++step) {
      if (step > 0) message += " -> ";
      message += state.NameOf(cycle[step]);
      if (step == 0) continue;
      // A node with no relation follows the one before it in its list.
      const Relation* relation = StepOf(state, cycle[step - 1], cycle[step]);
      if (relation == nullptr) {
        message += " (the previous node)";
      } else if (relation->kind == RelationKind::kAfter &&
                 IsUntilEntry(state, cycle[step - 1], relation)) {
        message += " (until)";
      }
    }
    state.Report(DiagnosticCode::kTimingCycle, *origin, std::move(message));
  }
}

// Before snapping, in file order.
void ReportNegativeStarts(TimingState& state) {
  for (int number = 0; number < state.table().size(); ++number) {
    const WorkingTime& time = state.times[number];
    const bool has_start =
        time.status == NodeStatus::kResolved || time.status == NodeStatus::kTooEarly;
    if (!has_start || !(time.start < ExactTime())) continue;
    state.Report(
        DiagnosticCode::kTimingNegative, state.table().node(number).origin,
        "node '" + state.NameOf(number) + "' starts at " + time.start.ToString() + " s, before 0");
  }
}

void SnapToGrid(TimingState& state) {
  for (WorkingTime& time : state.times) {
    if (time.status != NodeStatus::kResolved) continue;
    time.start = time.start.RoundToGrid(state.scene.snap);
    time.end = time.end.RoundToGrid(state.scene.snap);
  }
}

ExactTime GridStep(const Scene& scene) {
  if (scene.snap > 0) return ExactTime::FromRatio(1, scene.snap);
  if (scene.ticks_per_second > 0) return ExactTime::FromRatio(1, scene.ticks_per_second);
  return ExactTime::FromRatio(1, 1000);
}

// Reports the first node past the guard, else the last ending past the
// limit (E_LIMIT).
void ReportOverLimit(TimingState& state, int first_too_late, int last_ending) {
  const std::string limit_text =
      " s, after the " + std::to_string(kMaxSequenceSeconds) + " s limit";
  if (first_too_late >= 0) {
    // Its end was never computed: it is past the guard, so surely last.
    state.Report(DiagnosticCode::kLimit, state.table().node(first_too_late).origin,
                 "node '" + state.NameOf(first_too_late) + "' ends at more than " +
                     std::to_string(kTimeGuardSeconds) + limit_text);
  } else if (last_ending >= 0 &&
             ExactTime::FromInteger(kMaxSequenceSeconds) < state.times[last_ending].end) {
    state.Report(DiagnosticCode::kLimit, state.table().node(last_ending).origin,
                 "node '" + state.NameOf(last_ending) + "' ends at " +
                     state.times[last_ending].end.ToString() + limit_text);
  }
}

Timeline BuildTimeline(TimingState& state) {
  const Scene& scene = state.scene;
  Timeline timeline;
  timeline.objects.resize(scene.objects.size());
  for (size_t i = 0; i < scene.objects.size(); ++i) {
    timeline.objects[i].resize(scene.objects[i].nodes.size());
  }
  timeline.cameras.resize(scene.cameras.size());
  for (size_t i = 0; i < scene.cameras.size(); ++i) {
    timeline.cameras[i].resize(scene.cameras[i].nodes.size());
  }
  timeline.director.resize(scene.director_nodes.size());

  int last_ending = -1;
  int first_too_late = -1;
  for (int number = 0; number < state.table().size(); ++number) {
    const WorkingTime& time = state.times[number];
    if (time.status == NodeStatus::kTooLate && first_too_late < 0) first_too_late = number;
    if (time.status != NodeStatus::kResolved) continue;
    const NodePlace& place = state.table().place(number);
    NodeTime& out =
        place.list_kind == NodeListKind::kObject   ? timeline.objects[place.list][place.position]
        : place.list_kind == NodeListKind::kCamera ? timeline.cameras[place.list][place.position]
                                                   : timeline.director[place.position];
    out = {time.start, time.end, true, time.fixed_by};
    // Strictly later only: the first in file order wins a tie.
    if (last_ending < 0 || state.times[last_ending].end < time.end) last_ending = number;
  }

  timeline.last_ending = last_ending;
  timeline.duration = GridStep(scene);
  if (last_ending >= 0 && timeline.duration < state.times[last_ending].end) {
    timeline.duration = state.times[last_ending].end;
  }
  ReportOverLimit(state, first_too_late, last_ending);
  return timeline;
}

}  // namespace

Timeline ResolveTiming(const Scene& scene, Diagnostics* diagnostics) {
  TimingState state(scene, diagnostics);
  // The name table (hashing every id) and the inputs (reading every node
  // and relation) are built at once, each a pass over 100,000 nodes.
  RunOnTwoThreads([&state] { state.table_storage.emplace(state.scene); },
                  [&state] { state.inputs = GatherTimingInputs(state.scene); },
                  CountNodes(scene) >= kNodesWorthAThread);
  state.suggester.emplace(state.table());
  ResolveReferences(state);
  // The graph is let go once analysed (3 MB with `after:` lists of 50).
  const TimingGraphAnalysis analysis = AnalyzeTimingGraph(BuildGraph(state), state.table().size());
  ReportCycles(state, analysis);
  ComputeTimes(state, analysis);
  // What is left reads the table and the times: the inputs (6 MB with
  // `after:` lists of 50) are let go before the timeline is made.
  state.inputs = TimingInputs();
  ReportNegativeStarts(state);
  if (scene.snap > 0) SnapToGrid(state);
  Timeline timeline = BuildTimeline(state);
  state.FlushReports();
  return timeline;
}

}  // namespace cinc
