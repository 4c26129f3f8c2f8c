// An owner's world pose cut into pieces, for the writers of pose keys: where
// its motion may change, and what moves it over each piece. The questions
// are the same whatever format the keys are for.
//
// Contract:
// - ChainPieceStarts: every instant where the world pose of an owner that is
//   attached at some time, spins or follows a path may change how it moves:
//   0, and the start, end and take-over of every segment and frame of the
//   owner and of each owner it is attached to (over the time it is attached;
//   scale too, for owners that carry it through a marker), sorted, unique.
//   Walked with an explicit stack; past 1,000,000 pieces of walk, every
//   instant of every owner.
// - DependencyInstants: the same for the owners that `roots` depend on
//   through frames and aims (look-at targets, focus targets), transitively,
//   over all time: what an aimed owner and the camera track's channels are
//   cut at.
// - MoversAt: the segments that move the owner's world pose over a piece
//   starting at t: its own position and rotation segments in motion, and
//   along its frame chain each carrier's rotation (it moves positions too),
//   position and, where the marker is off the carrier's origin, scale.
//   Rotation movers carry their turn (SLERP angle + |spin|) in degrees.
// - FollowsAim: the owner, or an owner it is attached to through any chain,
//   has a look-at: its pose then moves whenever an aim target does.
// - NeedsPoseKeys: the owner has frame spans or a spinning rotation segment.
#ifndef CINC_FIT_POSE_PIECES_H_
#define CINC_FIT_POSE_PIECES_H_

#include <functional>
#include <optional>
#include <vector>

#include "core/easing.h"
#include "core/exact_time.h"
#include "markers/rig.h"

namespace cinc {

// A value is taken as constant over a piece when it is the same at this many
// interior instants (fit/probes.h) and at the piece's end.
inline constexpr int kConstancyChecks = 9;

// A segment in motion over a piece.
struct Mover {
  ExactTime start;
  ExactTime duration;
  Ease ease;
  double turn_degrees = 0;  // rotation segments: SLERP angle + |spin|

  // The segment's eased progress at t, clamped to [0, 1].
  double ProgressAt(double t) const;
  bool SameTiming(const Mover& other) const;
};

struct Movers {
  std::vector<Mover> position;
  std::vector<Mover> rotation;
};

// What moves the owner's world pose over one piece.
struct PieceMotion {
  bool position_moves = false;
  bool rotation_moves = false;
  // The segments in motion, when they are all that moves the pose (an owner
  // without aims): the piece may then be written exactly. Empty for an
  // aimed owner.
  Movers movers;
};

// An owner's world pose cut into pieces. An owner moved by its own segments
// and its frame chain is cut at ChainPieceStarts and moves where a mover
// does; an aimed one (FollowsAim) is cut at DependencyInstants and moves
// where its pose differs at kConstancyChecks interior instants or the end
// (an aim target moves it with no segment of its own in motion).
class PosePieces {
 public:
  PosePieces(const Rig& rig, OwnerRef owner);

  bool aimed() const { return aimed_; }
  const std::vector<ExactTime>& starts() const { return starts_; }
  // The motion over [start, end), a piece of starts().
  PieceMotion MotionOver(const ExactTime& start, const ExactTime& end) const;

 private:
  const Rig& rig_;
  OwnerRef owner_;
  bool aimed_;
  std::vector<ExactTime> starts_;
};

// True when every mover has the timing (S, d, ease) of the first.
bool SameTiming(const std::vector<Mover>& movers);

// The timing (S, d, ease) the movers of a piece [start, end] share, with its
// eased progress at the piece's ends; nullopt when they do not share one or
// the eased progress does not change over the piece.
struct SharedTiming {
  const Mover* timing = nullptr;
  double eased_start = 0;
  double eased_end = 0;
};
std::optional<SharedTiming> SharedTimingOf(const std::vector<Mover>& movers, const ExactTime& start,
                                           const ExactTime& end);

// True when exact(t) is the linear interpolation from `from` to `to` in the
// shared timing's eased progress at 7 interior instants of [a, b]
// (fit/probes.h), to 1e-9 relative: the piece is exact as that ease.
bool IsAffineInTiming(const SharedTiming& shared, double a, double b, const Vec3& from,
                      const Vec3& to, const std::function<Vec3(double t)>& exact);

std::vector<ExactTime> ChainPieceStarts(const Rig& rig, OwnerRef owner);
std::vector<ExactTime> DependencyInstants(const Rig& rig, std::vector<OwnerRef> roots);
Movers MoversAt(const Rig& rig, OwnerRef owner, const ExactTime& t);
bool FollowsAim(const Rig& rig, OwnerRef owner);
bool NeedsPoseKeys(const Rig& rig, OwnerRef owner);

}  // namespace cinc

#endif  // CINC_FIT_POSE_PIECES_H_
