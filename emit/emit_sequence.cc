#include "emit/emit_sequence.h"

#include <atomic>
#include <string>
#include <vector>

#include "core/two_threads.h"
#include "emit/emit_cues.h"
#include "emit/emit_director.h"
#include "emit/emit_transforms.h"
#include "sequence/limits.h"

namespace cinc {
namespace {

// Below this many objects a second thread costs more than it saves.
constexpr size_t kObjectsWorthAThread = 8;

void CheckKeyCount(const SceneObject& owner, const char* channel, const Keys& keys,
                   Diagnostics* diagnostics) {
  if (keys.size() <= kMaxChannelKeys || diagnostics == nullptr) return;
  diagnostics->Report(DiagnosticCode::kLimit, owner.origin.location, owner.origin.path,
                      std::string(owner.is_camera ? "camera '" : "object '") + owner.name +
                          "' needs " + std::to_string(keys.size()) + " " + channel +
                          " keys at the tolerance, more than the format's " +
                          std::to_string(kMaxChannelKeys) + " per channel");
}

void CheckKeyCounts(const SceneObject& owner, const TransformTrack& track,
                    Diagnostics* diagnostics) {
  CheckKeyCount(owner, "position", track.position, diagnostics);
  CheckKeyCount(owner, "rotation", track.rotation, diagnostics);
  CheckKeyCount(owner, "scale", track.scale, diagnostics);
}

// Splits `items` into tracks of at most `limit` each, in order.
template <typename TrackType, typename Item>
void AppendInChunks(std::vector<Item> items, size_t limit, std::vector<Item> TrackType::*field,
                    std::vector<Track>* tracks) {
  for (size_t first = 0; first < items.size(); first += limit) {
    TrackType track;
    size_t last = std::min(items.size(), first + limit);
    (track.*field)
        .assign(std::make_move_iterator(items.begin() + first),
                std::make_move_iterator(items.begin() + last));
    tracks->push_back(std::move(track));
  }
}

// Object transform tracks, cues and audio clips: given the rig they are
// independent of one another (an attached object reads its parents'
// channels, never their tracks), and they are most of emission's work. A
// second thread collects the cues and clips and then joins this one in
// taking objects one at a time. Results do not depend on who did what.
struct ParallelParts {
  std::vector<TransformTrack> object_tracks;
  std::vector<SequenceCue> cues;
  std::vector<AudioClip> clips;
};

ParallelParts EmitParallelParts(const Scene& scene, const Timeline& timeline, const Rig& rig,
                                const EmitSettings& settings, const FitSettings& fit,
                                Diagnostics* diagnostics) {
  ParallelParts parts;
  parts.object_tracks.resize(scene.objects.size());
  std::atomic<size_t> next_object{0};
  auto emit_objects = [&] {
    for (size_t index = next_object++; index < scene.objects.size(); index = next_object++) {
      const SceneObject& object = scene.objects[index];
      parts.object_tracks[index] = EmitObjectTransform(object, rig, index, settings, fit);
    }
  };
  // Only this task reports (to `diagnostics`) until both are done.
  auto collect_events_then_objects = [&] {
    parts.cues = CollectCues(scene, timeline, rig, settings, diagnostics);
    parts.clips = CollectAudioClips(scene, timeline);
    emit_objects();
  };
  RunOnTwoThreads(collect_events_then_objects, emit_objects,
                  scene.objects.size() >= kObjectsWorthAThread);
  return parts;
}

}  // namespace

Sequence EmitSequence(const Scene& scene, const Timeline& timeline, const Rig& rig,
                      const EmitSettings& settings, Diagnostics* diagnostics) {
  Sequence sequence;
  if (rig.objects.size() != scene.objects.size() || rig.cameras.size() != scene.cameras.size()) {
    if (diagnostics != nullptr) {
      diagnostics->Report(DiagnosticCode::kInternal, {}, "",
                          "emission was given a rig that does not hold every object and camera");
    }
    return sequence;
  }
  sequence.version = 1;
  sequence.name = scene.name;
  sequence.duration = timeline.duration.ToDouble();
  sequence.loop = scene.loop;
  const FitSettings fit = FitSettingsFor(scene);
  ParallelParts parts = EmitParallelParts(scene, timeline, rig, settings, fit, diagnostics);
  for (size_t index = 0; index < scene.objects.size(); ++index) {
    CheckKeyCounts(scene.objects[index], parts.object_tracks[index], diagnostics);
    sequence.tracks.push_back(std::move(parts.object_tracks[index]));
  }
  for (size_t index = 0; index < scene.cameras.size(); ++index) {
    const SceneObject& camera = scene.cameras[index];
    TransformTrack track = EmitCameraTransform(camera, rig, index, fit);
    CheckKeyCounts(camera, track, diagnostics);
    sequence.tracks.push_back(std::move(track));
  }
  if (std::optional<CameraTrack> camera = EmitCameraTrack(scene, timeline, rig, fit)) {
    sequence.tracks.push_back(std::move(*camera));
  }
  if (std::optional<TimeTrack> time = EmitTimeTrack(scene, timeline)) {
    sequence.tracks.push_back(std::move(*time));
  }
  AppendInChunks(std::move(parts.clips), kMaxTrackClips, &AudioTrack::clips, &sequence.tracks);
  AppendInChunks(std::move(parts.cues), kMaxTrackCues, &CuesTrack::cues, &sequence.tracks);
  return sequence;
}

}  // namespace cinc
