// The evaluator: what a sequence shows at one time (the cinema runtime's
// evaluation; docs/sequence-format.md).
//
// Contract: every function is a pure function of its arguments (no caches,
// no state), so the same time gives the same bits in any order. Times are
// clamped to 0..duration (NaN reads as 0; the CLI reports E_CINEMA_TIME
// before calling). Camera shake is the runtime's own noise and is not
// evaluated. Sequences must be valid (validator.h).
#ifndef CINC_SEQUENCE_EVALUATOR_H_
#define CINC_SEQUENCE_EVALUATOR_H_

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/rotation.h"
#include "sequence/sequence.h"

namespace cinc {

// The weight of a shot blending in at progress u of its blend (clamped to
// [0, 1]), as the runtime mixes cameras: the shot's blend_ease, else
// smoothstep u^2 (3 - 2u).
double ShotBlendWeight(const std::optional<std::array<double, 4>>& blend_ease, double u);

// One target's keyed channels. Two tracks of one target merge channel by
// channel, the later track winning (docs/sequence-format.md "Transforms").
struct TransformSample {
  std::string target;
  std::optional<Vec3> position;
  std::optional<Vec3> rotation;    // Euler [pitch, yaw, roll] degrees, as keyed
  std::optional<Quat> quaternion;  // QuatFromEulerDegrees(rotation)
  std::optional<Vec3> scale;
};

// A camera object's world pose; fov is its Camera component's, if known.
struct CameraObjectPose {
  Vec3 position{0, 0, 0};
  Quat rotation{1, 0, 0, 0};
  std::optional<double> fov;
};
using CameraPoses = std::map<std::string, CameraObjectPose, std::less<>>;

// The output camera. position and rotation are absent when the shown
// camera(s) have no pose; fov when neither the fov channel nor a pose knows
// it; focus_distance and aperture unless focus_distance is keyed (depth of
// field on; aperture defaults to 2.8).
struct CameraSample {
  std::string camera;  // the current shot's camera
  std::optional<Vec3> position;
  std::optional<Quat> rotation;
  std::optional<double> fov;
  std::optional<double> focus_distance;
  std::optional<double> aperture;
};

// A clip sounding at the time: offset into the sound (seconds), gain with
// volume and fades applied. track and clip index the sequence.
struct SoundingClip {
  size_t track = 0;
  size_t clip = 0;
  std::string sound;
  double offset = 0;
  double gain = 1;
};

struct Evaluation {
  double time = 0;
  std::vector<TransformSample> transforms;   // first appearance order
  std::optional<CameraSample> camera;        // absent without a camera track
  std::vector<std::string> missing_cameras;  // shot cameras without a pose
  std::vector<SoundingClip> audio;
  double time_scale = 1;
};

// t clamped to 0..duration; NaN gives 0.
double ClampSequenceTime(const Sequence& sequence, double t);
// False (E_CINEMA_TIME) when t is not finite.
bool CheckEvaluationTime(double t, Diagnostics* diagnostics);

std::vector<TransformSample> EvaluateTransforms(const Sequence& sequence, double t);
// Poses of the shot cameras that transform tracks animate (standalone
// evaluation: unkeyed position is the origin, unkeyed rotation the identity).
CameraPoses PosesFromTransforms(const Sequence& sequence,
                                const std::vector<TransformSample>& transforms);
// Every shot camera (once, in shot order) that `poses` does not hold.
std::vector<std::string> MissingCameras(const Sequence& sequence, const CameraPoses& poses);
std::optional<CameraSample> EvaluateCamera(const Sequence& sequence, double t,
                                           const CameraPoses& poses);
std::vector<SoundingClip> EvaluateAudio(const Sequence& sequence, double t);
// The time track's scale (1 without one), clamped to 0..16.
double TimeScaleAt(const Sequence& sequence, double t);

Evaluation EvaluateSequence(const Sequence& sequence, double t, const CameraPoses& poses);
// Camera poses from the sequence's own transform tracks.
Evaluation EvaluateSequence(const Sequence& sequence, double t);

}  // namespace cinc

#endif  // CINC_SEQUENCE_EVALUATOR_H_
