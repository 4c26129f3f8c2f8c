#include "markers/pose.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "markers/camera_aim.h"

namespace cinc {
namespace {

double ProgressOf(const Segment<Vec3>& segment, const ExactTime& t) {
  return SegmentProgress(segment, t);
}
double ProgressOf(const Segment<Quat>& segment, const ExactTime& t) {
  return SegmentProgress(segment, t);
}
double ProgressOf(const Segment<Vec3>& segment, double t) { return SegmentProgressAt(segment, t); }
double ProgressOf(const Segment<Quat>& segment, double t) { return SegmentProgressAt(segment, t); }

// The channel's value at t with the segment chosen at `select`.
template <typename Value, typename Time>
Value LocalValue(const ChannelTrack<Value>& track, const ExactTime& select, const Time& t) {
  int index = ActiveSegmentIndex(track, select);
  if (index < 0) return track.initial;
  const Segment<Value>& segment = track.segments[static_cast<size_t>(index)];
  return SegmentValueAtProgress(segment, ProgressOf(segment, t));
}

// F = W_parent * [R_m, s o t_m] * O.
RigidPose FrameOnParent(const RigidPose& parent_world, const Vec3& parent_scale,
                        const Frame& frame) {
  RigidPose marker{frame.marker.position * parent_scale, frame.marker.rotation};
  RigidPose offset{frame.offset.position, frame.offset.rotation};
  return Compose(Compose(parent_world, marker), offset);
}

struct Link {
  OwnerChannels channels;
  const Frame* frame;  // nullptr: the world
  OwnerRef owner;
};

// A chain of links, the first kInline without a heap block: a pose is
// worked out for every piece and probe of every attached owner, and most
// chains are short.
class LinkChain {
 public:
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Link& operator[](size_t i) { return i < kInline ? inline_[i] : heap_[i - kInline]; }
  const Link& operator[](size_t i) const { return i < kInline ? inline_[i] : heap_[i - kInline]; }
  Link& back() { return (*this)[size_ - 1]; }
  void push_back(const Link& link) {
    if (size_ < kInline) {
      inline_[size_] = link;
    } else {
      heap_.push_back(link);
    }
    ++size_;
  }

 private:
  static constexpr size_t kInline = 16;
  std::array<Link, kInline> inline_;
  std::vector<Link> heap_;
  size_t size_ = 0;
};

template <typename Time>
RigidPose WorldPose(const Rig& rig, OwnerRef owner, const ExactTime& select, const Time& t,
                    int depth, PoseMemo* memo = nullptr);

// The look-at segment in charge at `select`, or nullptr.
const Segment<Quat>* AimedSegment(const ChannelTrack<Quat>& rotation, const ExactTime& select) {
  int index = ActiveSegmentIndex(rotation, select);
  if (index < 0) return nullptr;
  const Segment<Quat>& segment = rotation.segments[static_cast<size_t>(index)];
  return segment.aim ? &segment : nullptr;
}

// The aim's world point: the owner's origin or its marker, the marker's
// translation scaled by the owner's scale at t.
template <typename Time>
Vec3 AimPoint(const Rig& rig, const Aim& aim, const ExactTime& select, const Time& t, int depth) {
  RigidPose owner = WorldPose(rig, aim.owner, select, t, depth);
  OwnerChannels channels = ChannelsOf(rig, aim.owner);
  Vec3 scale = channels.scale != nullptr ? LocalValue(*channels.scale, select, t) : Vec3(1, 1, 1);
  return owner.position + owner.rotation * (aim.marker_position * scale);
}

// F at t for a frame whose parent is evaluated `depth` aims deep.
RigidPose FrameTransform(const Rig& rig, const Frame& frame, const ExactTime& t, int depth,
                         PoseMemo* memo = nullptr) {
  if (!frame.parent.valid()) return RigidPose{};
  OwnerChannels parent = ChannelsOf(rig, frame.parent);
  if (parent.position == nullptr) return RigidPose{};
  Vec3 parent_scale = parent.scale != nullptr ? LocalValue(*parent.scale, t, t) : Vec3(1, 1, 1);
  return FrameOnParent(WorldPose(rig, frame.parent, t, t, depth, memo), parent_scale, frame);
}

// The world rotation of a look-at segment at t for a camera at `position`:
// LevelInterpolate(F(S) * from, R_look(t), u). Past a depth of one aim per aimed owner the
// aims form a loop (a camera looking at something it carries): the segment
// then holds R(S).
template <typename Time>
Quat AimedRotation(const Rig& rig, const Segment<Quat>& segment, const Frame* frame,
                   const Vec3& position, const ExactTime& select, const Time& t, int depth) {
  // The depth check comes first and the frame is evaluated one level deeper:
  // a loop through an attachment (a looks at b, b is attached to a) must end.
  if (depth > rig.aimed_owner_count) return segment.from;
  Quat from = segment.from;
  if (frame != nullptr) {
    from = glm::normalize(FrameTransform(rig, *frame, segment.start, depth + 1).rotation * from);
  }
  Vec3 target = AimPoint(rig, *segment.aim, select, t, depth + 1);
  return InterpolateRotation(segment, from, LookRotation(target - position, from),
                             ProgressOf(segment, t));
}

// The chain of frames in charge at `select`, upward from `owner`: the
// owner's link first; empty for an owner the rig does not hold. Each owner
// appears at most once on a chain of an acyclic rig, so more links than
// owners can only be a cycle: it stops there and treats the top as world.
// `found(carrier)` is asked of every link above the owner's, upward: the
// walk stops at the first for which it is true (that link is the last).
template <typename Found>
LinkChain ChainAt(const Rig& rig, OwnerRef owner, const ExactTime& select, Found found) {
  LinkChain chain;
  const size_t limit = static_cast<size_t>(OwnerCount(rig));
  OwnerRef current = owner;
  while (true) {
    OwnerChannels channels = ChannelsOf(rig, current);
    if (channels.position == nullptr) {
      if (!chain.empty())
        chain.back().frame = nullptr;  // a parent the rig does not hold: the world
      break;
    }
    const FrameSpan* span = ActiveFrameSpan(*channels.frames, select);
    const Frame* frame = span != nullptr && span->frame.parent.valid() ? &span->frame : nullptr;
    chain.push_back({channels, frame, current});
    if (chain.size() > 1 && found(current)) break;
    if (frame == nullptr) break;
    if (chain.size() > limit) {
      chain.back().frame = nullptr;
      break;
    }
    current = frame->parent;
  }
  return chain;
}
LinkChain ChainAt(const Rig& rig, OwnerRef owner, const ExactTime& select) {
  return ChainAt(rig, owner, select, [](OwnerRef) { return false; });
}

// W = F * L for a link on `frame` of a parent at `parent_world`; exactly L
// in the world (unattached owners keep their bits).
RigidPose OnFrame(const RigidPose& parent_world, const Vec3& parent_scale, const Frame* frame,
                  const RigidPose& local) {
  if (frame == nullptr) return local;
  return Compose(FrameOnParent(parent_world, parent_scale, *frame), local);
}

template <typename Time>
RigidPose WorldPose(const Rig& rig, OwnerRef owner, const ExactTime& select, const Time& t,
                    int depth, PoseMemo* memo) {
  // Downward: each world pose from its parent's, from the nearest carrier
  // whose pose the memo keeps (the same bits as working it out here); the
  // chain is walked up to that carrier only.
  if (depth != 0) memo = nullptr;
  const RigidPose* kept = nullptr;
  LinkChain chain = memo == nullptr ? ChainAt(rig, owner, select)
                                    : ChainAt(rig, owner, select, [&](OwnerRef carrier) {
                                        kept = memo->Find(carrier, select, t);
                                        return kept != nullptr;
                                      });
  RigidPose world;
  size_t top = chain.size();
  if (kept != nullptr) {
    world = *kept;
    top = chain.size() - 1;
  }
  for (size_t i = top; i-- > 0;) {
    const Link& link = chain[i];
    Vec3 parent_scale(1, 1, 1);
    if (link.frame != nullptr && chain[i + 1].channels.scale != nullptr) {
      parent_scale = LocalValue(*chain[i + 1].channels.scale, select, t);
    }
    const Segment<Quat>* aimed = AimedSegment(*link.channels.rotation, select);
    if (aimed != nullptr) {
      Vec3 local_position = LocalValue(*link.channels.position, select, t);
      Vec3 position = local_position;
      if (link.frame != nullptr) {
        RigidPose frame = FrameOnParent(world, parent_scale, *link.frame);
        position = frame.position + frame.rotation * local_position;
      }
      world = {position, AimedRotation(rig, *aimed, link.frame, position, select, t, depth)};
    } else {
      RigidPose local{LocalValue(*link.channels.position, select, t),
                      LocalValue(*link.channels.rotation, select, t)};
      world = OnFrame(world, parent_scale, link.frame, local);
    }
    if (memo != nullptr) memo->Keep(link.owner, select, t, world);
  }
  return world;
}

}  // namespace

RigidPose Compose(const RigidPose& a, const RigidPose& b) {
  return {a.position + a.rotation * b.position, glm::normalize(a.rotation * b.rotation)};
}

RigidPose Inverse(const RigidPose& pose) {
  Quat inverse = glm::conjugate(pose.rotation);
  return {-(inverse * pose.position), inverse};
}

OwnerChannels ChannelsOf(const Rig& rig, OwnerRef owner) {
  if (owner.index < 0) return {};
  size_t index = static_cast<size_t>(owner.index);
  if (owner.is_camera) {
    if (index >= rig.cameras.size()) return {};
    const CameraRig& camera = rig.cameras[index];
    return {&camera.position, &camera.rotation, nullptr, &camera.frames};
  }
  if (index >= rig.objects.size()) return {};
  const ObjectRig& object = rig.objects[index];
  return {&object.position, &object.rotation, &object.scale, &object.frames};
}

int OwnerCount(const Rig& rig) { return static_cast<int>(rig.objects.size() + rig.cameras.size()); }

const FrameSpan* ActiveFrameSpan(const FrameTrack& frames, const ExactTime& t) {
  auto after = std::upper_bound(
      frames.spans.begin(), frames.spans.end(), t,
      [](const ExactTime& time, const FrameSpan& span) { return time < span.start; });
  if (after == frames.spans.begin()) return nullptr;
  return &*(after - 1);
}

const std::string& FrameLabelAt(const Rig& rig, OwnerRef owner, const ExactTime& t) {
  static const std::string kWorld = "world";
  OwnerChannels channels = ChannelsOf(rig, owner);
  if (channels.frames == nullptr) return kWorld;
  const FrameSpan* span = ActiveFrameSpan(*channels.frames, t);
  if (span == nullptr || !span->frame.parent.valid()) return kWorld;
  return span->frame.label;
}

RigidPose WorldPoseAt(const Rig& rig, OwnerRef owner, const ExactTime& t, PoseMemo* memo) {
  return WorldPose(rig, owner, t, t, 0, memo);
}

RigidPose WorldPoseWithin(const Rig& rig, OwnerRef owner, const ExactTime& select,
                          const ExactTime& t, PoseMemo* memo) {
  return WorldPose(rig, owner, select, t, 0, memo);
}

RigidPose WorldPoseWithin(const Rig& rig, OwnerRef owner, const ExactTime& select, double t) {
  return WorldPose(rig, owner, select, t, 0);
}

RigidPose FrameTransformAt(const Rig& rig, const Frame& frame, const ExactTime& t, PoseMemo* memo) {
  return FrameTransform(rig, frame, t, 0, memo);
}

namespace {

bool SameBits(double a, double b) {
  return std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b);
}
template <typename Value>
bool SameBits(const Value& a, const Value& b) {
  for (int k = 0; k < Value::length(); ++k) {
    if (!SameBits(a[k], b[k])) return false;
  }
  return true;
}
bool SameBits(const Ease& a, const Ease& b) {
  return a.kind == b.kind && SameBits(a.control()[0], b.control()[0]) &&
         SameBits(a.control()[1], b.control()[1]) && SameBits(a.control()[2], b.control()[2]) &&
         SameBits(a.control()[3], b.control()[3]);
}

// True when the segment's value is the same bits at every progress: no
// spin or path, `to` the bits of `from`, and the move between them adds
// nothing (a lerp adds +0 to each component, which keeps it unless it is
// -0; a slerp whose turn is exactly none returns `from`).
bool HoldsItsValue(const Segment<Vec3>& segment) {
  return SpinRadians(segment) == 0 && segment.waypoints.empty() &&
         SameBits(segment.from, segment.to) &&
         SameBits(Interpolate(segment.from, segment.to, 0.5), segment.from);
}
bool HoldsItsValue(const Segment<Quat>& segment, const SlerpPlan& plan) {
  return SpinRadians(segment) == 0 && !segment.level && !segment.aim &&
         SameBits(segment.from, segment.to) && plan.holds;
}

}  // namespace

template <typename Value>
void PoseWithin::BoundLink::Bind(const ChannelTrack<Value>& track, const ExactTime& select,
                                 BoundChannel<Value>* channel) {
  channel->held = track.initial;
  int index = ActiveSegmentIndex(track, select);
  if (index < 0) return;
  const Segment<Value>& segment = track.segments[static_cast<size_t>(index)];
  if constexpr (std::is_same_v<Value, Quat>) {
    rotation_plan = PlanSlerp(segment.from, segment.to);
    if (HoldsItsValue(segment, rotation_plan)) {
      channel->held = segment.from;
      return;
    }
  } else {
    if (HoldsItsValue(segment)) {
      channel->held = segment.from;
      return;
    }
  }
  channel->segment = &segment;
  BoundTiming timing{segment.start.ToDouble(), segment.duration.ToDouble(),
                     segment.duration <= ExactTime(), &segment.ease};
  for (int k = 0; k < timing_count; ++k) {
    const BoundTiming& other = timings[static_cast<size_t>(k)];
    if (SameBits(other.start, timing.start) && SameBits(other.duration, timing.duration) &&
        other.instant == timing.instant && SameBits(*other.ease, *timing.ease)) {
      channel->timing = k;
      return;
    }
  }
  channel->timing = timing_count;
  timings[static_cast<size_t>(timing_count++)] = timing;
}

double PoseWithin::BoundLink::ProgressAt(int timing_index, double t) const {
  const BoundTiming& timing = timings[static_cast<size_t>(timing_index)];
  if (timing.table != nullptr) {  // ProgressAtSeconds with the table's ease
    if (t < timing.start) return 0;
    if (timing.instant) return 1;
    return timing.table->At((t - timing.start) / timing.duration);
  }
  return ProgressAtSeconds(timing.start, timing.duration, timing.instant, *timing.ease, t);
}

PoseWithin::LinkProgress PoseWithin::BoundLink::ProgressAt(double t) const {
  LinkProgress progress{};
  for (int k = 0; k < timing_count; ++k) progress[static_cast<size_t>(k)] = ProgressAt(k, t);
  return progress;
}

Vec3 PoseWithin::BoundLink::PositionAt(const LinkProgress& progress) const {
  if (position.segment == nullptr) return position.held;
  return SegmentValueAtProgress(*position.segment, progress[static_cast<size_t>(position.timing)]);
}

Quat PoseWithin::BoundLink::RotationAt(const LinkProgress& progress) const {
  if (rotation.segment == nullptr) return rotation.held;
  return RotationAtProgress(*rotation.segment, &rotation_plan,
                            progress[static_cast<size_t>(rotation.timing)]);
}

Vec3 PoseWithin::BoundLink::ScaleAt(const LinkProgress& progress) const {
  if (scale.segment == nullptr) return scale.held;
  return SegmentValueAtProgress(*scale.segment, progress[static_cast<size_t>(scale.timing)]);
}

PoseWithin::PoseWithin(const Rig& rig, OwnerRef owner, const ExactTime& select, PoseMemo* memo,
                       EaseSolve solve)
    : rig_(rig), owner_(owner), select_(select), memo_(memo), solve_(solve) {
  LinkChain chain = ChainAt(rig, owner, select);
  chain_.resize(chain.size());
  for (size_t i = 0; i < chain.size(); ++i) {
    const Link& link = chain[i];
    if (AimedSegment(*link.channels.rotation, select) != nullptr) aimed_ = true;
    BoundLink& bound = chain_[i];
    bound.frame = link.frame;
    bound.owner = link.owner;
    bound.channels = link.channels;
    // The scale of a parent is read by the link below it on one of its frames.
    bound.scale_read = i > 0 && chain[i - 1].frame != nullptr && link.channels.scale != nullptr;
  }
}

const PoseWithin::BoundLink& PoseWithin::LinkAt(size_t i) const {
  BoundLink& link = chain_[i];
  if (!link.bound) {
    link.Bind(*link.channels.position, select_, &link.position);
    link.Bind(*link.channels.rotation, select_, &link.rotation);
    if (link.scale_read) link.Bind(*link.channels.scale, select_, &link.scale);
    if (solve_ == EaseSolve::kTable) {
      for (int k = 0; k < link.timing_count; ++k) {
        BoundTiming& timing = link.timings[static_cast<size_t>(k)];
        if (timing.instant || timing.ease->kind != Ease::Kind::kCubicBezier) continue;
        tables_.push_back(std::make_shared<const EaseTable>(*timing.ease));
        timing.table = tables_.back().get();
      }
    }
    link.bound = true;
  }
  return link;
}

RigidPose PoseWithin::ParentWorldAt(double t, Vec3* parent_scale) const {
  RigidPose world;
  *parent_scale = Vec3(1, 1, 1);
  size_t top = chain_.size();
  if (memo_ != nullptr) {
    for (size_t i = 1; i < chain_.size(); ++i) {
      if (const RigidPose* kept = memo_->Find(chain_[i].owner, select_, t)) {
        const BoundLink& link = LinkAt(i);
        world = *kept;
        if (link.scale_read) *parent_scale = link.ScaleAt(link.ProgressAt(t));
        top = i;
        break;
      }
    }
  }
  for (size_t i = top; i-- > 1;) {
    const BoundLink& link = LinkAt(i);
    LinkProgress progress = link.ProgressAt(t);
    Vec3 scale_read_below = link.scale_read ? link.ScaleAt(progress) : Vec3(1, 1, 1);
    world = OnFrame(world, *parent_scale, link.frame,
                    {link.PositionAt(progress), link.RotationAt(progress)});
    *parent_scale = scale_read_below;
    if (memo_ != nullptr) memo_->Keep(link.owner, select_, t, world);
  }
  return world;
}

RigidPose PoseWithin::At(double t) const {
  if (aimed_) return WorldPose(rig_, owner_, select_, t, 0);
  if (chain_.empty()) return RigidPose{};
  Vec3 parent_scale;
  RigidPose parent = ParentWorldAt(t, &parent_scale);
  const BoundLink& link = LinkAt(0);
  LinkProgress progress = link.ProgressAt(t);
  RigidPose world = OnFrame(parent, parent_scale, link.frame,
                            {link.PositionAt(progress), link.RotationAt(progress)});
  if (memo_ != nullptr) memo_->Keep(owner_, select_, t, world);
  return world;
}

Vec3 PoseWithin::PositionAt(double t) const {
  if (aimed_) return WorldPose(rig_, owner_, select_, t, 0).position;
  if (chain_.empty()) return Vec3(0, 0, 0);
  Vec3 parent_scale;
  RigidPose parent = ParentWorldAt(t, &parent_scale);
  const BoundLink& link = LinkAt(0);
  Vec3 local = link.position.held;
  if (link.position.segment != nullptr) {
    local =
        SegmentValueAtProgress(*link.position.segment, link.ProgressAt(link.position.timing, t));
  }
  if (link.frame == nullptr) return local;
  // Compose(frame, local).position, without the rotation.
  RigidPose frame = FrameOnParent(parent, parent_scale, *link.frame);
  return frame.position + frame.rotation * local;
}

}  // namespace cinc

namespace cinc {

Vec3 AimPointAt(const Rig& rig, const Aim& aim, const ExactTime& t) {
  return AimPoint(rig, aim, t, t, 0);
}

Vec3 AimPointWithin(const Rig& rig, const Aim& aim, const ExactTime& select, double t) {
  return AimPoint(rig, aim, select, t, 0);
}

Quat LookAtSegmentRotation(const Rig& rig, OwnerRef owner, const Segment<Quat>& segment,
                           const ExactTime& t) {
  OwnerChannels channels = ChannelsOf(rig, owner);
  const FrameSpan* span =
      channels.frames != nullptr ? ActiveFrameSpan(*channels.frames, segment.start) : nullptr;
  const Frame* frame = span != nullptr && span->frame.parent.valid() ? &span->frame : nullptr;
  Vec3 position = WorldPoseAt(rig, owner, t).position;
  return AimedRotation(rig, segment, frame, position, t, t, 0);
}

Quat LookAtSegmentRotation(const Rig& rig, const Segment<Quat>& segment, const Frame* frame,
                           const Vec3& position, const ExactTime& t) {
  return AimedRotation(rig, segment, frame, position, t, t, 0);
}

}  // namespace cinc
