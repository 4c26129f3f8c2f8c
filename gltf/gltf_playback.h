// Playing glTF animation samplers as glTF players do (the reader's side of
// gltf/gltf_animation.h): what --verify and the tests replay.
//
// Contract: SampleGltf is the sampler's value at t, from its float32 data in
// double arithmetic: before the first key the first value, from the last
// key on the last one; STEP holds a key's value until the next key; LINEAR
// interpolates linearly (rotations: SLERP the shorter way); CUBICSPLINE is
// the cubic Hermite of glTF's appendix (core/hermite.h) with the tangents
// times the segment's length, rotations normalised after. GltfPose is an
// owner's node pose at t: each channel's sample, or the node's initial TRS
// where it has none.
#ifndef CINC_GLTF_GLTF_PLAYBACK_H_
#define CINC_GLTF_GLTF_PLAYBACK_H_

#include <array>

#include "core/rotation.h"
#include "gltf/gltf_animation.h"

namespace cinc {

// Up to 4 components: x, y, z (and w for rotations).
std::array<double, 4> SampleGltf(const GltfSampler& sampler, double t);

GltfNodePose GltfPose(const GltfOwnerMotion& motion, double t);

}  // namespace cinc

#endif  // CINC_GLTF_GLTF_PLAYBACK_H_
