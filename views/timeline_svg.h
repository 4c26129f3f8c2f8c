// `cinc timeline`: a scene's resolved timeline as an SVG Gantt chart.
//
// Contract: a row per object, camera and the director (file order; the
// director's only when it has nodes), labelled with the owner's name; a bar
// per node over [S, E] and a diamond for a node that lasts no time, coloured
// by what the node does (NodeActivityOf) and labelled with its id (`#k` for
// a node without one), its fields in a `<title>` tooltip. Nodes that overlap
// in time, or whose text would run into the next one, go on lanes of their
// row (at most 64: further ones share the lane that frees first). An arrow per dependency
// (resolver/dependency_graph.h) from the time of the node waited for that counts (its end for
// `after`, chaining, `end_with` and `until`; its start for `with` and `before`) to the time of the
// node that waits (its start for `after`, `with` and chaining; its end for `end_with`, `before` and
// `until`); a chained node whose bar touches the previous one's gets none. The critical path
// (resolver/critical_path.h) is drawn in one highlight colour: its bars outlined, the arrows
// between them thick. Above the rows: a legend, chapters (nodes with a `label`: a band from S to E,
// or to the next chapter's start, or the end, when E = S; their row only when there are some), the
// shots as a strip (when there are some) (each from its start, the first from 0, to the next shot's
// start; a blend as a ramp) and a time axis in seconds, repeated below rows taller than 600 px.
// Only resolved nodes are drawn: call it on a scene without errors. The document is UTF-8 XML,
// deterministic to the byte.
#ifndef CINC_VIEWS_TIMELINE_SVG_H_
#define CINC_VIEWS_TIMELINE_SVG_H_

#include <string>
#include <string_view>
#include <vector>

#include "core/scene.h"
#include "core/timeline.h"
#include "resolver/dependency_graph.h"
#include "resolver/references.h"

namespace cinc {

// What a node does, for its colour; the first that applies.
enum class NodeActivity {
  kShot,      // shot
  kAttach,    // attach
  kSpin,      // spin
  kCamera,    // a camera's node, look_at, focus, fov, aperture
  kMove,      // position, rotation, scale, path
  kShowHide,  // opacity
  kSound,     // sound
  kCue,       // label, action, cue, time_scale
  kWait,      // nothing but timing
};

NodeActivity NodeActivityOf(const Node& node, bool on_camera);
// "move", "show/hide", ...: the legend's words; also the bar's CSS class
// suffix (`k-move`, `k-show-hide`).
std::string_view NodeActivityName(NodeActivity activity);

std::string TimelineSvg(const Scene& scene, const Timeline& timeline, const NodeTable& table,
                        const DependencyGraph& graph, const std::vector<int>& critical_path);

}  // namespace cinc

#endif  // CINC_VIEWS_TIMELINE_SVG_H_
