// Position and rotation keys of an owner whose world pose is not one plain
// channel: it is attached at some time (frames), spins, follows a path, or
// follows an aim (a look-at of its own or of an owner carrying it).
//
// Contract: the keys play the exact world pose (markers/pose.h) within the
// tolerance at every instant. The timeline is cut into pieces
// (fit/pose_pieces.h): for an owner moved by its frame chain alone at the
// chain's instants, for an aimed owner at the instants of everything it
// depends on. On each piece:
// - nothing moves (for an aimed owner: the pose is the same at 9 interior
//   instants and at the end): a hold (step key); a jump at the piece's start
//   is SetAt's pair (emit/key_list_builder.h);
// - everything that moves shares one segment timing (S, d, ease), and the
//   exact world value is the linear interpolation of the piece's ends in
//   that eased progress (checked at 7 interior instants, fit/probes.h, to 1e-9 m or
//   1e-9 degrees): exact keys with the ease, as for a plain channel; for
//   rotations only when one Euler component changes (e.g. a spin about +Y
//   of an object that otherwise holds, yaw 0 -> 720). Never for an aimed
//   owner;
// - otherwise hermite keys (fit/hermite_fit.h) sampled from the exact state.
// Rotations are continuous Euler triples: the first key is canonical
// (core/rotation.h), later ones carried along the exact motion in steps that
// turn at most 45 degrees (the turn bounded by the moving segments' SLERP
// angles and spins times their progress) or, for an aimed owner, at most 10
// degrees (measured); a jump takes the nearest triple.
#ifndef CINC_EMIT_POSE_KEYS_H_
#define CINC_EMIT_POSE_KEYS_H_

#include "fit/fit_settings.h"
#include "markers/rig.h"
#include "sequence/sequence.h"

namespace cinc {

struct PoseKeys {
  Keys position;
  Keys rotation;
};

PoseKeys EmitPoseKeys(const Rig& rig, OwnerRef owner, const FitSettings& settings);

}  // namespace cinc

#endif  // CINC_EMIT_POSE_KEYS_H_
