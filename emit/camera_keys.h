// The camera track's keys: the shots as the track plays them, and the
// output camera's fov, focus_distance and aperture (docs/cameras.md). Camera
// poses, look-at included, are written by emit/pose_keys.h.
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
#include "fit/fit_settings.h"
#include "markers/rig.h"
#include "sequence/sequence.h"

namespace cinc {

// One shot as the camera track plays it, with exact times.
struct PlayedShot {
  ExactTime start;
  ExactTime blend;  // 0: a cut
  Ease blend_ease;  // smoothstep when the node gives none
  std::optional<std::array<double, 4>> written_ease;
  std::string camera;
  int camera_index = -1;  // into scene.cameras; -1 when it names none
};

// The shots as the camera track plays them (a stepped blend is a cut at
// S + blend; of shots at one instant the last in file order).
std::vector<PlayedShot> ShotsInOrder(const Scene& scene, const Timeline& timeline);

// The output camera's fov (always), focus_distance and aperture (when a shot
// camera ever has depth of field): the shown camera's value, lerped by a
// blend's weight during it; exact keys where the value is a hold, one
// camera's move or a blend between constants, hermite keys otherwise (fov
// within the rotation tolerance, focus and aperture the position one).
// Instants after `duration` are moved to it (a blend may outlast the scene).
void AddCameraChannelKeys(const Rig& rig, const ExactTime& duration,
                          const std::vector<PlayedShot>& shots, const FitSettings& settings,
                          CameraTrack* track);

}  // namespace cinc

#endif  // CINC_EMIT_CAMERA_KEYS_H_
