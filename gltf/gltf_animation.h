// The scene's motion as glTF animation samplers: one per moving channel
// (translation, rotation, scale) of each object's and camera's node
// (docs/gltf.md "How the motion is written"; the disassembly: docs/reverse.md).
#ifndef CINC_GLTF_GLTF_ANIMATION_H_
#define CINC_GLTF_GLTF_ANIMATION_H_

#include <cstddef>
#include <optional>
#include <vector>

#include "core/exact_time.h"
#include "core/rotation.h"
#include "core/timeline.h"
#include "fit/fit_settings.h"
#include "markers/rig.h"

namespace cinc {

// The most keys the glTF export writes in one channel: its fits stop there
// (PlaybackModel::max_keys), and a channel past it is E_LIMIT.
inline constexpr size_t kMaxGltfChannelKeys = 1'000'000;

// One sampler as glTF stores it: one interpolation for all its keys, times,
// values and tangents as float32.
struct GltfSampler {
  // glTF's one interpolation of the sampler's keys.
  enum class Interpolation { kStep, kLinear, kCubicSpline };
  Interpolation interpolation = Interpolation::kStep;
  int width = 3;             // 3: translation, scale; 4: rotation
  std::vector<float> times;  // strictly increasing
  // width numbers per key; CUBICSPLINE: in-tangent, value, out-tangent.
  std::vector<float> values;

  size_t key_count() const { return times.size(); }
};

using GltfInterpolation = GltfSampler::Interpolation;

// A node's channels; nullopt: a channel that never changes (the node's TRS
// holds it).
struct GltfNodeAnimation {
  std::optional<GltfSampler> translation;
  std::optional<GltfSampler> rotation;
  std::optional<GltfSampler> scale;
};

// The node's pose at t = 0, for its TRS.
struct GltfNodePose {
  Vec3 translation{0, 0, 0};
  Quat rotation{1, 0, 0, 0};
  Vec3 scale{1, 1, 1};
};

// An owner's node: its TRS and its channels.
struct GltfOwnerMotion {
  GltfNodePose initial;
  GltfNodeAnimation animation;
};

// The float32 a key meant for time t is stored at: the largest float32 not
// after t, so that a player asked for t itself already shows what starts at
// t (a jump lands at or before its time, never after).
double GltfStoredTime(double t);

// The disassembly's float32 for a boundary at forward time t in a scene of
// `duration` seconds: the smallest float32 not before duration − t
// (fit/mirrored_time.h MirroredTime), so that a player asked for
// duration − t shows the forward state at t.
double GltfMirroredTime(double t, double duration);

// Which players the keys are fitted for (`cinc build --for`).
enum class GltfProfile {
  kGltf,     // glTF's own playback (three.js and the specification): cubic splines where they pay
  kBlender,  // LINEAR keys only: Blender 3.4's importer and every glTF player (docs/gltf.md)
};

// How long before a jump the Blender profile keys the old value: Blender
// takes keys within 1e-4 frames of a time for that time, so a jump's two
// keys must be farther apart than that (10 µs, or 2.5e-7 of t where float32
// times are coarser); a LINEAR player ramps between them.
double GltfBlenderJumpRamp(double t);

// How the build wants the asset.
struct GltfExportSettings {
  FitSettings fit;
  GltfProfile profile = GltfProfile::kGltf;
  bool hide_with_scale = false;  // objects scaled to 0 while their opacity is 0
  bool reverse = false;          // the disassembly, over `duration`
  ExactTime duration;            // the scene's (the timeline's)
  // A scene's `disassembly:` after the assembly (not with `reverse`);
  // nullopt: none (docs/reverse.md "Disassembly in the scene").
  std::optional<DisassemblyTimes> disassembly;
};

// The owner's exact world pose (markers/pose.h) and, for objects, its scale
// (0 while hidden, with hide_with_scale) as samplers that a glTF player plays
// within the scene's tolerance at every instant: each piece (fit/pose_pieces.h)
// a hold, exact LINEAR or cubic keys, or fitted (fit/hermite_fit.h, judged by
// PlaybackModel kGltf); with `reverse`, the disassembly over `duration`.
// docs/gltf.md "How the motion is written", docs/reverse.md.
GltfOwnerMotion AnimateOwner(const Rig& rig, OwnerRef owner, const GltfExportSettings& settings);

}  // namespace cinc

#endif  // CINC_GLTF_GLTF_ANIMATION_H_
