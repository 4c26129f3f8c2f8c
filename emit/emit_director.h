// The director's tracks: the camera track (shots) and the time track.
//
// Contract: EmitCameraTrack returns nullopt when no node has a `shot:`;
// otherwise the shots sorted by (S, file order) as {start: S, camera, blend
// when > 0, blend_ease as a 4-array when given}. A blend with a `step` ease
// is the cut at S + blend it plays as; a linear blend_ease is [0, 0, 1, 1]
// (it must override the runtime's default smoothstep). Of shots starting at
// one instant the last in file order is kept (starts must strictly increase;
// the last one is what shows). With the rig, the track also gets the output
// camera's fov, focus_distance and aperture keys (emit/camera_keys.h).
// EmitTimeTrack returns nullopt when no node has `time_scale:`; otherwise
// the time-scale channel (initial 1; each node a segment from the value at
// its S to its target over its duration with its ease, the channel rule of
// docs/state.md) as keys like any linear channel (emit/channel_keys.h).
#ifndef CINC_EMIT_EMIT_DIRECTOR_H_
#define CINC_EMIT_EMIT_DIRECTOR_H_

#include <optional>

#include "core/scene.h"
#include "core/timeline.h"
#include "fit/fit_settings.h"
#include "markers/rig.h"
#include "sequence/sequence.h"

namespace cinc {

std::optional<CameraTrack> EmitCameraTrack(const Scene& scene, const Timeline& timeline);
std::optional<CameraTrack> EmitCameraTrack(const Scene& scene, const Timeline& timeline,
                                           const Rig& rig, const FitSettings& settings);

// The director's time-scale channel as rig segments (ordered by (S, file order)).
ChannelTrack<double> TimeScaleChannel(const Scene& scene, const Timeline& timeline);
std::optional<TimeTrack> EmitTimeTrack(const Scene& scene, const Timeline& timeline);

}  // namespace cinc

#endif  // CINC_EMIT_EMIT_DIRECTOR_H_
