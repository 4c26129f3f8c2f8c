// An owner's world pose cut into pieces, for the writers of pose keys of
// every format: where its motion may change, and what moves it over each
// piece (docs/emission.md "Pieces").
#ifndef CINC_FIT_POSE_PIECES_H_
#define CINC_FIT_POSE_PIECES_H_

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/bit_memo.h"
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

  // The segment's eased progress at t, clamped to [0, 1] (a cubic bezier's
  // answers kept per thread for the owners probing the same instants).
  double ProgressAt(double t) const;
  // The same S, d and ease as `other`.
  bool SameTiming(const Mover& other) const;
};

// The segments in motion over a piece, rotation movers carrying their turn.
struct Movers {
  std::vector<Mover> position;
  std::vector<Mover> rotation;
  // What bounds the rounding of the pose composed along the chain over the
  // piece (SurelyAffineInTiming): the links walked, the sum of the largest
  // length each position composed may have (links' own, markers' scaled,
  // offsets), and whether every position mover is a plain lerp (no path,
  // no spin).
  int links = 0;
  double reach = 0;
  bool linear = true;
  // Every segment the pose reads at the piece's start has ended there (or
  // none has begun): each holds its final value (or the track's initial
  // one) until another segment takes over, a boundary of its channel.
  bool settled = true;
};

// The movers of owners' chains kept for the owners they carry, which are
// written next on the same thread: what MoversAt(owner, t) finds past the
// owner's own link is what it finds for any owner on the owner's frames
// past their carrier's link. Not shared between threads; allocated when it
// first keeps movers, of fixed size (a new entry replaces the one in its
// slot).
class MoversMemo {
 public:
  // The movers kept above `owner` at t, or nullptr.
  const Movers* FindAbove(OwnerRef owner, const ExactTime& t) const;
  void KeepAbove(OwnerRef owner, const ExactTime& t, const Movers& above);

 private:
  using Memo = BitMemo<3, Movers, 1024>;
  static BitKey<3> KeyOf(OwnerRef owner, const ExactTime& t);
  std::unique_ptr<Memo> memo_;
};

// An owner's piece starts (ChainPieceStarts), those its pose reads and those
// where only the scale of a carrier whose marker is at its origin changes
// apart, kept by PosePieces for the owners it carries: they follow it on the
// same thread (file order), and their walk up the chain ends at it.
struct ChainStarts {
  OwnerRef owner;
  std::vector<ExactTime> read;    // sorted, unique; 0 first
  std::vector<ExactTime> unread;  // sorted, unique, none of `read`
  size_t walked = 0;              // the owners' windows its walk took; 0: not to be used
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
  // `memo`: the movers of carriers written before on this thread, and where
  // this owner's are kept for those it carries; `kept`: the starts of the
  // owner written last on this thread, replaced by this owner's (the same
  // starts as without).
  PosePieces(const Rig& rig, OwnerRef owner, MoversMemo* memo = nullptr,
             ChainStarts* kept = nullptr);

  bool aimed() const { return aimed_; }
  const std::vector<ExactTime>& starts() const { return starts_; }
  // False when no segment or frame the pose reads starts or ends at
  // starts()[i], only the scale of a carrier whose marker is at its origin
  // (ChainPieceStarts): after a piece over which nothing moves and whose
  // movers are settled, the pose there is the same bits as at that piece's
  // start.
  bool PoseMayChangeAt(size_t i) const { return i >= unread_.size() || !unread_[i]; }
  // The motion over [start, end), a piece of starts().
  PieceMotion MotionOver(const ExactTime& start, const ExactTime& end) const;

 private:
  const Rig& rig_;
  OwnerRef owner_;
  bool aimed_;
  std::vector<ExactTime> starts_;
  std::vector<bool> unread_;  // per start: only scales the pose does not read change there
  MoversMemo* memo_;
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

// True when IsAffineInTiming(shared, a, b, from, to, exact) is sure to hold
// for the owner's exact world position over a piece that `movers` move
// with no rotation in motion and plain lerps only: that position is then
// affine in the shared eased progress, and at each probe the rounding of
// composing it (bounded from movers.reach), of the interpolation, and
// `drift` (how far `from` is from the exact position at a) stay below half
// the check's tolerance. False is no answer: probe.
bool SurelyAffineInTiming(const Movers& movers, const SharedTiming& shared, double a, double b,
                          const Vec3& from, const Vec3& to, double drift);

// Every instant where the owner's world pose may change how it moves: 0, and
// the start, end and take-over of every segment and frame of the owner and
// of each owner carrying it while it does, sorted, unique. `unread`, when
// given, is told those (sorted, unique) where only the scale of a carrier
// whose marker is at its origin starts or ends: the pose reads that scale
// only to scale the marker's translation.
std::vector<ExactTime> ChainPieceStarts(const Rig& rig, OwnerRef owner,
                                        std::vector<ExactTime>* unread = nullptr);
// The same for everything `roots` depend on through frames and aims,
// transitively, over all time: where an aimed owner and the camera track's
// channels are cut.
std::vector<ExactTime> DependencyInstants(const Rig& rig, std::vector<OwnerRef> roots);
// The segments that move the owner's world pose over a piece starting at t:
// its own, and along its frame chain each carrier's rotation, position and
// (a marker off the carrier's origin) scale. With a memo, the walk ends at
// the carrier whose movers above it are kept there (the same movers), and
// the owner's are kept.
Movers MoversAt(const Rig& rig, OwnerRef owner, const ExactTime& t, MoversMemo* memo = nullptr);
// The owner, or an owner carrying it through any chain, has a look-at.
bool FollowsAim(const Rig& rig, OwnerRef owner);
// The owner has frame spans or a spinning rotation segment.
bool NeedsPoseKeys(const Rig& rig, OwnerRef owner);

}  // namespace cinc

#endif  // CINC_FIT_POSE_PIECES_H_
