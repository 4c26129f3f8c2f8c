// Position and rotation keys of an owner whose world pose is not one plain
// channel: it is attached at some time, spins, follows a path, or follows an
// aim (docs/attachments.md "Emission", docs/cameras.md).
#ifndef CINC_EMIT_POSE_KEYS_H_
#define CINC_EMIT_POSE_KEYS_H_

#include "fit/fit_settings.h"
#include "fit/pose_pieces.h"
#include "markers/pose_memo.h"
#include "markers/rig.h"
#include "sequence/sequence.h"

namespace cinc {

// What the owners written before on one thread leave for those they carry
// (attached objects follow their carriers in file order): their world poses,
// their chains' movers, and the last one's piece starts.
struct ChainMemo {
  PoseMemo poses;
  MoversMemo movers;
  ChainStarts starts;  // the last owner's piece starts
};

// An owner's position and rotation keys.
struct PoseKeys {
  Keys position;
  Keys rotation;
};

// Keys that play the exact world pose (markers/pose.h) within the
// tolerance at every instant, over the pieces of fit/pose_pieces.h: a hold,
// exact keys with the ease where the piece is affine in one shared timing
// (rotations: one Euler component changing; never for an aimed owner), else
// baked (emit/hermite_keys.h). Rotations are continuous Euler triples.
// `memo`: carriers' poses and movers kept by the owners written before on
// this thread, and where this one's are kept for the next
// (markers/pose_memo.h, fit/pose_pieces.h).
PoseKeys EmitPoseKeys(const Rig& rig, OwnerRef owner, const FitSettings& settings,
                      ChainMemo* memo = nullptr);

}  // namespace cinc

#endif  // CINC_EMIT_POSE_KEYS_H_
