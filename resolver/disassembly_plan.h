// Where a scene's `disassembly:` plays (docs/reverse.md "Disassembly in the
// scene"): its references checked against the resolved timeline.
#ifndef CINC_RESOLVER_DISASSEMBLY_PLAN_H_
#define CINC_RESOLVER_DISASSEMBLY_PLAN_H_

#include "core/diagnostics.h"
#include "core/scene.h"
#include "core/timeline.h"

namespace cinc {

// Sets timeline->disassembly from scene.disassembly, or reports E_DISASSEMBLY
// at the field: `after` or a step that names no node or chapter label, a
// range whose `from` starts after its `to` ends, a start before the
// assembly's end, a label or action map entry that names none of the range,
// a list of labels of the wrong length. Nothing when the timing has errors.
void PlanDisassembly(const Scene& scene, Timeline* timeline, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_RESOLVER_DISASSEMBLY_PLAN_H_
