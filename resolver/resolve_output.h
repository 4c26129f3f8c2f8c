// The `cinc resolve` output: every resolved node's start and end in seconds.
//
// Contract (docs/timing.md): {"duration": d, "nodes": [{"node": "screw1.place",
// "start": s, "end": e}, ...]} in file order (objects, cameras, director),
// times as doubles (ExactTime::ToDouble, written by core/json_writer).
// Unresolved nodes are left out. `timeline` must come from ResolveTiming on
// the same scene (it mirrors the scene's lists).
#ifndef CINC_RESOLVER_RESOLVE_OUTPUT_H_
#define CINC_RESOLVER_RESOLVE_OUTPUT_H_

#include "core/json_writer.h"
#include "core/scene.h"
#include "core/timeline.h"

namespace cinc {

Json ResolvedTimesToJson(const Scene& scene, const Timeline& timeline);

}  // namespace cinc

#endif  // CINC_RESOLVER_RESOLVE_OUTPUT_H_
