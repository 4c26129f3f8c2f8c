// Emission: the scene, its timeline and its rig as a sequence (docs/emission.md).
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

// The sequence (docs/emission.md "The sequence"): version 1, named after the
// scene, one transform track per object then per camera, the camera, time,
// audio and cues tracks. A pure function of its inputs; `rig` is BuildRig's
// for the scene and timeline (otherwise E_INTERNAL and an empty sequence).
// `fit` is the build's (FitSettingsFor); each call gives its fits a budget
// of kMaxFitChecks checks of its own. A channel of more than 10,000 keys is
// E_LIMIT naming the owner (the keys are kept, the run has failed).
Sequence EmitSequence(const Scene& scene, const Timeline& timeline, const Rig& rig,
                      const EmitSettings& settings, const FitSettings& fit,
                      Diagnostics* diagnostics);

// The same sequence cut into the shards ShardSequence (emit/shards.h) would
// make of it, one at a time: `take` gets each shard (its 0-based index, the
// number of shards) as soon as it is made, and may free the timeline and rig
// once it has the last. Every shard is made, for its problems; shards are
// taken only while no error has been reported. False when the rig does not
// match the scene (E_INTERNAL, nothing made) or the first shard cannot hold
// its own tracks (E_LIMIT, CheckFirstShardFits; nothing taken).
bool EmitShards(const Scene& scene, const Timeline& timeline, const Rig& rig,
                const EmitSettings& settings, const FitSettings& fit, Diagnostics* diagnostics,
                const std::function<void(Sequence shard, size_t index, size_t count)>& take);

}  // namespace cinc

#endif  // CINC_EMIT_EMIT_SEQUENCE_H_
