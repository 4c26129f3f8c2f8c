// Emphasis resolved for the writers: which objects a director node
// highlights and ghosts, and the opacity cues of ghosted objects
// (docs/language.md "Emphasis", docs/emission.md "Cues").
#ifndef CINC_MARKERS_GHOSTING_H_
#define CINC_MARKERS_GHOSTING_H_

#include <vector>

#include "core/exact_time.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "markers/rig.h"

namespace cinc {

// The objects (indices into scene.objects, ascending) that `names` stand
// for: an object, or each copy of a pattern; unknown names stand for none.
std::vector<size_t> EmphasisObjects(const Scene& scene, const std::vector<LocatedString>& names);

// The objects the emphasis ghosts: `ghost: others` is every object not
// highlighted.
std::vector<size_t> GhostedObjects(const Scene& scene, const Emphasis& emphasis);

// One director node's ghosting of one object: [start, end) at `factor`.
struct GhostSpan {
  ExactTime start;
  ExactTime end;
  double factor = 1;
};

// The opacity cues' fades of a channel ghosted over `spans` (the least
// factor where they overlap): each fade scaled by the factor at its start;
// where the factor changes, a jump to the new value, or, inside a running
// fade, the rest of that fade from the new value, written linear.
std::vector<Segment<double>> GhostedOpacity(const ChannelTrack<double>& opacity,
                                            const std::vector<GhostSpan>& spans);

// Fills rig->objects[k].ghosted_opacity for every object a director node
// with a resolved span ghosts.
void ApplyGhosting(const Scene& scene, const Timeline& timeline, Rig* rig);

}  // namespace cinc

#endif  // CINC_MARKERS_GHOSTING_H_
