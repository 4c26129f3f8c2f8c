// Playing glTF animation samplers as glTF players do (the reader's side of
// gltf/gltf_animation.h): what --verify and the tests replay.
#ifndef CINC_GLTF_GLTF_PLAYBACK_H_
#define CINC_GLTF_GLTF_PLAYBACK_H_

#include <array>

#include "core/rotation.h"
#include "gltf/gltf_animation.h"

namespace cinc {

// Who plays the samplers: a glTF player as the specification says, or
// Blender 3.4 after its importer (LINEAR rotations per component, then
// normalised; its CUBICSPLINE is not modelled: the Blender profile writes
// none, docs/gltf.md "Blender").
enum class GltfPlayer { kGltf, kBlender };

// The sampler's value at t (x, y, z, and w for rotations) from its float32
// data in double arithmetic: the first value before the first key, the last
// from the last key on; STEP holds, LINEAR interpolates (rotations: SLERP
// the shorter way; kBlender: a normalised lerp), CUBICSPLINE is glTF's cubic
// Hermite (core/hermite.h, tangents times the segment's length; rotations
// normalised after).
std::array<double, 4> SampleGltf(const GltfSampler& sampler, double t,
                                 GltfPlayer player = GltfPlayer::kGltf);

// The owner's node pose at t: each channel's sample, or the node's initial
// TRS where it has none.
GltfNodePose GltfPose(const GltfOwnerMotion& motion, double t,
                      GltfPlayer player = GltfPlayer::kGltf);

}  // namespace cinc

#endif  // CINC_GLTF_GLTF_PLAYBACK_H_
