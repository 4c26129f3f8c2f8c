#include "emit/camera_keys.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

#include "emit/channel_keys.h"
#include "emit/hermite_keys.h"
#include "emit/key_list_builder.h"
#include "emit/rotation_keys.h"
#include "fit/pose_pieces.h"
#include "fit/probes.h"
#include "markers/camera_aim.h"
#include "markers/pose.h"
#include "sequence/evaluator.h"

namespace cinc {
namespace {

enum class CameraChannel { kFov, kFocus, kAperture };

// One shot camera's value of a channel, with the segment chosen at `select`.
class ChannelSource {
 public:
  ChannelSource(const Rig& rig, CameraChannel channel, std::vector<std::optional<double>> fallback)
      : rig_(rig), channel_(channel), fallback_(std::move(fallback)) {}

  double At(int camera, const ExactTime& select, double t) const {
    size_t index = static_cast<size_t>(camera);
    const CameraRig& rig_camera = rig_.cameras[index];
    if (channel_ == CameraChannel::kFocus) {
      std::optional<double> focus = FocusWithin(rig_, index, select, t);
      return focus ? *focus : fallback_[index].value_or(0);
    }
    const ChannelTrack<double>& track =
        channel_ == CameraChannel::kFov ? rig_camera.fov : rig_camera.aperture;
    int active = ActiveSegmentIndex(track, select);
    if (active < 0) return track.initial;
    const Segment<double>& segment = track.segments[static_cast<size_t>(active)];
    return SegmentValueAtProgress(segment, SegmentProgressAt(segment, t));
  }

  // The plain (not auto-focus) segment of the camera in motion at `select`
  // over [select, end), or nullptr.
  const Segment<double>* PlainMotion(int camera, const ExactTime& select) const {
    const CameraRig& rig_camera = rig_.cameras[static_cast<size_t>(camera)];
    const ChannelTrack<double>& track = channel_ == CameraChannel::kFov     ? rig_camera.fov
                                        : channel_ == CameraChannel::kFocus ? rig_camera.focus
                                                                            : rig_camera.aperture;
    int active = ActiveSegmentIndex(track, select);
    if (active < 0) return nullptr;
    const Segment<double>& segment = track.segments[static_cast<size_t>(active)];
    if (segment.aim || !(select < segment.end())) return nullptr;
    return &segment;
  }

 private:
  const Rig& rig_;
  CameraChannel channel_;
  std::vector<std::optional<double>> fallback_;  // focus of a camera without depth of field
};

class CameraChannelWriter {
 public:
  CameraChannelWriter(const std::vector<PlayedShot>& shots, const ChannelSource& source,
                      FitQuantity quantity, const FitSettings& settings)
      : shots_(shots), source_(source), quantity_(quantity), settings_(settings) {}

  Keys Write(const std::vector<ExactTime>& starts) {
    for (size_t i = 0; i < starts.size(); ++i) {
      std::optional<ExactTime> end;
      if (i + 1 < starts.size()) end = starts[i + 1];
      WritePiece(starts[i], end);
    }
    return builder_.Take();
  }

 private:
  // The shot in charge at `select`: the last with start <= select (the
  // first shot also covers the time before it).
  size_t ShotAt(const ExactTime& select) const {
    size_t index = 0;
    for (size_t k = 0; k < shots_.size(); ++k) {
      if (!(select < shots_[k].start)) index = k;
    }
    return index;
  }

  bool Blending(size_t shot, const ExactTime& select) const {
    const PlayedShot& played = shots_[shot];
    return shot > 0 && ExactTime() < played.blend && !(select < played.start) &&
           select < played.start + played.blend;
  }

  // The blend's weight as the runtime computes it.
  static double Weight(const PlayedShot& shot, double t) {
    return ShotBlendWeight(shot.written_ease, (t - shot.start.ToDouble()) / shot.blend.ToDouble());
  }

  double Output(const ExactTime& select, double t) const {
    size_t shot = ShotAt(select);
    double shown = source_.At(shots_[shot].camera_index, select, t);
    if (!Blending(shot, select)) return shown;
    double previous = source_.At(shots_[shot - 1].camera_index, select, t);
    return previous + (shown - previous) * Weight(shots_[shot], t);
  }

  bool Constant(const ExactTime& start, const ExactTime& end, int camera, double value) const {
    double a = start.ToDouble();
    double b = end.ToDouble();
    for (int j = 1; j <= kConstancyChecks; ++j) {
      if (source_.At(camera, start, ProbeTime(a, b, j)) != value) {
        return false;
      }
    }
    return source_.At(camera, start, b) == value;
  }

  void WritePiece(const ExactTime& start, const std::optional<ExactTime>& end) {
    double value = Output(start, start.ToDouble());
    if (!end) {
      builder_.SetAt(start.ToDouble(), Components(value));
      return;
    }
    size_t shot = ShotAt(start);
    int shown = shots_[shot].camera_index;
    double shown_value = source_.At(shown, start, start.ToDouble());
    bool shown_constant = Constant(start, *end, shown, shown_value);
    if (!Blending(shot, start)) {
      if (shown_constant) {
        builder_.SetAt(start.ToDouble(), Components(value));
        return;
      }
      if (const Segment<double>* motion = source_.PlainMotion(shown, start)) {
        WriteEasedMotion(
            motion->ease, motion->start, motion->duration, start, *end,
            [&](double u) { return Components(Interpolate(motion->from, motion->to, u)); },
            &builder_);
        return;
      }
    } else {
      int previous = shots_[shot - 1].camera_index;
      double previous_value = source_.At(previous, start, start.ToDouble());
      const PlayedShot& played = shots_[shot];
      if (shown_constant && Constant(start, *end, previous, previous_value)) {
        if (previous_value == shown_value) {
          builder_.SetAt(start.ToDouble(), Components(value));
          return;
        }
        WriteEasedMotion(
            played.blend_ease, played.start, played.blend, start, *end,
            [&](double w) { return Components(Interpolate(previous_value, shown_value, w)); },
            &builder_);
        return;
      }
    }
    Bake(start, *end, value);
  }

  void Bake(const ExactTime& start, const ExactTime& end, double value) {
    // The left limit at `end`: the pieces' segments chosen at `start`.
    double end_value = Output(start, end.ToDouble());
    FitCurve<1> curve;
    curve.quantity = quantity_;
    curve.track = [&](double, const FitVector<1>&, double to) {
      return FitVector<1>(Output(start, to));
    };
    curve.error = [&](double t, const FitVector<1>& played) {
      return std::abs(Output(start, t) - played.x);
    };
    BakeHermite(curve, start.ToDouble(), end.ToDouble(), FitVector<1>(value),
                FitVector<1>(end_value), settings_, &builder_);
  }

  const std::vector<PlayedShot>& shots_;
  const ChannelSource& source_;
  FitQuantity quantity_;
  const FitSettings& settings_;
  KeyListBuilder builder_;
};

// A camera whose depth of field is off shows its first focus distance; one
// that never has depth of field, the first distance of any shot camera.
std::vector<std::optional<double>> FocusFallbacks(const Rig& rig,
                                                  const std::vector<PlayedShot>& shots) {
  std::vector<std::optional<double>> fallback(rig.cameras.size());
  std::optional<double> first_any;
  for (size_t index = 0; index < rig.cameras.size(); ++index) {
    const CameraRig& camera = rig.cameras[index];
    if (camera.has_initial_focus) {
      fallback[index] = FocusAt(rig, index, ExactTime());
    } else if (!camera.focus.segments.empty()) {
      fallback[index] = FocusAt(rig, index, camera.focus.segments.front().start);
    }
  }
  for (const PlayedShot& shot : shots) {
    if (!first_any && fallback[static_cast<size_t>(shot.camera_index)]) {
      first_any = fallback[static_cast<size_t>(shot.camera_index)];
    }
  }
  for (std::optional<double>& value : fallback) {
    if (!value) value = first_any;
  }
  return fallback;
}

}  // namespace

std::vector<PlayedShot> ShotsInOrder(const Scene& scene, const Timeline& timeline) {
  std::vector<std::pair<size_t, PlayedShot>> shots;
  for (size_t index = 0; index < scene.director_nodes.size(); ++index) {
    const Node& node = scene.director_nodes[index];
    if (!node.rare().shot || index >= timeline.director.size() ||
        !timeline.director[index].resolved) {
      continue;
    }
    const Shot& written = *node.rare().shot;
    PlayedShot shot;
    shot.start = timeline.director[index].start;
    shot.camera = written.camera;
    for (size_t c = 0; c < scene.cameras.size(); ++c) {
      if (scene.cameras[c].name == written.camera) {
        shot.camera_index = static_cast<int>(c);
        break;
      }
    }
    shot.blend_ease = Ease::CubicBezier(1.0 / 3, 0, 2.0 / 3, 1);  // smoothstep
    bool blends = ExactTime() < written.blend;
    if (blends && written.blend_ease && written.blend_ease->kind == Ease::Kind::kStep) {
      shot.start += written.blend;  // a stepped blend shows the old camera, then cuts
    } else if (blends) {
      shot.blend = written.blend;
      if (written.blend_ease) {
        shot.blend_ease = *written.blend_ease;
        shot.written_ease = written.blend_ease->control();
      }
    }
    shots.emplace_back(index, std::move(shot));
  }
  std::stable_sort(shots.begin(), shots.end(), [](const auto& a, const auto& b) {
    if (a.second.start != b.second.start) return a.second.start < b.second.start;
    return a.first < b.first;
  });
  std::vector<PlayedShot> played;
  for (size_t index = 0; index < shots.size(); ++index) {
    if (index + 1 < shots.size() && shots[index + 1].second.start == shots[index].second.start) {
      continue;
    }
    played.push_back(std::move(shots[index].second));
  }
  return played;
}

void AddCameraChannelKeys(const Rig& rig, const ExactTime& duration,
                          const std::vector<PlayedShot>& shots, const FitSettings& settings,
                          CameraTrack* track) {
  if (shots.empty()) return;
  std::vector<OwnerRef> cameras;
  bool has_focus = false;
  for (const PlayedShot& shot : shots) {
    if (shot.camera_index < 0 || static_cast<size_t>(shot.camera_index) >= rig.cameras.size()) {
      return;  // an unknown camera, reported already
    }
    cameras.push_back(OwnerRef::Camera(static_cast<size_t>(shot.camera_index)));
    const CameraRig& camera = rig.cameras[static_cast<size_t>(shot.camera_index)];
    has_focus = has_focus || camera.has_initial_focus || !camera.focus.segments.empty();
  }
  std::vector<ExactTime> starts = DependencyInstants(rig, cameras);
  for (const PlayedShot& shot : shots) {
    starts.push_back(shot.start);
    starts.push_back(shot.start + shot.blend);
  }
  for (ExactTime& start : starts) start = std::min(start, duration);
  std::sort(starts.begin(), starts.end());
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());

  ChannelSource fov(rig, CameraChannel::kFov, {});
  track->fov = CameraChannelWriter(shots, fov, FitQuantity::kFieldOfView, settings).Write(starts);
  if (!has_focus) return;
  ChannelSource focus(rig, CameraChannel::kFocus, FocusFallbacks(rig, shots));
  track->focus_distance =
      CameraChannelWriter(shots, focus, FitQuantity::kFocusDistance, settings).Write(starts);
  ChannelSource aperture(rig, CameraChannel::kAperture, {});
  track->aperture =
      CameraChannelWriter(shots, aperture, FitQuantity::kAperture, settings).Write(starts);
}

}  // namespace cinc
