#include "sequence/evaluator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>
#include <type_traits>
#include <unordered_map>

#include "core/easing.h"
#include "sequence/interpolation.h"
#include "sequence/limits.h"
#include "sequence/validator.h"

namespace cinc {
namespace {

Vec3 SampleVector(const Keys& keys, double t) {
  ChannelSample sample = SampleChannel(keys, t);
  return Vec3(sample[0], sample[1], sample[2]);
}

template <typename TrackType>
const TrackType* FirstTrack(const Sequence& sequence) {
  for (const Track& track : sequence.tracks) {
    if (const auto* typed = std::get_if<TrackType>(&track)) return typed;
  }
  return nullptr;
}

const CameraObjectPose* FindPose(const CameraPoses& poses, std::string_view camera) {
  auto found = poses.find(camera);
  return found == poses.end() ? nullptr : &found->second;
}

Vec3 Lerp(const Vec3& from, const Vec3& to, double w) { return from + (to - from) * w; }

// The gain of a clip at `into` seconds after its start: volume times the
// linear fade-in and fade-out envelopes (a fade-out needs a known end).
double ClipGain(const AudioClip& clip, double into) {
  double gain = clip.volume.value_or(1);
  double fade_in = clip.fade_in.value_or(0);
  if (fade_in > 0 && into < fade_in) gain *= into / fade_in;
  double fade_out = clip.fade_out.value_or(0);
  if (clip.duration && fade_out > 0) {
    double left = *clip.duration - into;
    if (left < fade_out) gain *= std::max(left, 0.0) / fade_out;
  }
  return gain;
}

}  // namespace

double ShotBlendWeight(const std::optional<std::array<double, 4>>& blend_ease, double u) {
  u = std::clamp(u, 0.0, 1.0);
  if (blend_ease) return CubicBezierEase(*blend_ease, u);
  return u * u * (3 - 2 * u);
}

double ClampSequenceTime(const Sequence& sequence, double t) {
  if (std::isnan(t)) return 0;
  return std::clamp(t, 0.0, std::max(sequence.duration, 0.0));
}

bool CheckEvaluationTime(double t, Diagnostics* diagnostics) {
  if (std::isfinite(t)) return true;
  diagnostics->Report(DiagnosticCode::kCinemaTime, SourceLocation{}, "",
                      "the time must be a finite number of seconds");
  return false;
}

std::vector<TransformSample> EvaluateTransforms(const Sequence& sequence, double t) {
  std::vector<TransformSample> samples;
  std::unordered_map<std::string_view, size_t> index_of_target;
  for (const Track& track : sequence.tracks) {
    const auto* transform = std::get_if<TransformTrack>(&track);
    if (transform == nullptr) continue;
    auto [slot, added] = index_of_target.emplace(transform->target, samples.size());
    if (added) samples.push_back(TransformSample{transform->target, {}, {}, {}, {}});
    TransformSample& sample = samples[slot->second];
    if (!transform->position.empty()) sample.position = SampleVector(transform->position, t);
    if (!transform->rotation.empty()) {
      sample.rotation = SampleVector(transform->rotation, t);
      sample.quaternion = QuatFromEulerDegrees(*sample.rotation);
    }
    if (!transform->scale.empty()) sample.scale = SampleVector(transform->scale, t);
  }
  return samples;
}

CameraPoses PosesFromTransforms(const Sequence& sequence,
                                const std::vector<TransformSample>& transforms) {
  CameraPoses poses;
  const CameraTrack* camera = FirstTrack<CameraTrack>(sequence);
  if (camera == nullptr) return poses;
  for (const TransformSample& sample : transforms) {
    bool is_shot_camera =
        std::any_of(camera->shots.begin(), camera->shots.end(),
                    [&](const CameraShot& shot) { return shot.camera == sample.target; });
    if (!is_shot_camera) continue;
    CameraObjectPose pose;
    if (sample.position) pose.position = *sample.position;
    if (sample.quaternion) pose.rotation = *sample.quaternion;
    poses[sample.target] = pose;
  }
  return poses;
}

std::vector<std::string> MissingCameras(const Sequence& sequence, const CameraPoses& poses) {
  std::vector<std::string> missing;
  const CameraTrack* camera = FirstTrack<CameraTrack>(sequence);
  if (camera == nullptr) return missing;
  for (const CameraShot& shot : camera->shots) {
    if (FindPose(poses, shot.camera) != nullptr) continue;
    if (std::find(missing.begin(), missing.end(), shot.camera) == missing.end()) {
      missing.push_back(shot.camera);
    }
  }
  return missing;
}

std::optional<CameraSample> EvaluateCamera(const Sequence& sequence, double t,
                                           const CameraPoses& poses) {
  const CameraTrack* track = FirstTrack<CameraTrack>(sequence);
  if (track == nullptr || track->shots.empty()) return std::nullopt;
  // The last shot started by t; the first shot also covers the time before it.
  size_t current = 0;
  while (current + 1 < track->shots.size() && track->shots[current + 1].start <= t) ++current;
  const CameraShot& shot = track->shots[current];
  CameraSample sample;
  sample.camera = shot.camera;
  const CameraObjectPose* to = FindPose(poses, shot.camera);
  if (to != nullptr) {
    sample.position = to->position;
    sample.rotation = to->rotation;
    sample.fov = to->fov;
  }
  double blend = shot.blend.value_or(0);
  if (current > 0 && blend > 0 && t >= shot.start && t < shot.start + blend) {
    // Mixed from the previous shot's camera (its pose now, not its own blend).
    const CameraObjectPose* from = FindPose(poses, track->shots[current - 1].camera);
    double w = ShotBlendWeight(shot.blend_ease, (t - shot.start) / blend);
    if (from != nullptr && to != nullptr) {
      sample.position = Lerp(from->position, to->position, w);
      sample.rotation = Slerp(from->rotation, to->rotation, w);
      if (from->fov && to->fov) {
        sample.fov = *from->fov + (*to->fov - *from->fov) * w;
      }
    } else if (from != nullptr) {  // the new camera is missing: keep showing the old one
      sample.position = from->position;
      sample.rotation = from->rotation;
      sample.fov = from->fov;
    }
  }
  if (!track->fov.empty()) sample.fov = SampleScalarChannel(track->fov, t);
  if (!track->focus_distance.empty()) {
    sample.focus_distance = SampleScalarChannel(track->focus_distance, t);
    sample.aperture =
        track->aperture.empty() ? kDefaultAperture : SampleScalarChannel(track->aperture, t);
  }
  return sample;
}

std::vector<SoundingClip> EvaluateAudio(const Sequence& sequence, double t) {
  std::vector<SoundingClip> sounding;
  for (size_t track_index = 0; track_index < sequence.tracks.size(); ++track_index) {
    const auto* audio = std::get_if<AudioTrack>(&sequence.tracks[track_index]);
    if (audio == nullptr) continue;
    for (size_t clip_index = 0; clip_index < audio->clips.size(); ++clip_index) {
      const AudioClip& clip = audio->clips[clip_index];
      // Without a duration the clip plays to the sound's end, unknown here:
      // it sounds until the sequence ends.
      double end =
          clip.duration ? clip.start + *clip.duration : std::numeric_limits<double>::infinity();
      if (t < clip.start || t >= end) continue;
      double into = t - clip.start;
      sounding.push_back(SoundingClip{track_index, clip_index, clip.sound,
                                      clip.offset.value_or(0) + into, ClipGain(clip, into)});
    }
  }
  return sounding;
}

double TimeScaleAt(const Sequence& sequence, double t) {
  const TimeTrack* time = FirstTrack<TimeTrack>(sequence);
  if (time == nullptr || time->scale.empty()) return 1;
  // Hermite or bezier keys may overshoot between keys; the world never runs
  // backwards nor faster than the format's limit.
  return std::clamp(SampleScalarChannel(time->scale, t), 0.0, kMaxTimeScale);
}

Evaluation EvaluateSequence(const Sequence& sequence, double t, const CameraPoses& poses) {
  Evaluation evaluation;
  evaluation.time = ClampSequenceTime(sequence, t);
  evaluation.transforms = EvaluateTransforms(sequence, evaluation.time);
  evaluation.camera = EvaluateCamera(sequence, evaluation.time, poses);
  evaluation.missing_cameras = MissingCameras(sequence, poses);
  evaluation.audio = EvaluateAudio(sequence, evaluation.time);
  evaluation.time_scale = TimeScaleAt(sequence, evaluation.time);
  return evaluation;
}

Evaluation EvaluateSequence(const Sequence& sequence, double t) {
  double clamped = ClampSequenceTime(sequence, t);
  Evaluation evaluation;
  evaluation.time = clamped;
  evaluation.transforms = EvaluateTransforms(sequence, clamped);
  CameraPoses poses = PosesFromTransforms(sequence, evaluation.transforms);
  evaluation.camera = EvaluateCamera(sequence, clamped, poses);
  evaluation.missing_cameras = MissingCameras(sequence, poses);
  evaluation.audio = EvaluateAudio(sequence, clamped);
  evaluation.time_scale = TimeScaleAt(sequence, clamped);
  return evaluation;
}

}  // namespace cinc
