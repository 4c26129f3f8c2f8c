// The scene's motion as glTF animation samplers: one per moving channel
// (translation, rotation, scale) of each object's and camera's node.
//
// Contract: AnimateOwner plays the owner's exact world pose (markers/pose.h)
// and, for objects, its scale — 0 over every interval where its opacity is
// exactly 0 — within the scene's tolerance at every instant, as a glTF
// player plays them: times, values and tangents float32, one interpolation
// per sampler, rotations as unit quaternions [x, y, z, w] (CUBICSPLINE ones
// normalised by the player). The channel is cut into pieces as the
// sequence's pose keys are (fit/pose_pieces.h) and each piece is
//   - a hold (nothing moves);
//   - linear: a move whose value is linear in time (a linear ease in a
//     fixed frame), or for rotations a turn about a fixed axis at a steady
//     speed, written as SLERP keys at most 120 degrees apart (spins);
//   - cubic: a move that is a cubic in time (a linear or smoothstep
//     `ease_in_out` ease, the whole move or a part), written with its exact
//     tangents;
//   - fitted: anything else (other eases, moving frames, paths, look-at),
//     by the sequence's fitter (fit/hermite_fit.h) judged by glTF's
//     playback (PlaybackModel kGltf).
// A channel of holds only is STEP; of holds and linear pieces LINEAR (a
// hold as two keys of one value); otherwise CUBICSPLINE, its linear
// position and scale pieces as exact cubics and its SLERPs fitted. Key
// times are stored as GltfStoredTime says; a jump at t is the old value at
// the float32 before that and the new one at it. A
// channel that never changes is not written (the node's own TRS holds it).
// Quaternions keep one hemisphere from key to key.
//
// With `reverse`, the disassembly over the scene's duration D: the same
// pieces played backwards, each fitted or written exactly again in the
// reversed time τ (the state at τ is the forward state at D − τ), so the
// keys are checked as they will be played. A boundary B of the pieces comes
// at GltfMirroredTime(B, D), showing the forward state at B; where the value
// jumps at B, the value from before B follows one float32 later (a jump at
// B = D: at 0 and one float32 after). The node's TRS is the pose at the
// end, where the reversed motion starts.
#ifndef CINC_GLTF_GLTF_ANIMATION_H_
#define CINC_GLTF_GLTF_ANIMATION_H_

#include <cstddef>
#include <optional>
#include <vector>

#include "core/exact_time.h"
#include "core/rotation.h"
#include "fit/fit_settings.h"
#include "markers/rig.h"

namespace cinc {

// The most keys the glTF export writes in one channel: its fits stop there
// (PlaybackModel::max_keys), and a channel past it is E_LIMIT.
inline constexpr size_t kMaxGltfChannelKeys = 1'000'000;

// One sampler as glTF stores it.
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

struct GltfExportSettings {
  FitSettings fit;
  bool hide_with_scale = false;  // objects scaled to 0 while their opacity is 0
  bool reverse = false;          // the disassembly, over `duration`
  ExactTime duration;            // the scene's (the timeline's)
};

GltfOwnerMotion AnimateOwner(const Rig& rig, OwnerRef owner, const GltfExportSettings& settings);

}  // namespace cinc

#endif  // CINC_GLTF_GLTF_ANIMATION_H_
