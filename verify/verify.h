// Verification: replaying a sequence against the scene's exact state
// (`cinc verify` and `cinc build --verify`; docs/cli.md "verify").
//
// Contract: VerifySequence plays every object's and camera's transform
// track with the sequence evaluator (sequence/interpolation.h, as the runtime
// does) at every 1/samples_per_second of the scene's duration, at every key
// time of that owner's own channels and at the duration's end, and compares
// with the exact state (markers/pose.h world poses, the state `cinc eval
// SCENE` prints). A double sample time d stands for the exact time whose
// double it is when a segment or frame boundary B has d == B.ToDouble()
// (emission writes B there), else for the real number d (the pieces in
// charge just before d, evaluated at d): so the key emission writes at the
// largest double below a jump is compared with the left limit there.
// Per owner it reports the largest and RMS position error (metres) and
// rotation error (degrees, the angle of q_exact^-1 * q_played), with the
// first time of each maximum; for objects also the largest scale error
// (largest component difference) over the samples where the exact opacity
// is above 0 (while hidden the scale may be written 0). Problems are E_VERIFY
// errors at the owner's place in the scene: no transform track or no
// position / rotation keys for an owner, a duration that differs from the
// scene's, a maximum over the tolerance (scale is held to the position
// tolerance as a plain number). Tracks of one target merge channel by
// channel, the later winning; tracks of unknown targets are ignored; fov,
// focus and aperture are not compared. docs/cli.md ("verify").
#ifndef CINC_VERIFY_VERIFY_H_
#define CINC_VERIFY_VERIFY_H_

#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/json_writer.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "gltf/gltf_animation.h"
#include "markers/rig.h"
#include "sequence/sequence.h"

namespace cinc {

struct VerifySettings {
  Tolerance tolerance;
  int samples_per_second = 1000;
  // The sequence or glTF export is the disassembly (emit/reverse_sequence.h,
  // gltf/gltf_reverse.h): what it plays at D - t is compared with the exact
  // state at t. Without it, a timeline with a `disassembly:` is played
  // over its whole length: what is played at t is compared with the exact
  // state at ForwardTime(t) (core/timeline.h; docs/reverse.md "Disassembly
  // in the scene").
  bool reversed = false;
  // A glTF export's profile: the Blender profile is played both as glTF
  // players and as Blender play it (gltf/gltf_playback.h), the worse counts.
  GltfProfile gltf_profile = GltfProfile::kGltf;
};

// The largest and root-mean-square error of one quantity over the samples.
struct ErrorSummary {
  double max = 0;
  double max_time = 0;  // the first sample time where `max` occurs
  double rms = 0;
};

struct OwnerVerification {
  std::string name;
  bool is_camera = false;
  bool played = false;  // false: no usable track, nothing compared
  ErrorSummary position;
  ErrorSummary rotation;  // degrees
  ErrorSummary scale;     // objects, visible samples only
  size_t samples = 0;
  size_t visible_samples = 0;
};

struct VerifyReport {
  Tolerance tolerance;
  std::vector<OwnerVerification> owners;  // objects in file order, then cameras
  bool passed = false;                    // no E_VERIFY was reported
};

VerifyReport VerifySequence(const Scene& scene, const Timeline& timeline, const Rig& rig,
                            const Sequence& sequence, const VerifySettings& settings,
                            Diagnostics* diagnostics);

// The same for a glTF export's motions (gltf/gltf_document.h), objects then
// cameras, played as glTF players play them (gltf/gltf_playback.h): float32
// times and values, one interpolation per sampler.
VerifyReport VerifyGltf(const Scene& scene, const Timeline& timeline, const Rig& rig,
                        const std::vector<GltfOwnerMotion>& motions, const VerifySettings& settings,
                        Diagnostics* diagnostics);

// One sequence holding the tracks of every shard in order (emit/shards.h),
// for verification. Shard k (1-based, k >= 2) must be named `name.k` and
// every shard must last as long as the first: otherwise E_VERIFY naming
// `files[k - 1]`, and the result is nullopt-like (`ok` false).
struct MergedShards {
  Sequence sequence;
  bool ok = false;
};
MergedShards MergeShards(const std::vector<Sequence>& shards, const std::vector<std::string>& files,
                         Diagnostics* diagnostics);

// The table `cinc verify` prints: a header, then one line per owner (name,
// kind, max and RMS position error in m, max and RMS rotation error in
// degrees, samples), numbers to 3 significant digits.
std::string VerifyReportToText(const VerifyReport& report);
// {"tolerance": {position, rotation}, "passed", "owners": [{"name", "kind",
// "samples", "position": {max, max_time, rms}, "rotation": {...}, "scale":
// {...} (objects), "visible_samples" (objects)}]}; numbers round-trip.
Json VerifyReportToJson(const VerifyReport& report);

}  // namespace cinc

#endif  // CINC_VERIFY_VERIFY_H_
