// The camera moves solved before the rig: each `orbit`'s centre and each
// `frame` node's end position (docs/cameras.md "Framing", "Orbit").
#ifndef CINC_MARKERS_CAMERA_MOVES_H_
#define CINC_MARKERS_CAMERA_MOVES_H_

#include <optional>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "importers/model_bounds.h"
#include "markers/marker_table.h"
#include "markers/rig.h"

namespace cinc {

// Model bounds parallel to scene.models; nullopt: no meshes, or not read.
using ModelBoundsList = std::vector<std::optional<Bounds>>;

// True when a camera node has `frame` or `orbit`.
bool HasCameraMoves(const Scene& scene);

// The bounds of every model a `frame` list names through its objects, read
// from the model files (their problems were reported by ImportModels).
ModelBoundsList FramedModelBounds(const Scene& scene, const MarkerTable& markers);

// BuildRig after the moves are solved and written into `scene`: an orbit's
// centre (its point, or its object's or marker's world point at the node's
// start), then each framing node's `position` (FramingPosition over the
// posed bounds at its end; with a look-at in charge there, its aim stays on
// the frame's centre), one node per camera a round, in (S, file order).
// E_FRAME_BOUNDS for a framed object without bounds, E_SCENE_FORMAT for a
// move on a camera that attaches. Without moves: BuildRig.
Rig BuildRigWithCameraMoves(Scene* scene, const Timeline& timeline, const MarkerTable& markers,
                            const ModelBoundsList& bounds, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_MARKERS_CAMERA_MOVES_H_
