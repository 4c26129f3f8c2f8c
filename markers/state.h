// The exact animation state of a scene at one instant (docs/state.md,
// `cinc eval`), evaluated from the rig.
//
// Contract: EvaluateState reads every channel at t with ValueAt (the caller
// clamps t to [0, duration]); positions and rotations are world poses
// (markers/pose.h) and `frame` names what the owner is attached to at t:
// "object/marker", "object", or "world".
// StateToJson writes the shape `cinc eval` prints: objects and cameras in
// file order, quaternions [x, y, z, w] with w >= 0, Euler triples canonical
// (core/rotation.h), and "focus": null for a camera whose depth of field is off.
#ifndef CINC_MARKERS_STATE_H_
#define CINC_MARKERS_STATE_H_

#include <optional>
#include <string>
#include <vector>

#include "core/exact_time.h"
#include "core/json_writer.h"
#include "core/rotation.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "markers/rig.h"

namespace cinc {

struct ObjectState {
  Vec3 position{0, 0, 0};
  Quat rotation{1, 0, 0, 0};
  Vec3 scale{1, 1, 1};
  double opacity = 0;
  std::string frame = "world";  // "world", or "object/marker" when attached
};

struct CameraState {
  Vec3 position{0, 0, 0};
  Quat rotation{1, 0, 0, 0};
  double fov = 60;
  std::optional<double> focus;  // nullopt: depth of field off
  double aperture = 2.8;
  std::string frame = "world";
};

struct SceneState {
  ExactTime time;
  std::vector<ObjectState> objects;  // parallel to scene.objects
  std::vector<CameraState> cameras;  // parallel to scene.cameras
};

SceneState EvaluateState(const Scene& scene, const Rig& rig, const ExactTime& t);

// The state the scene plays at t (the caller clamps t to [0,
// PlayedDuration(timeline)]): with a `disassembly:`, the forward state at
// ForwardTime(timeline, t) (core/timeline.h), exactly; its `time` is t.
SceneState EvaluatePlayedState(const Scene& scene, const Timeline& timeline, const Rig& rig,
                               const ExactTime& t);

// The same rotation with w >= 0 (and, when w is 0, its largest-magnitude
// vector component positive), with no negative zeros: one spelling per rotation.
Quat CanonicalQuaternion(const Quat& rotation);

Json StateToJson(const Scene& scene, const SceneState& state);

}  // namespace cinc

#endif  // CINC_MARKERS_STATE_H_
