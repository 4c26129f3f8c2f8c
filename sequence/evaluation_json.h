// The evaluation as JSON (`cinc eval SEQUENCE --time t`; docs/sequence-format.md).
//
// Contract: {time, transforms, camera, missing_cameras, audio, time_scale}.
// transforms is an object keyed by target (first appearance order) holding
// position, rotation (Euler degrees), quaternion ([x, y, z, w]) and scale,
// each only where keyed. camera is null without a camera track, else
// {camera, position, quaternion, fov, focus_distance, aperture} with null for
// what is unknown or off. audio lists {track, clip, sound, offset, gain}.
#ifndef CINC_SEQUENCE_EVALUATION_JSON_H_
#define CINC_SEQUENCE_EVALUATION_JSON_H_

#include "core/json_writer.h"
#include "sequence/evaluator.h"

namespace cinc {

Json EvaluationToJson(const Evaluation& evaluation);

// Standalone evaluation (camera poses from the sequence's own tracks).
Json EvaluateSequenceToJson(const Sequence& sequence, double time);

}  // namespace cinc

#endif  // CINC_SEQUENCE_EVALUATION_JSON_H_
