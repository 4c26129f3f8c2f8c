#include "sequence/runtime_targets.h"

#include <algorithm>
#include <type_traits>
#include <variant>

namespace cinc {
namespace {

bool Contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

bool CheckRuntimeTargets(const Sequence& sequence, const RuntimeScene& scene,
                         Diagnostics* diagnostics) {
  const int errors_before = diagnostics->error_count();
  for (size_t index = 0; index < sequence.tracks.size(); ++index) {
    const std::string track_path = "/tracks/" + std::to_string(index);
    std::visit(
        [&](const auto& track) {
          using TrackType = std::decay_t<decltype(track)>;
          if constexpr (std::is_same_v<TrackType, TransformTrack>) {
            if (!Contains(scene.objects, track.target)) {
              diagnostics->Report(DiagnosticCode::kCinemaTarget, {}, track_path + "/target",
                                  "track target '" + track.target + "' is not in the scene");
            }
          } else if constexpr (std::is_same_v<TrackType, CameraTrack>) {
            for (size_t shot = 0; shot < track.shots.size(); ++shot) {
              const std::string& camera = track.shots[shot].camera;
              if (!Contains(scene.objects, camera)) {
                diagnostics->Report(DiagnosticCode::kCinemaTarget, {},
                                    track_path + "/shots/" + std::to_string(shot) + "/camera",
                                    "shot camera '" + camera + "' is not in the scene");
              }
            }
            if (Contains(scene.objects, scene.output_camera) &&
                !Contains(scene.objects_with_camera, scene.output_camera)) {
              diagnostics->Report(
                  DiagnosticCode::kCinemaTarget, {}, track_path,
                  "output camera '" + scene.output_camera + "' has no Camera component");
            }
          }
        },
        sequence.tracks[index]);
  }
  return diagnostics->error_count() == errors_before;
}

}  // namespace cinc
