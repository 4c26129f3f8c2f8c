// World poses from the rig: W = F * L along attachment chains (docs/attachments.md).
//
// Contract: an owner's world pose at t walks its chain of frames upward
// iteratively (the frame span in charge at t, then its parent's, ...; at most
// one step per owner, so even a rig with a cycle, which BuildRig reports as
// E_MARKER_CYCLE and cuts, terminates), then composes downward:
// W_child = W_parent * [R_m, s_parent(t) o t_m] * O * L_child. Scale is never
// inherited; only a marker's translation is scaled by its owner's scale
// (cameras: 1). An owner in the world frame has W = L exactly (no product).
//
// A rotation segment with a look-at aim is evaluated from the live aim point
// (markers/camera_aim.h); aims that loop back are cut after one visit per owner.
//
// The *Within variants choose every segment and frame at `select` and
// evaluate them at t: over an interval with no segment or frame boundary
// inside, this is the state's continuous function on the closed interval,
// including its left limit at the interval's end (used by emission to
// sample at double times and to end a motion where the next piece jumps).
#ifndef CINC_MARKERS_POSE_H_
#define CINC_MARKERS_POSE_H_

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "core/ease_table.h"
#include "core/exact_time.h"
#include "core/rotation.h"
#include "markers/pose_memo.h"
#include "markers/rig.h"

namespace cinc {

// a * b: b expressed in a's frame, then a applied.
RigidPose Compose(const RigidPose& a, const RigidPose& b);
RigidPose Inverse(const RigidPose& pose);

// The channels of one owner, whichever kind it is.
struct OwnerChannels {
  const ChannelTrack<Vec3>* position = nullptr;
  const ChannelTrack<Quat>* rotation = nullptr;
  const ChannelTrack<Vec3>* scale = nullptr;  // nullptr for cameras (scale 1)
  const FrameTrack* frames = nullptr;
};
// Empty channels (all nullptr) for an owner the rig does not hold.
OwnerChannels ChannelsOf(const Rig& rig, OwnerRef owner);
int OwnerCount(const Rig& rig);

// The span in charge at t (the last with S <= t), or nullptr (the world).
const FrameSpan* ActiveFrameSpan(const FrameTrack& frames, const ExactTime& t);
// "world", "body" or "body/hole-1" at t.
const std::string& FrameLabelAt(const Rig& rig, OwnerRef owner, const ExactTime& t);

// With a memo (markers/pose_memo.h), the carriers' poses kept there are
// read instead of worked out, and the owner's and its carriers' are kept.
RigidPose WorldPoseAt(const Rig& rig, OwnerRef owner, const ExactTime& t, PoseMemo* memo = nullptr);
RigidPose WorldPoseWithin(const Rig& rig, OwnerRef owner, const ExactTime& select,
                          const ExactTime& t, PoseMemo* memo = nullptr);
RigidPose WorldPoseWithin(const Rig& rig, OwnerRef owner, const ExactTime& select, double t);

// The world point an aim names (its owner's origin or marker) at t.
Vec3 AimPointAt(const Rig& rig, const Aim& aim, const ExactTime& t);
Vec3 AimPointWithin(const Rig& rig, const Aim& aim, const ExactTime& select, double t);

// The world rotation a look-at segment of `owner` gives at t (whether or
// not it is in charge then): LevelInterpolate(R(S), R_look(t), u),
// markers/camera_aim.h.
Quat LookAtSegmentRotation(const Rig& rig, OwnerRef owner, const Segment<Quat>& segment,
                           const ExactTime& t);
// The same for a camera at world `position` whose look-at `from` is local to
// `frame` (nullptr: the world), without reading the owner's own pose: the
// left limit at an attach or detach, whose new values are not filled yet.
Quat LookAtSegmentRotation(const Rig& rig, const Segment<Quat>& segment, const Frame* frame,
                           const Vec3& position, const ExactTime& t);

// F(t) of `frame` (identity for the world), with the parent's full state at t.
// With a memo, the poses of the parent and its carriers at t kept there are
// read instead of worked out, and theirs are kept.
RigidPose FrameTransformAt(const Rig& rig, const Frame& frame, const ExactTime& t,
                           PoseMemo* memo = nullptr);

// The eased progress at double time t of a segment from `start` lasting
// `duration` seconds (`instant`: no duration, progress 1 from the start).
inline double ProgressAtSeconds(double start, double duration, bool instant, const Ease& ease,
                                double t) {
  if (t < start) return 0;
  if (instant) return 1;
  double u = (t - start) / duration;
  return std::clamp(ApplyEase(ease, u), 0.0, 1.0);
}

// The eased progress of a segment at a double time: as EasedProgress, with
// (t - S) / d in doubles (for sampling between exact instants).
template <typename Value>
double SegmentProgressAt(const Segment<Value>& segment, double t) {
  return ProgressAtSeconds(segment.start.ToDouble(), segment.duration.ToDouble(),
                           segment.duration <= ExactTime(), segment.ease, t);
}

// One owner's world pose sampled many times within one interval (as
// emission's fits do): the chain of frames and every segment in charge at
// `select` are chosen once, with what does not change over the interval:
// each segment's timing as doubles (one eased progress for the segments of
// a link that share their timing), each slerp's axis and angle, and a
// segment that holds its value to the bit read as that value. At(t) equals
// WorldPoseWithin(rig, owner, select, t) to the bit: the same operations on
// the same numbers. PositionAt(t) is At(t).position without working out the
// owner's own world rotation. An owner whose chain holds a look-at segment
// is evaluated by WorldPoseWithin itself (its aim reads other owners' poses).
// With a memo, the carriers' poses at t are read from it where kept there,
// and the owner's and its carriers' are kept (markers/pose_memo.h).
// With EaseSolve::kTable, each cubic-bezier timing's eased progress is
// EaseTable::At (core/ease_table.h): the poses are then within a few 1e-16
// of the progress's rounding, not to the bit, for sampling whose results
// may move so (a fit's exact samples, emit/pose_keys.cc).
class PoseWithin {
 public:
  enum class EaseSolve { kExact, kTable };
  PoseWithin(const Rig& rig, OwnerRef owner, const ExactTime& select, PoseMemo* memo = nullptr,
             EaseSolve solve = EaseSolve::kExact);
  RigidPose At(double t) const;
  Vec3 PositionAt(double t) const;

 private:
  // A segment's timing over the interval, as doubles.
  struct BoundTiming {
    double start = 0;
    double duration = 0;
    bool instant = false;
    const Ease* ease = nullptr;
    const EaseTable* table = nullptr;  // EaseSolve::kTable's, for a cubic bezier
  };
  // A channel over the interval: its segment in charge at `select`, or
  // `held` at every t (no segment, or one whose value never changes).
  template <typename Value>
  struct BoundChannel {
    const Segment<Value>* segment = nullptr;  // nullptr: `held`
    Value held{};
    int timing = 0;  // the segment's timing among its link's
  };
  // The eased progress of each of a link's timings at one t.
  using LinkProgress = std::array<double, 3>;
  struct BoundLink {
    BoundChannel<Vec3> position;
    BoundChannel<Quat> rotation;
    SlerpPlan rotation_plan;   // how the rotation segment's slerp goes
    BoundChannel<Vec3> scale;  // read by the link below when it is on a frame
    bool scale_read = false;
    std::array<BoundTiming, 3> timings{};  // the distinct timings of its segments
    int timing_count = 0;
    const Frame* frame = nullptr;  // nullptr: the world
    OwnerRef owner;
    OwnerChannels channels;
    bool bound = false;  // the channels above are bound (on first use)

    template <typename Value>
    void Bind(const ChannelTrack<Value>& track, const ExactTime& select,
              BoundChannel<Value>* channel);
    double ProgressAt(int timing_index, double t) const;
    LinkProgress ProgressAt(double t) const;
    Vec3 PositionAt(const LinkProgress& progress) const;
    Quat RotationAt(const LinkProgress& progress) const;
    Vec3 ScaleAt(const LinkProgress& progress) const;
  };

  // The pose of every link above the owner's own at t, and the scale the
  // owner's link reads of its parent: the world and (1, 1, 1) for an owner
  // in the world.
  RigidPose ParentWorldAt(double t, Vec3* parent_scale) const;
  // Link i, its channels bound at select_ when first asked for: links above
  // a carrier whose pose the memo keeps are never bound.
  const BoundLink& LinkAt(size_t i) const;

  const Rig& rig_;
  OwnerRef owner_;
  ExactTime select_;
  PoseMemo* memo_;
  EaseSolve solve_;
  bool aimed_ = false;
  mutable std::vector<BoundLink> chain_;  // the owner first, the top of its chain last
  // EaseSolve::kTable's tables, one per bound cubic-bezier timing (shared by
  // a copy, whose timings point to them too).
  mutable std::vector<std::shared_ptr<const EaseTable>> tables_;
};

}  // namespace cinc

#endif  // CINC_MARKERS_POSE_H_
