// Keys of what cameras add to the sequence (SPEC sections 7 and 8):
// look-at poses, and the camera track's fov, focus_distance and aperture.
// docs/cameras.md states every choice.
//
// Contract:
// - EmitAimedPoseKeys: position and rotation keys of an owner that
//   FollowsAim: a camera with a `look_at` (markers/camera_aim.h), or an
//   owner attached (through any chain) to one, played within the tolerance. The
//   timeline is cut at every start, end and take-over of a segment, and
//   every frame start, of every owner the owner's pose depends on (its
//   frames' parents and its aims, transitively). A piece where the value
//   does not change is a hold; any other piece is baked (emit/hermite_bake.h).
//   Euler triples are continuous (canonical first key, later ones carried
//   in steps that turn at most 10 degrees, a jump takes the nearest triple).
// - ShotsInOrder: the shots as the camera track plays them, with exact
//   times (a stepped blend is a cut at S + blend; of shots at one instant
//   the last in file order).
// - AddCameraChannelKeys: the output camera's fov (always), focus_distance
//   and aperture (when a shot camera ever has depth of field): the shown
//   camera's value, and during a blend lerp(previous, shown, w) with the
//   blend's weight. Exact keys where the value is a hold, one camera's
//   linear or eased move, or a blend between two constant values (the
//   blend's ease); hermite keys otherwise (fov within the rotation
//   tolerance, focus and aperture within the position tolerance).
#ifndef CINC_EMIT_CAMERA_KEYS_H_
#define CINC_EMIT_CAMERA_KEYS_H_

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/easing.h"
#include "core/exact_time.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "emit/pose_keys.h"
#include "sequence/sequence.h"
#include "markers/rig.h"

namespace cinc {

// True when the owner's pose depends on a look-at: its own, or one of an
// owner its frames' chains pass through (at any time). Such a pose moves
// whenever an aim target does, so EmitAimedPoseKeys writes it.
bool FollowsAim(const Rig& rig, OwnerRef owner);

PoseKeys EmitAimedPoseKeys(const Rig& rig, OwnerRef owner, const Tolerance& tolerance);

struct PlayedShot {
  ExactTime start;
  ExactTime blend;  // 0: a cut
  Ease blend_ease;  // smoothstep when the node gives none
  std::optional<std::array<double, 4>> written_ease;
  std::string camera;
  int camera_index = -1;  // into scene.cameras; -1 when it names none
};

std::vector<PlayedShot> ShotsInOrder(const Scene& scene, const Timeline& timeline);

// Instants after `duration` are moved to it (a blend may outlast the scene).
void AddCameraChannelKeys(const Scene& scene, const Rig& rig, const ExactTime& duration,
                          const std::vector<PlayedShot>& shots, CameraTrack* track);

}  // namespace cinc

#endif  // CINC_EMIT_CAMERA_KEYS_H_
