// The rig: every channel of every object and camera as a list of segments,
// after the overlap rule, ready to be evaluated (cinc eval) or written (emit).
//
// Contract (docs/state.md): the keyframes that drive a channel are ordered
// by (S, position in the file).
// Segment k is in charge from its start until the next segment's start
// (`active_until`), or forever for the last one. Its `from` value is the
// channel's value at S evaluated over only the earlier segments; its `to` is
// the node's target. With u = ease((t - S) / d) clamped to [0, 1] (u = 1 when
// d = 0) the value is lerp (SLERP for rotations; for cameras' rotations the
// level-horizon interpolation) from `from` to `to`.
// BuildRig reports W_TIMING_OVERLAP when a segment is taken over before its
// end (next S < this E). Nodes whose timing is unresolved are skipped.
// Position and rotation are local to the owner's frame (FrameTrack: world,
// or a marker of another object; markers/pose.h composes world poses); an
// owner that never attaches has no frame spans and its channels are world
// values, exactly as before attachments existed. A rotation segment may spin:
// its value is interp(from, to, u) * Rot(axis, angle * u).
// docs/state.md and docs/attachments.md state the rules in full.
#ifndef CINC_MARKERS_RIG_H_
#define CINC_MARKERS_RIG_H_

#include <algorithm>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "core/boxed.h"
#include "core/boxed_list.h"
#include "core/diagnostics.h"
#include "core/easing.h"
#include "core/exact_time.h"
#include "core/rotation.h"
#include "core/scene.h"
#include "core/timeline.h"

namespace cinc {

struct MarkerTable;  // markers/marker_table.h

// The extra turn of a `spin` node about the owner's own local axis; on a
// position segment (a screw's), the turn of the position about the frame's
// axis.
// An orbit's position segment turns about the world axis through `centre`;
// its rotation segment (`world`) turns about the world axis, not the local
// one (docs/cameras.md "Orbit").
struct SpinTurn {
  UnitAxis axis = UnitAxisOf(Vec3(0, 1, 0));  // divided by its length once
  double radians = 0;                         // 0: no spin
  Vec3 centre{0, 0, 0};                       // position segments: the axis's point
  bool world = false;                         // rotation segments: Rot * value
};

// An object (or camera) of the scene: objects are numbered in scene.objects,
// cameras in scene.cameras.
struct OwnerRef {
  bool is_camera = false;
  int index = -1;  // -1: none (the world)

  static OwnerRef Object(size_t index) { return {false, static_cast<int>(index)}; }
  static OwnerRef Camera(size_t index) { return {true, static_cast<int>(index)}; }
  bool valid() const { return index >= 0; }
  friend bool operator==(const OwnerRef&, const OwnerRef&) = default;
};

// A point a camera aims at (`look_at`, `focus: {on}`): the origin of
// `owner`, or its marker (model-space translation, scaled by the owner's
// current scale). docs/cameras.md.
struct Aim {
  OwnerRef owner;
  Vec3 marker_position{0, 0, 0};
  std::string label;  // "body" or "body/hole-1", as written
};

template <typename Value>
struct Segment {
  ExactTime start;                        // S
  ExactTime duration;                     // d = E - S from the timeline (may be 0)
  std::optional<ExactTime> active_until;  // the next segment's S; nullopt for the last
  Value from{};
  Value to{};
  Ease ease;
  int node_index = 0;  // in the owner's node list
  // Focus segments with an aim only: no distance to come from (depth of
  // field was off), so the value is the live distance from S on.
  bool aim_from_live = false;
  // Rotation segments of cameras: LevelInterpolate (core/rotation.h) instead
  // of SLERP, so a level camera keeps a level horizon. (Beside the other
  // flag and node_index, in one 8-byte word.)
  bool level = false;
  // Rotation segments; position segments of a screw. Boxed, as rare: absent
  // is no spin.
  Boxed<SpinTurn> spin;
  // Rotation segments of `look_at` and focus segments of `focus: {on}`:
  // the value is computed from the live aim point (markers/camera_aim.h),
  // `to` is unused. Empty for every other segment.
  Boxed<Aim> aim;
  // Position segments of a `path` node: the waypoints between `from` (P0)
  // and `to` (Pn), world coordinates; the value follows the uniform
  // Catmull-Rom spline with reflected end points (docs/cameras.md "Paths").
  BoxedList<Vec3> waypoints;

  ExactTime end() const { return start + duration; }
};

// The segment's spin in radians; 0 when it has none.
template <typename Value>
double SpinRadians(const Segment<Value>& segment) {
  return segment.spin ? segment.spin->radians : 0;
}

template <typename Value>
struct ChannelTrack {
  Value initial{};
  std::vector<Segment<Value>> segments;  // ordered by (S, file order)
};

// What an owner's local pose is relative to: the world, or F(t) = [R_P,
// p_P](t) * [R_m, s_P(t) o t_m] * O of a parent P (docs/attachments.md "Frames").
struct Frame {
  OwnerRef parent;              // invalid: the world
  Transform marker;             // the parent's marker, model space; identity for `to: P`
  Transform offset;             // identity when none
  std::string label = "world";  // "body/hole-1", "body" or "world" (cinc eval's "frame")
};

// A frame from an `attach` (or, once attached, a `position`) node's S until
// the next span's S.
struct FrameSpan {
  ExactTime start;
  Frame frame;
  int node_index = 0;
};

// Spans in (S, file order); empty for an owner that never attaches (world).
struct FrameTrack {
  std::vector<FrameSpan> spans;
};

struct ObjectRig {
  ChannelTrack<Vec3> position;  // local to the frame
  ChannelTrack<Quat> rotation;  // local to the frame
  ChannelTrack<Vec3> scale;
  ChannelTrack<double> opacity;
  FrameTrack frames;
  // The opacity as the sequence's cues write it while director nodes ghost
  // the object (markers/ghosting.h); empty when none does. Not the exact
  // state: emphasis is for people (docs/language.md "Emphasis").
  std::vector<Segment<double>> ghosted_opacity;
};

struct CameraRig {
  ChannelTrack<Vec3> position;
  ChannelTrack<Quat> rotation;
  ChannelTrack<double> fov;
  // Distance in metres. A camera without an initial focus distance has
  // initial 0 and has_initial_focus false: depth of field is off until its
  // first focus segment starts, and that segment jumps to its target at S
  // (its `from` equals its `to`), since there is no distance to come from.
  ChannelTrack<double> focus;
  bool has_initial_focus = false;
  // The camera's own `focus: {on}`: before its first focus segment the
  // focus is the live distance to this aim (has_initial_focus is true).
  std::optional<Aim> initial_focus_aim;
  ChannelTrack<double> aperture;
  FrameTrack frames;
};

struct Rig {
  std::vector<ObjectRig> objects;  // parallel to scene.objects
  std::vector<CameraRig> cameras;  // parallel to scene.cameras
  // Owners with a look-at rotation segment. Aims nest at most this deep
  // unless they loop (markers/pose.h cuts a loop there), so evaluation stays
  // cheap: each aim level evaluates the frame and the target once.
  int aimed_owner_count = 0;
};

// With the markers of `markers` (markers/marker_table.h): attach frames,
// mates, spins, and E_MARKER_CYCLE for attachments that follow each other
// at overlapping times. References that name nothing (reported by
// BuildMarkerTable) attach to the world.
Rig BuildRig(const Scene& scene, const Timeline& timeline, const MarkerTable& markers,
             Diagnostics* diagnostics);
// The same with only the scene's inline markers (no model files read).
Rig BuildRig(const Scene& scene, const Timeline& timeline, Diagnostics* diagnostics);

// The eased progress u at t of a segment starting at `start`: 0 before S,
// ease((t - S) / d) clamped to [0, 1] within (the eased value is clamped, so
// an overshooting cubic-bezier holds at 0 or 1 where its y leaves [0, 1]), 1 at and after E (and at
// S when d = 0, or d < 0, which a valid timeline never has).
double EasedProgress(const ExactTime& start, const ExactTime& duration, const Ease& ease,
                     const ExactTime& t);

// The value at eased progress u: exactly `from` for u <= 0 and exactly `to`
// for u >= 1; in between a lerp, or for rotations core Slerp (shorter way).
double Interpolate(double from, double to, double u);
Vec3 Interpolate(const Vec3& from, const Vec3& to, double u);
Quat Interpolate(const Quat& from, const Quat& to, double u);
// The same with the slerp's part that does not depend on u worked out before
// (`plan`: PlanSlerp(from, to), or nullptr to work it out here): the same bits.
Quat Interpolate(const Quat& from, const Quat& to, const SlerpPlan* plan, double u);

template <typename Value>
double SegmentProgress(const Segment<Value>& segment, const ExactTime& t) {
  return EasedProgress(segment.start, segment.duration, segment.ease, t);
}

// A rotation segment's move from `from` to `to` at eased progress u: SLERP,
// or for a camera's segment the level-horizon interpolation.
inline Quat InterpolateRotation(const Segment<Quat>& segment, const Quat& from, const Quat& to,
                                double u) {
  return segment.level ? LevelInterpolate(from, to, u) : Interpolate(from, to, u);
}

// The rotation `value` turned further by the spin's share at eased progress u
// (about the world axis for a `world` spin: Rot * value).
Quat Spun(const Quat& value, const SpinTurn& spin, double u);
// The position `value` turned by the spin's share at eased progress u about
// the spin's axis through its centre (the frame's origin for a screw's helix).
Vec3 Orbited(const Vec3& value, const SpinTurn& spin, double u);

// A rotation segment's own value at eased progress u (with its spin, if
// any); `plan` as for Interpolate (ignored by a level segment).
Quat RotationAtProgress(const Segment<Quat>& segment, const SlerpPlan* plan, double u);

// The uniform Catmull-Rom spline through from, waypoints..., to at eased
// progress u (exactly `from` at u <= 0 and `to` at u >= 1).
Vec3 PathPoint(const Vec3& from, const BoxedList<Vec3>& waypoints, const Vec3& to, double u);

// The segment's own value at eased progress u (with its spin, if any).
template <typename Value>
Value SegmentValueAtProgress(const Segment<Value>& segment, double u) {
  if constexpr (std::is_same_v<Value, Vec3>) {
    if (!segment.waypoints.empty())
      return PathPoint(segment.from, segment.waypoints, segment.to, u);
  }
  if constexpr (std::is_same_v<Value, Quat>) {
    return RotationAtProgress(segment, nullptr, u);
  } else if constexpr (std::is_same_v<Value, Vec3>) {
    Vec3 value = Interpolate(segment.from, segment.to, u);
    if (SpinRadians(segment) != 0) value = Orbited(value, *segment.spin, u);
    return value;
  } else {
    return Interpolate(segment.from, segment.to, u);
  }
}

// The segment's own value at t (whether or not it is still in charge at t).
template <typename Value>
Value SegmentValueAt(const Segment<Value>& segment, const ExactTime& t) {
  return SegmentValueAtProgress(segment, SegmentProgress(segment, t));
}

// The value the segment holds after its end: `to`, turned by a whole spin.
template <typename Value>
Value SegmentEndValue(const Segment<Value>& segment) {
  return SegmentValueAtProgress(segment, 1.0);
}

// True when the segment changes its value (not a hold from a value to itself).
template <typename Value>
bool SegmentMoves(const Segment<Value>& segment) {
  return !(segment.from == segment.to) || SpinRadians(segment) != 0 || segment.aim ||
         !segment.waypoints.empty();
}

// The index of the segment in charge at t (the last with S <= t), or -1
// before the first segment. O(log n).
template <typename Value>
int ActiveSegmentIndex(const ChannelTrack<Value>& track, const ExactTime& t) {
  auto after = std::upper_bound(
      track.segments.begin(), track.segments.end(), t,
      [](const ExactTime& time, const Segment<Value>& segment) { return time < segment.start; });
  return static_cast<int>(after - track.segments.begin()) - 1;
}

// The value of a channel at time t (exact state).
template <typename Value>
Value ValueAt(const ChannelTrack<Value>& track, const ExactTime& t) {
  int index = ActiveSegmentIndex(track, t);
  if (index < 0) return track.initial;
  return SegmentValueAt(track.segments[static_cast<size_t>(index)], t);
}

// The camera's focus distance at t, or nullopt while depth of field is off.
std::optional<double> FocusAt(const CameraRig& camera, const ExactTime& t);

}  // namespace cinc

#endif  // CINC_MARKERS_RIG_H_
