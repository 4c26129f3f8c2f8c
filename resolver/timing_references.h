// The timing resolver's references stage: every relation and `until:` entry
// mapped to the node (or join) it names. Internal to resolver/.
#ifndef CINC_RESOLVER_TIMING_REFERENCES_H_
#define CINC_RESOLVER_TIMING_REFERENCES_H_

#include "resolver/timing_state.h"

namespace cinc {

// Replaces every kLookedUp target of state.inputs by its node or join;
// reports unknown references and self-references (E_TIMING_MISSING,
// E_TIMING_CYCLE) and marks their nodes in state.broken. Needs the table
// and the suggester built.
void ResolveReferences(TimingState& state);

}  // namespace cinc

#endif  // CINC_RESOLVER_TIMING_REFERENCES_H_
