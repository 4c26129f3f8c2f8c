// The resolved timeline: absolute start and end of every node.
//
// Contract: produced by resolver/ResolveTiming, read by every later stage.
// The vectors mirror the scene: objects[i][j] is scene.objects[i].nodes[j],
// cameras[i][j] is scene.cameras[i].nodes[j], director[j] is
// scene.director_nodes[j]. Times are exact seconds after snapping. A node
// whose timing could not be resolved has resolved == false; later stages skip
// it (the run has errors anyway).
#ifndef CINC_CORE_TIMELINE_H_
#define CINC_CORE_TIMELINE_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/exact_time.h"

namespace cinc {

struct NodeTime {
  ExactTime start;
  ExactTime end;
  bool resolved = false;
  // The node whose time fixed this start (the relation target or previous
  // node that gave the latest candidate; on a tie the first in file order),
  // as its file-order number (every object's nodes, then every camera's,
  // then the director's); -1 when an `at`, or the start of a list, did.
  int fixed_by = -1;
};

// Where the scene's `disassembly:` plays (docs/reverse.md "Disassembly in
// the scene"): the assembly over [0, duration], its last state held until
// `start`, then the forward span [from, to] backwards until `end`: the state
// at start + tau is the forward state at to - tau.
struct DisassemblyTimes {
  ExactTime start;  // T_d >= duration
  ExactTime from;   // S
  ExactTime to;     // E >= S
  ExactTime end;    // start + (to - from): the whole sequence's duration
  // What the disassembly's marker cues and `action:` script cues say in
  // place of the forward texts: (forward, its own) pairs.
  std::vector<std::pair<std::string, std::string>> labels;
  std::vector<std::pair<std::string, std::string>> actions;
  // Each `action:` of a node starting in [from, to): its object and span,
  // so that the disassembly fires it where the node's move starts backwards
  // (at start + to - end).
  struct ActionSpan {
    std::string target;
    ExactTime start;
    ExactTime end;
  };
  std::vector<ActionSpan> action_spans;
};

struct Timeline {
  ExactTime duration;    // the latest end, at least one grid step
  int last_ending = -1;  // the file-order number of the node that ends last (first on a tie)
  std::vector<std::vector<NodeTime>> objects;
  std::vector<std::vector<NodeTime>> cameras;
  std::vector<NodeTime> director;
  // Set by PlanDisassembly (resolver/disassembly_plan.h) when the scene has
  // a valid `disassembly:`.
  std::optional<DisassemblyTimes> disassembly;
};

// The forward time the scene with its disassembly shows at t (docs/reverse.md
// "Disassembly in the scene"): t up to the assembly's end `duration`, held
// there until the disassembly starts, then, from `start` on (where a jump
// between the two shows the disassembly's first value), to - (t - start),
// down to from.
inline ExactTime ForwardTime(const Timeline& timeline, const ExactTime& t) {
  if (!timeline.disassembly) return t;
  const DisassemblyTimes& times = *timeline.disassembly;
  if (t < times.start) return t < timeline.duration ? t : timeline.duration;
  ExactTime forward = times.to - (t - times.start);
  return forward < times.from ? times.from : forward;
}

// How long the scene plays: the disassembly's end, or the duration.
inline ExactTime PlayedDuration(const Timeline& timeline) {
  return timeline.disassembly ? timeline.disassembly->end : timeline.duration;
}

}  // namespace cinc

#endif  // CINC_CORE_TIMELINE_H_
