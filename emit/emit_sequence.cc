#include "emit/emit_sequence.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "core/per_thread.h"
#include "emit/emit_cues.h"
#include "emit/emit_director.h"
#include "emit/emit_transforms.h"
#include "emit/pose_keys.h"
#include "emit/shards.h"
#include "fit/fit_budget.h"
#include "fit/fit_settings.h"
#include "sequence/limits.h"

namespace cinc {
namespace {

void CheckKeyCount(const SceneObject& owner, const char* channel, const Keys& keys,
                   Diagnostics* diagnostics) {
  if (keys.size() <= kMaxChannelKeys || diagnostics == nullptr) return;
  diagnostics->Report(DiagnosticCode::kLimit, owner.origin.location, owner.origin.path(),
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

// Appends tracks of at most `limit` items each, in order: item k, for k
// below `count`, is make(k). Each item is made into its track, so that no
// list of all of them (50,000 cues) stands beside the tracks.
template <typename TrackType, typename Item, typename Make>
void AppendInChunks(size_t count, size_t limit, std::vector<Item> TrackType::*field, Make make,
                    std::vector<Track>* tracks) {
  for (size_t first = 0; first < count; first += limit) {
    TrackType track;
    const size_t last = std::min(count, first + limit);
    std::vector<Item>& items = track.*field;
    items.reserve(last - first);
    for (size_t k = first; k < last; ++k) items.push_back(make(k));
    tracks->push_back(std::move(track));
  }
}

bool RigMatches(const Scene& scene, const Rig& rig, Diagnostics* diagnostics) {
  if (rig.objects.size() == scene.objects.size() && rig.cameras.size() == scene.cameras.size()) {
    return true;
  }
  if (diagnostics != nullptr) {
    diagnostics->Report(DiagnosticCode::kInternal, {}, "",
                        "emission was given a rig that does not hold every object and camera");
  }
  return false;
}

Sequence EmptySequence(const Scene& scene, const Timeline& timeline) {
  Sequence sequence;
  sequence.version = 1;
  sequence.name = scene.name;
  sequence.duration = timeline.duration.ToDouble();
  sequence.loop = scene.loop;
  return sequence;
}

// The transform tracks of objects [first, last), appended in file order:
// given the rig they are independent of one another (an attached object
// reads its parents' channels, never their tracks), and they are most of
// emission's work, so two threads take objects one at a time
// (core/parallel_for.h). Results do not depend on who did what.
void AppendObjectTracks(const Scene& scene, const Rig& rig, const EmitSettings& settings,
                        const FitSettings& fit, size_t first, size_t last, Diagnostics* diagnostics,
                        std::vector<Track>* tracks) {
  std::vector<TransformTrack> emitted(last - first);
  FitBudget* budget = fit.budget.get();
  // Attached objects follow their carriers in file order: each thread keeps
  // the poses and movers it worked out for the next (emit/pose_keys.h).
  PerThread<ChainMemo> memos;
  const size_t fitted = FitOwnersInOrder(
      first, last, budget, [&](size_t index, const std::shared_ptr<FitBudget>& part) {
        FitSettings own = fit;
        own.budget = part;
        emitted[index - first] = EmitObjectTransform(scene.objects[index], rig, index, settings,
                                                     own, &memos.ForThisThread());
      });
  if (fitted < last) ReportFitBudgetSpent(scene.objects[fitted], budget, diagnostics);
  for (size_t index = first; index < last; ++index) {
    if (index < fitted) CheckKeyCounts(scene.objects[index], emitted[index - first], diagnostics);
    tracks->push_back(std::move(emitted[index - first]));
  }
}

// The tracks that are not objects' or cues': one transform track per
// camera, the camera track, the time track and the audio tracks.
std::vector<Track> DirectorTracks(const Scene& scene, const Timeline& timeline, const Rig& rig,
                                  const FitSettings& fit, Diagnostics* diagnostics) {
  std::vector<Track> tracks;
  for (size_t index = 0; index < scene.cameras.size(); ++index) {
    const SceneObject& camera = scene.cameras[index];
    TransformTrack track = EmitCameraTransform(camera, rig, index, fit);
    if (!ReportFitBudgetSpent(camera, fit.budget.get(), diagnostics)) {
      CheckKeyCounts(camera, track, diagnostics);
    }
    tracks.push_back(std::move(track));
  }
  if (std::optional<CameraTrack> camera = EmitCameraTrack(scene, timeline, rig, fit)) {
    tracks.push_back(std::move(*camera));
  }
  if (std::optional<TimeTrack> time = EmitTimeTrack(scene, timeline)) {
    tracks.push_back(std::move(*time));
  }
  std::vector<AudioClip> clips = CollectAudioClips(scene, timeline);
  AppendInChunks(
      clips.size(), kMaxTrackClips, &AudioTrack::clips,
      [&](size_t k) { return std::move(clips[k]); }, &tracks);
  return tracks;
}

// The cues of `sources` at `indices` (all of them when null), made and cut
// into tracks of 256.
void AppendCueTracks(const Scene& scene, const std::vector<CueSource>& sources,
                     const std::vector<uint32_t>* indices, Diagnostics* diagnostics,
                     std::vector<Track>* tracks) {
  const size_t count = indices != nullptr ? indices->size() : sources.size();
  AppendInChunks(
      count, kMaxTrackCues, &CuesTrack::cues,
      [&](size_t k) {
        return MakeCue(sources[indices != nullptr ? (*indices)[k] : k], scene, diagnostics);
      },
      tracks);
}

}  // namespace

Sequence EmitSequence(const Scene& scene, const Timeline& timeline, const Rig& rig,
                      const EmitSettings& settings, const FitSettings& fit_settings,
                      Diagnostics* diagnostics) {
  if (!RigMatches(scene, rig, diagnostics)) return Sequence();
  Sequence sequence = EmptySequence(scene, timeline);
  const FitSettings fit = WithFitBudget(fit_settings);
  AppendObjectTracks(scene, rig, settings, fit, 0, scene.objects.size(), diagnostics,
                     &sequence.tracks);
  for (Track& track : DirectorTracks(scene, timeline, rig, fit, diagnostics)) {
    sequence.tracks.push_back(std::move(track));
  }
  AppendCueTracks(scene, CollectCueSources(scene, timeline, rig, settings), nullptr, diagnostics,
                  &sequence.tracks);
  return sequence;
}

bool EmitShards(const Scene& scene, const Timeline& timeline, const Rig& rig,
                const EmitSettings& settings, const FitSettings& fit_settings,
                Diagnostics* diagnostics,
                const std::function<void(Sequence shard, size_t index, size_t count)>& take) {
  if (!RigMatches(scene, rig, diagnostics)) return false;
  const FitSettings fit = WithFitBudget(fit_settings);
  std::vector<Track> director_tracks = DirectorTracks(scene, timeline, rig, fit, diagnostics);
  std::vector<CueSource> sources = CollectCueSources(scene, timeline, rig, settings);
  std::vector<size_t> cues_of_object(scene.objects.size(), 0);
  size_t unowned_cues = 0;
  for (const CueSource& source : sources) {
    if (source.target_object < 0) {
      ++unowned_cues;
    } else {
      ++cues_of_object[source.target_object];
    }
  }
  const bool fits =
      CheckFirstShardFits(scene, director_tracks.size() + CuesTracksFor(unowned_cues), diagnostics);
  const std::vector<size_t> shard_of_object =
      AssignShards(director_tracks.size(), unowned_cues, cues_of_object);
  const size_t shard_count = ShardCount(shard_of_object);
  std::vector<std::vector<uint32_t>> cues_of_shard(shard_count);
  for (size_t index = 0; index < sources.size(); ++index) {
    int32_t object = sources[index].target_object;
    cues_of_shard[object < 0 ? 0 : shard_of_object[object]].push_back(static_cast<uint32_t>(index));
  }
  // Every shard is made, so that every object's problems are reported; a
  // shard is taken only while there are none.
  size_t first_object = 0;
  for (size_t number = 0; number < shard_count; ++number) {
    size_t last_object = first_object;
    while (last_object < shard_of_object.size() && shard_of_object[last_object] == number) {
      ++last_object;
    }
    Sequence shard = EmptySequence(scene, timeline);
    if (number > 0) shard.name = ShardName(scene.name, static_cast<int>(number) + 1);
    AppendObjectTracks(scene, rig, settings, fit, first_object, last_object, diagnostics,
                       &shard.tracks);
    if (number == 0) {
      for (Track& track : director_tracks) shard.tracks.push_back(std::move(track));
    }
    AppendCueTracks(scene, sources, &cues_of_shard[number], diagnostics, &shard.tracks);
    std::vector<uint32_t>().swap(cues_of_shard[number]);
    if (fits && (diagnostics == nullptr || !diagnostics->HasErrors())) {
      take(std::move(shard), number, shard_count);
    }
    first_object = last_object;
  }
  return fits;
}

}  // namespace cinc
