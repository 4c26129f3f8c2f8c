// Emission: the scene, its timeline and its rig as a sequence (docs/emission.md).
//
// Contract: EmitSequence is a pure function of its inputs. The rig is the one
// markers/BuildRig made of the scene and timeline (one rig per object and
// camera; otherwise E_INTERNAL and an empty sequence). The sequence is
// version 1, named scene.name, of duration timeline.duration, looping as the
// scene says. Tracks, in order: one transform track per object (file order)
// then per camera (emit/emit_transforms.h); the camera track when there are
// shots and the time track when there is time scale (emit/emit_director.h);
// audio tracks of at most 256 clips and cues tracks of at most 256 cues
// (emit/emit_cues.h). A channel of more than 10,000 keys is E_LIMIT naming
// the object and the count (the keys are kept, the run has failed). More
// than 256 tracks are split by emit/shards.h. docs/emission.md tells what
// each construct becomes and why.
#ifndef CINC_EMIT_EMIT_SEQUENCE_H_
#define CINC_EMIT_EMIT_SEQUENCE_H_

#include <cstddef>
#include <functional>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "emit/emit_settings.h"
#include "fit/fit_settings.h"
#include "markers/rig.h"
#include "sequence/sequence.h"

namespace cinc {

Sequence EmitSequence(const Scene& scene, const Timeline& timeline, const Rig& rig,
                      const EmitSettings& settings, const FitSettings& fit,
                      Diagnostics* diagnostics);

// The same sequence cut into the shards ShardSequence (emit/shards.h) would
// make of it, made one shard at a time: `take` gets each shard, with its
// 0-based index and the number of shards, as soon as it is made, so that a
// build can write a shard and let it go before the next (the whole sequence
// of a 100,000-node scene is never held). Once it has the last shard,
// emission no longer reads the scene's timeline and rig: `take` may free them. Every shard is made,
// so that every object's problems are reported, but shards are taken only while no error has been
// reported. Returns false when the rig does not match the scene (E_INTERNAL, nothing made) or when
// the first shard cannot hold its own tracks (E_LIMIT, CheckFirstShardFits; the objects are still
// made, for their problems, and nothing is taken).
bool EmitShards(const Scene& scene, const Timeline& timeline, const Rig& rig,
                const EmitSettings& settings, const FitSettings& fit, Diagnostics* diagnostics,
                const std::function<void(Sequence shard, size_t index, size_t count)>& take);

}  // namespace cinc

#endif  // CINC_EMIT_EMIT_SEQUENCE_H_
