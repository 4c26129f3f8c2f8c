// The timing resolver's computing stage: one pass in the order of
// resolution gives every node its start and end. Internal to resolver/.
#ifndef CINC_RESOLVER_TIMING_COMPUTE_H_
#define CINC_RESOLVER_TIMING_COMPUTE_H_

#include "resolver/timing_graph.h"
#include "resolver/timing_state.h"

namespace cinc {

// Fills state.times (per node, then per join) and state.joins.first_latest;
// nodes on a cycle, broken or depending on such stay kUnresolved. Reports an
// `until:` end before the node's start (E_TIMING_NEGATIVE).
void ComputeTimes(TimingState& state, const TimingGraphAnalysis& analysis);

}  // namespace cinc

#endif  // CINC_RESOLVER_TIMING_COMPUTE_H_
