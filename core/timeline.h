// The resolved timeline: absolute start and end of every node.
//
// Contract: produced by resolver/ResolveTiming, read by every later stage.
// The vectors mirror the scene: objects[i][j] is scene.objects[i].nodes[j],
// cameras[i][j] is scene.cameras[i].nodes[j], director[j] is
// scene.director_nodes[j]. Times are exact seconds after snapping. A node
// whose timing could not be resolved has resolved == false; later stages skip
// it (the run has errors anyway).
#ifndef CINC_CORE_TIMELINE_H_
#define CINC_CORE_TIMELINE_H_

#include <vector>

#include "core/exact_time.h"

namespace cinc {

struct NodeTime {
  ExactTime start;
  ExactTime end;
  bool resolved = false;
  // The node whose time fixed this start (the relation target or previous
  // node that gave the latest candidate; on a tie the first in file order),
  // as its file-order number (every object's nodes, then every camera's,
  // then the director's); -1 when an `at`, or the start of a list, did.
  int fixed_by = -1;
};

struct Timeline {
  ExactTime duration;    // the latest end, at least one grid step
  int last_ending = -1;  // the file-order number of the node that ends last (first on a tie)
  std::vector<std::vector<NodeTime>> objects;
  std::vector<std::vector<NodeTime>> cameras;
  std::vector<NodeTime> director;
};

}  // namespace cinc

#endif  // CINC_CORE_TIMELINE_H_
