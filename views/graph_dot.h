// `cinc graph --format dot`: a scene's timing relations and attachments as
// a Graphviz DOT document.
//
// Contract: one cluster per owner (objects, cameras, the director, in file
// order) holding its nodes in list order, each labelled with its qualified
// name and, when resolved, its start and end ("0.5 – 1.5 s"; a node that
// lasts no time, "at 2 s"). An edge per dependency (resolver/
// dependency_graph.h) runs from the node waited for to the node that waits,
// labelled with the relation (`after`, `with`, `end_with`, `before`; a
// chaining edge is dotted and says `then`; an `until:` edge is bold and says
// `until`: the node ends with that one) and its lag when not 0 ("after
// +0.5 s"). An `attach` node has a dashed edge to the owner it attaches to
// (a box of that owner's name in its cluster), labelled with `to` as written
// and, when the rig is given, how long the attachment lasts ("[1, 8) s",
// until the owner's next frame or the end). Nodes and edges on a dependency
// cycle are red, the edges labelled "cycle". The document is deterministic
// text: the same scene gives the same bytes.
#ifndef CINC_VIEWS_GRAPH_DOT_H_
#define CINC_VIEWS_GRAPH_DOT_H_

#include <string>

#include "core/scene.h"
#include "core/timeline.h"
#include "markers/rig.h"
#include "resolver/dependency_graph.h"
#include "resolver/references.h"

namespace cinc {

// `rig` may be null (a scene with errors has none): attachments then show no
// spans. `timeline` may be partial (unresolved nodes show no times).
std::string DependencyGraphDot(const Scene& scene, const Timeline& timeline, const NodeTable& table,
                               const DependencyGraph& graph, const Rig* rig);

}  // namespace cinc

#endif  // CINC_VIEWS_GRAPH_DOT_H_
