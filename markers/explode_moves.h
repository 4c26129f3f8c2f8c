// The explode and collapse moves solved before the rig: each part node's
// `position` target (docs/language.md "Explode and collapse").
#ifndef CINC_MARKERS_EXPLODE_MOVES_H_
#define CINC_MARKERS_EXPLODE_MOVES_H_

#include <optional>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "markers/marker_table.h"

namespace cinc {

// True when an object's node carries an explode (ExpandExplodes made it).
bool HasExplodes(const Scene& scene);

// The unit world direction a part moves in at the node's start S: from the
// centre to the part's world position (+Y within 1e-9 m of the centre), or
// the +Y of the frame in charge, for `along`; collapse moves against it.
// `part` and `centre` are world positions at S; `frame_y` the frame's +Y.
Vec3 ExplodeDirection(const Explode& explode, const Vec3& part, const Vec3& centre,
                      const Vec3& frame_y);

// Writes each part node's `position`: its local position at S plus the
// move (the direction times the distance, against it for a collapse),
// brought into the frame in charge at S, so a part stays attached. Solved
// on rigs built with the earlier moves, one start time a round. The rigs
// built report nothing: the caller's BuildRig does.
void SolveExplodes(Scene* scene, const Timeline& timeline, const MarkerTable& markers,
                   Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_MARKERS_EXPLODE_MOVES_H_
