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

#include "core/diagnostics.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "emit/emit_settings.h"
#include "markers/rig.h"
#include "sequence/sequence.h"

namespace cinc {

Sequence EmitSequence(const Scene& scene, const Timeline& timeline, const Rig& rig,
                      const EmitSettings& settings, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_EMIT_EMIT_SEQUENCE_H_
