// ResolveTiming: the scene's relative timing turned into absolute times.
//
// Contract (docs/timing.md): every node's start S comes from
// its relations (the maximum of them) or, without any, from chaining after
// the previous node of its list; E = S + d. Resolution is one topological
// pass over the dependency graph, linear in nodes + relations, free of
// recursion. All problems are reported in one run to `diagnostics` (may be
// null): E_TIMING_MISSING, E_TIMING_CYCLE, E_TIMING_NEGATIVE, E_LIMIT. A node
// that could not be resolved, or that depends on one, has resolved == false
// and causes no further timing diagnostics. With scene.snap > 0, resolved
// starts and ends are rounded to the 1/snap grid (ties toward later). The
// result mirrors the scene (see core/timeline.h). Never throws.
#ifndef CINC_RESOLVER_RESOLVE_TIMING_H_
#define CINC_RESOLVER_RESOLVE_TIMING_H_

#include <cstdint>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "core/timeline.h"

namespace cinc {

// Times beyond +-10^9 s are not computed with (they stay far from ExactTime's
// 64-bit bounds): such a node is over the limit, or starts before 0.
inline constexpr int64_t kTimeGuardSeconds = 1'000'000'000;

Timeline ResolveTiming(const Scene& scene, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_RESOLVER_RESOLVE_TIMING_H_
