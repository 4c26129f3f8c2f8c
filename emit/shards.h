// Shards: a sequence of more than 256 tracks as several sequences meant to
// play together (docs/emission.md "Shards").
#ifndef CINC_EMIT_SHARDS_H_
#define CINC_EMIT_SHARDS_H_

#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "sequence/sequence.h"

namespace cinc {

// Cue tracks hold at most kMaxTrackCues cues: the tracks `cues` cues take.
size_t CuesTracksFor(size_t cues);

// The shard of each object (0-based, in file order, so each shard's
// objects follow one another): the greedy rule above, given the first
// shard's own tracks other than cue tracks, the number of cues that target
// no object, and the cues that target each object. One shard when
// everything fits in one sequence.
std::vector<size_t> AssignShards(size_t first_shard_other_tracks, size_t unowned_cues,
                                 const std::vector<size_t>& cues_of_object);
// The number of shards AssignShards' answer makes: 1 without objects.
size_t ShardCount(const std::vector<size_t>& shard_of_object);

// The tracks the first shard holds whatever the objects: cameras' transform
// tracks, the camera, time and audio tracks, and the cues tracks of cues
// that target no object. More than kMaxSequenceTracks (less one when there
// are objects) cannot be written (E_LIMIT, checked by the pipeline).
size_t FirstShardOwnTracks(const Sequence& sequence, const std::vector<std::string>& object_names);

// False, after E_LIMIT (at the first camera too many, when cameras are the
// cause), when the first shard's `own_tracks` (FirstShardOwnTracks) leave no
// room for the objects' tracks: "the first sequence file would need N
// tracks for C cameras and M camera, time, audio and cue tracks, more than
// the R it holds; use fewer cameras".
bool CheckFirstShardFits(const Scene& scene, size_t own_tracks, Diagnostics* diagnostics);

// The sequence itself when it has at most kMaxSequenceTracks tracks; else
// the shards of AssignShards, each cue with its target object's shard (other
// cues in the first), cues tracks of 256 last. A first shard that cannot
// hold even one object gets it anyway (the validator refuses it).
// `object_names`: the targets that are objects (scene.objects' names).
// Taken by value: the usual single shard is the sequence itself, moved.
std::vector<Sequence> ShardSequence(Sequence sequence,
                                    const std::vector<std::string>& object_names);

// Shard `number`'s sequence name: `name.number`, the name cut at its end
// where both would be longer than 128 characters (a sequence name's limit).
std::string ShardName(const std::string& name, int number);

// Shard `number`'s file beside the first: `out.sequence.json` ->
// `out.k.sequence.json` (`x.json` -> `x.k.json`, `x` -> `x.k`); number >= 2
// (number 1 is `first` itself).
std::string ShardFilePath(const std::string& first, int number);

}  // namespace cinc

#endif  // CINC_EMIT_SHARDS_H_
