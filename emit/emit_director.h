// The director's tracks: the camera track (shots) and the time track
// (docs/emission.md "Director").
#ifndef CINC_EMIT_EMIT_DIRECTOR_H_
#define CINC_EMIT_EMIT_DIRECTOR_H_

#include <optional>

#include "core/scene.h"
#include "core/timeline.h"
#include "fit/fit_settings.h"
#include "markers/rig.h"
#include "sequence/sequence.h"

namespace cinc {

// The shots sorted by (S, file order), the last of one instant kept, a
// stepped blend a cut at S + blend; nullopt when no node has a `shot:`.
// With the rig, also the output camera's fov, focus_distance and aperture
// keys (emit/camera_keys.h).
std::optional<CameraTrack> EmitCameraTrack(const Scene& scene, const Timeline& timeline);
std::optional<CameraTrack> EmitCameraTrack(const Scene& scene, const Timeline& timeline,
                                           const Rig& rig, const FitSettings& settings);

// The director's time-scale channel as rig segments (ordered by (S, file order)).
ChannelTrack<double> TimeScaleChannel(const Scene& scene, const Timeline& timeline);
// The time-scale channel (initial 1, the channel rule of docs/state.md) as
// keys like any linear channel; nullopt when no node has `time_scale:`.
std::optional<TimeTrack> EmitTimeTrack(const Scene& scene, const Timeline& timeline);

}  // namespace cinc

#endif  // CINC_EMIT_EMIT_DIRECTOR_H_
