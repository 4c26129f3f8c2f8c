#include "emit/shards.h"

#include <algorithm>
#include <iterator>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "emit/emit_sequence.h"
#include "sequence/limits.h"
#include "sequence/validator.h"

namespace cinc {

size_t CuesTracksFor(size_t cues) { return (cues + kMaxTrackCues - 1) / kMaxTrackCues; }

std::vector<size_t> AssignShards(size_t first_shard_other_tracks, size_t unowned_cues,
                                 const std::vector<size_t>& cues_of_object) {
  std::vector<size_t> shard_of_object(cues_of_object.size(), 0);
  size_t shard = 0;
  size_t objects = 0;  // in the current shard
  size_t cues = unowned_cues;
  for (size_t object = 0; object < cues_of_object.size(); ++object) {
    size_t own_cues = cues_of_object[object];
    size_t fixed = shard == 0 ? first_shard_other_tracks : 0;
    if (fixed + objects + 1 + CuesTracksFor(cues + own_cues) > kMaxSequenceTracks && objects > 0) {
      ++shard;
      objects = 0;
      cues = 0;
    }
    ++objects;
    cues += own_cues;
    shard_of_object[object] = shard;
  }
  return shard_of_object;
}

size_t ShardCount(const std::vector<size_t>& shard_of_object) {
  return shard_of_object.empty() ? 1 : shard_of_object.back() + 1;
}

bool CheckFirstShardFits(const Scene& scene, size_t own_tracks, Diagnostics* diagnostics) {
  size_t room = kMaxSequenceTracks - (scene.objects.empty() ? 0 : 1);
  if (own_tracks <= room) return true;
  size_t others = own_tracks - scene.cameras.size();  // camera, time, audio and cues tracks
  std::string message = "the first sequence file would need " + std::to_string(own_tracks) +
                        " tracks for " + std::to_string(scene.cameras.size()) + " cameras and " +
                        std::to_string(others) +
                        " camera, time, audio and cue tracks, more than the " +
                        std::to_string(room) + " it holds; use fewer cameras";
  SourceLocation location;
  std::string path;
  if (others < room && room - others < scene.cameras.size()) {
    const SceneObject& first_too_many = scene.cameras[room - others];
    location = first_too_many.origin.location;
    path = first_too_many.origin.path();
  }
  if (diagnostics != nullptr) {
    diagnostics->Report(DiagnosticCode::kLimit, location, path, std::move(message));
  }
  return false;
}

std::string ShardName(const std::string& name, int number) {
  std::string suffix = "." + std::to_string(number);
  // A name may be 128 characters ([A-Za-z0-9_.-], one byte each); the
  // suffix must fit, so a long name gives way at its end.
  return name.substr(0, kMaxSequenceNameLength - std::min(suffix.size(), kMaxSequenceNameLength)) +
         suffix;
}

size_t FirstShardOwnTracks(const Sequence& sequence, const std::vector<std::string>& object_names) {
  std::unordered_map<std::string_view, size_t> objects;
  for (const std::string& name : object_names) objects.emplace(name, 0);
  size_t tracks = 0;
  size_t unowned_cues = 0;
  for (const Track& track : sequence.tracks) {
    if (const auto* transform = std::get_if<TransformTrack>(&track)) {
      if (objects.count(transform->target) == 0) ++tracks;
    } else if (const auto* cue_track = std::get_if<CuesTrack>(&track)) {
      for (const SequenceCue& cue : cue_track->cues) {
        if (!cue.target || objects.count(*cue.target) == 0) ++unowned_cues;
      }
    } else {
      ++tracks;
    }
  }
  return tracks + CuesTracksFor(unowned_cues);
}

namespace {

// The shards with their tracks, each moved, not copied (the cue tracks,
// which the cues are pointed at from, stay where they are until their cues
// move); the first shard also gets first_shard_tracks.
std::vector<Sequence> MakeShards(Sequence& sequence,
                                 const std::vector<std::vector<size_t>>& tracks_of_shard,
                                 const std::vector<size_t>& first_shard_tracks,
                                 size_t shard_count) {
  std::vector<Sequence> shards(shard_count);
  for (size_t number = 0; number < shard_count; ++number) {
    Sequence& shard = shards[number];
    shard.version = sequence.version;
    shard.name = number == 0 ? sequence.name : ShardName(sequence.name, number + 1);
    shard.duration = sequence.duration;
    shard.loop = sequence.loop;
    for (size_t index : tracks_of_shard[number]) {
      shard.tracks.push_back(std::move(sequence.tracks[index]));
    }
    if (number == 0) {
      for (size_t index : first_shard_tracks) {
        shard.tracks.push_back(std::move(sequence.tracks[index]));
      }
    }
  }
  return shards;
}

// Each shard's cues as cue tracks of at most kMaxTrackCues, appended.
void AppendCueTracks(std::vector<std::vector<SequenceCue>>& cues_of_shard,
                     std::vector<Sequence>& shards) {
  for (size_t number = 0; number < shards.size(); ++number) {
    std::vector<SequenceCue>& shard_cues = cues_of_shard[number];
    for (size_t first = 0; first < shard_cues.size(); first += kMaxTrackCues) {
      CuesTrack track;
      size_t last = std::min(shard_cues.size(), first + kMaxTrackCues);
      if (first == 0 && last == shard_cues.size()) {
        track.cues = std::move(shard_cues);  // one track: the list itself
        shards[number].tracks.push_back(std::move(track));
        break;
      }
      track.cues.assign(std::make_move_iterator(shard_cues.begin() + first),
                        std::make_move_iterator(shard_cues.begin() + last));
      shards[number].tracks.push_back(std::move(track));
    }
  }
}

}  // namespace

std::vector<Sequence> ShardSequence(Sequence sequence,
                                    const std::vector<std::string>& object_names) {
  if (sequence.tracks.size() <= kMaxSequenceTracks) {
    std::vector<Sequence> whole;
    whole.push_back(std::move(sequence));  // a 100k-node sequence is not copied
    return whole;
  }
  std::unordered_map<std::string_view, size_t> shard_of_object;
  for (const std::string& name : object_names) shard_of_object.emplace(name, 0);

  std::vector<size_t> object_tracks;
  std::vector<size_t> first_shard_tracks;  // everything but objects and cues
  std::vector<SequenceCue*> cues;          // moved to their shards at the end
  std::unordered_map<std::string_view, size_t> cues_of_object;
  for (size_t index = 0; index < sequence.tracks.size(); ++index) {
    Track& track = sequence.tracks[index];
    if (const auto* transform = std::get_if<TransformTrack>(&track)) {
      bool is_object = shard_of_object.count(transform->target) > 0;
      (is_object ? object_tracks : first_shard_tracks).push_back(index);
    } else if (auto* cue_track = std::get_if<CuesTrack>(&track)) {
      for (SequenceCue& cue : cue_track->cues) {
        cues.push_back(&cue);
        if (cue.target && shard_of_object.count(*cue.target) > 0) ++cues_of_object[*cue.target];
      }
    } else {
      first_shard_tracks.push_back(index);
    }
  }
  size_t unowned_cues = 0;
  for (const SequenceCue* cue : cues) {
    if (!cue->target || shard_of_object.count(*cue->target) == 0) ++unowned_cues;
  }

  // object_tracks are the objects' tracks in file order.
  std::vector<size_t> own_cues(object_tracks.size());
  for (size_t object = 0; object < object_tracks.size(); ++object) {
    own_cues[object] =
        cues_of_object[std::get<TransformTrack>(sequence.tracks[object_tracks[object]]).target];
  }
  std::vector<size_t> shard_of_track =
      AssignShards(first_shard_tracks.size(), unowned_cues, own_cues);
  const size_t shard_count = ShardCount(shard_of_track);
  std::vector<std::vector<size_t>> tracks_of_shard(shard_count);
  for (size_t object = 0; object < object_tracks.size(); ++object) {
    tracks_of_shard[shard_of_track[object]].push_back(object_tracks[object]);
    shard_of_object[std::get<TransformTrack>(sequence.tracks[object_tracks[object]]).target] =
        shard_of_track[object];
  }

  std::vector<Sequence> shards =
      MakeShards(sequence, tracks_of_shard, first_shard_tracks, shard_count);
  std::vector<std::vector<SequenceCue>> cues_of_shard(shard_count);
  for (SequenceCue* cue : cues) {
    size_t number = 0;
    if (cue->target) {
      auto found = shard_of_object.find(*cue->target);
      if (found != shard_of_object.end()) number = found->second;
    }
    cues_of_shard[number].push_back(std::move(*cue));
  }
  // What is left of the whole sequence is moved-from husks (and the counts'
  // keys viewed the moved cues' targets).
  cues.clear();
  cues_of_object.clear();
  sequence.tracks.clear();
  sequence.tracks.shrink_to_fit();
  AppendCueTracks(cues_of_shard, shards);
  return shards;
}

std::string ShardFilePath(const std::string& first, int number) {
  std::string suffix = "." + std::to_string(number);
  for (std::string_view extension : {".sequence.json", ".json"}) {
    if (first.size() > extension.size() && first.ends_with(extension)) {
      return first.substr(0, first.size() - extension.size()) + suffix + std::string(extension);
    }
  }
  return first + suffix;
}

}  // namespace cinc
