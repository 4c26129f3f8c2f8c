// The critical path: the chain of relations that fixes the sequence's
// duration (`cinc resolve --critical-path`, the timeline view).
//
// Contract: from a node whose start no other node fixed (an `at`, or the
// start of a list) to the node that ends last (the first in file order on a
// tie), each node the one whose time fixed the next one's start
// (NodeTime::fixed_by: the relation target or previous node that gave the
// latest candidate, the first in file order on a tie). As qualified names,
// first to last; empty when nothing resolved. `timeline` must come from
// ResolveTiming on `scene`. CriticalPathNumbers gives the same chain as
// NodeTable numbers, for views that draw it.
#ifndef CINC_RESOLVER_CRITICAL_PATH_H_
#define CINC_RESOLVER_CRITICAL_PATH_H_

#include <string>
#include <vector>

#include "core/scene.h"
#include "core/timeline.h"
#include "resolver/references.h"

namespace cinc {

std::vector<std::string> CriticalPath(const Scene& scene, const Timeline& timeline);
std::vector<int> CriticalPathNumbers(const NodeTable& table, const Timeline& timeline);

}  // namespace cinc

#endif  // CINC_RESOLVER_CRITICAL_PATH_H_
