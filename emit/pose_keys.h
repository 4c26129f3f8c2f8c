// Position and rotation keys of an owner whose world pose is not one plain
// channel: it is attached at some time (SPEC section 5's frames), or spins.
//
// Contract: the keys play the exact world pose (markers/pose.h) within
// `tolerance` at every instant. The timeline is cut at every instant where
// a segment or frame of the owner or of an owner it is attached to (over
// the time it is attached) starts, ends or is taken over. On each piece:
// - nothing in the chain moves: a hold (step key); a jump at the piece's
//   start is SetAt's pair (emit/key_list_builder.h);
// - everything that moves shares one segment timing (S, d, ease), and the
//   exact world value is the linear interpolation of the piece's ends in
//   that eased progress (checked at 7 interior instants, to 1e-9 m or
//   1e-9 degrees): exact keys with the ease, as for a plain channel; for
//   rotations only when one Euler component changes (e.g. a spin about +Y
//   of an object that otherwise holds, yaw 0 -> 720);
// - otherwise hermite keys (emit/hermite_bake.h) sampled from the exact state.
// Rotations are continuous Euler triples (SPEC section 8): the first key is
// canonical, later ones carried along the exact motion in steps that turn at
// most 45 degrees (the turn bounded by the moving segments' SLERP angles and
// spins times their progress), a jump takes the nearest triple.
#ifndef CINC_EMIT_POSE_KEYS_H_
#define CINC_EMIT_POSE_KEYS_H_

#include "core/scene.h"
#include "sequence/sequence.h"
#include "markers/rig.h"

namespace cinc {

struct PoseKeys {
  Keys position;
  Keys rotation;
};

// True when the owner has frame spans or a spinning rotation segment.
bool NeedsPoseKeys(const Rig& rig, OwnerRef owner);

PoseKeys EmitPoseKeys(const Rig& rig, OwnerRef owner, const Tolerance& tolerance);

}  // namespace cinc

#endif  // CINC_EMIT_POSE_KEYS_H_
