#include "markers/pose.h"

#include <algorithm>
#include <vector>

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
};

template <typename Time>
RigidPose WorldPose(const Rig& rig, OwnerRef owner, const ExactTime& select, const Time& t) {
  // Upward: the chain of frames in charge at `select`, iteratively. Each
  // owner appears at most once on a chain of an acyclic rig, so more links
  // than owners can only be a cycle: stop there and treat the top as world.
  std::vector<Link> chain;
  const size_t limit = static_cast<size_t>(OwnerCount(rig));
  OwnerRef current = owner;
  while (true) {
    OwnerChannels channels = ChannelsOf(rig, current);
    if (channels.position == nullptr) {
      if (chain.empty()) return RigidPose{};
      chain.back().frame = nullptr;  // a parent the rig does not hold: the world
      break;
    }
    const FrameSpan* span = ActiveFrameSpan(*channels.frames, select);
    const Frame* frame = span != nullptr && span->frame.parent.valid() ? &span->frame : nullptr;
    chain.push_back({channels, frame});
    if (frame == nullptr) break;
    if (chain.size() > limit) {
      chain.back().frame = nullptr;
      break;
    }
    current = frame->parent;
  }
  // Downward: each world pose from its parent's.
  RigidPose world;
  for (size_t i = chain.size(); i-- > 0;) {
    const Link& link = chain[i];
    RigidPose local{LocalValue(*link.channels.position, select, t),
                    LocalValue(*link.channels.rotation, select, t)};
    if (link.frame == nullptr) {
      world = local;  // exactly L: unattached owners keep their bits
      continue;
    }
    const OwnerChannels& parent = chain[i + 1].channels;
    Vec3 parent_scale =
        parent.scale != nullptr ? LocalValue(*parent.scale, select, t) : Vec3(1, 1, 1);
    world = Compose(FrameOnParent(world, parent_scale, *link.frame), local);
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

RigidPose WorldPoseAt(const Rig& rig, OwnerRef owner, const ExactTime& t) {
  return WorldPose(rig, owner, t, t);
}

RigidPose WorldPoseWithin(const Rig& rig, OwnerRef owner, const ExactTime& select,
                          const ExactTime& t) {
  return WorldPose(rig, owner, select, t);
}

RigidPose WorldPoseWithin(const Rig& rig, OwnerRef owner, const ExactTime& select, double t) {
  return WorldPose(rig, owner, select, t);
}

RigidPose FrameTransformAt(const Rig& rig, const Frame& frame, const ExactTime& t) {
  if (!frame.parent.valid()) return RigidPose{};
  OwnerChannels parent = ChannelsOf(rig, frame.parent);
  if (parent.position == nullptr) return RigidPose{};
  Vec3 parent_scale = parent.scale != nullptr ? LocalValue(*parent.scale, t, t) : Vec3(1, 1, 1);
  return FrameOnParent(WorldPoseAt(rig, frame.parent, t), parent_scale, frame);
}

}  // namespace cinc
