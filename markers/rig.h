// The rig: every channel of every object and camera as a list of segments,
// after the overlap rule, ready to be evaluated (cinc eval) or written (emit).
//
// Contract (SPEC section 5, scenes without attachments for now): the
// keyframes that drive a channel are ordered by (S, position in the file).
// Segment k is in charge from its start until the next segment's start
// (`active_until`), or forever for the last one. Its `from` value is the
// channel's value at S evaluated over only the earlier segments; its `to` is
// the node's target. With u = ease((t - S) / d) clamped to [0, 1] (u = 1 when
// d = 0) the value is lerp (SLERP for rotations) from `from` to `to`.
// BuildRig reports W_TIMING_OVERLAP when a segment is taken over before its
// end (next S < this E). Nodes whose timing is unresolved are skipped.
#ifndef CINC_MARKERS_RIG_H_
#define CINC_MARKERS_RIG_H_

#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/easing.h"
#include "core/exact_time.h"
#include "core/rotation.h"
#include "core/scene.h"
#include "core/timeline.h"

namespace cinc {

template <typename Value>
struct Segment {
  ExactTime start;     // S
  ExactTime duration;  // d (the node's own, may be 0)
  std::optional<ExactTime> active_until;  // the next segment's S; nullopt for the last
  Value from{};
  Value to{};
  Ease ease;
  int node_index = 0;  // in the owner's node list

  ExactTime end() const { return start + duration; }
};

template <typename Value>
struct ChannelTrack {
  Value initial{};
  std::vector<Segment<Value>> segments;  // ordered by (S, file order)
};

struct ObjectRig {
  ChannelTrack<Vec3> position;
  ChannelTrack<Quat> rotation;
  ChannelTrack<Vec3> scale;
  ChannelTrack<double> opacity;
};

struct CameraRig {
  ChannelTrack<Vec3> position;
  ChannelTrack<Quat> rotation;
  ChannelTrack<double> fov;
  ChannelTrack<double> focus;  // distance in metres; initial 0 when the camera has none
  ChannelTrack<double> aperture;
};

struct Rig {
  std::vector<ObjectRig> objects;  // parallel to scene.objects
  std::vector<CameraRig> cameras;  // parallel to scene.cameras
};

Rig BuildRig(const Scene& scene, const Timeline& timeline, Diagnostics* diagnostics);

// The eased progress of `segment` at t (0 before S, 1 at or after the end).
double SegmentProgress(const Segment<Vec3>& segment, const ExactTime& t);
// The value of a channel at time t (exact state).
Vec3 ValueAt(const ChannelTrack<Vec3>& track, const ExactTime& t);
Quat ValueAt(const ChannelTrack<Quat>& track, const ExactTime& t);
double ValueAt(const ChannelTrack<double>& track, const ExactTime& t);

}  // namespace cinc

#endif  // CINC_MARKERS_RIG_H_
