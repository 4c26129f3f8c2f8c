#include "markers/rig.h"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "core/parallel_for.h"
#include "core/sorting.h"
#include "markers/attachments.h"
#include "markers/camera_aim.h"
#include "markers/marker_table.h"

namespace cinc {
namespace {

// One W_TIMING_OVERLAP, kept until the owner's channels are all built so
// that the warnings come out ordered by (later node, channel).
struct PendingOverlap {
  int later_node_index = 0;
  int channel_rank = 0;
  std::string message;
};

// Collects one channel of `owner`: a segment for every resolved node whose
// `target` gives a value, in (S, file order), with `active_until` filled in
// and the overlaps of consecutive segments appended to `overlaps`. The
// `from` values are left to FillFromValues (or, for attached owners, to
// markers/attachments.h), since they may depend on other owners.
template <typename Value, typename Target>
ChannelTrack<Value> CollectTrack(const SceneObject& owner, const std::vector<NodeTime>* times,
                                 const Value& initial, const Target& target,
                                 std::string_view channel_name, int channel_rank,
                                 std::vector<PendingOverlap>* overlaps) {
  ChannelTrack<Value> track;
  track.initial = initial;
  for (size_t index = 0; index < owner.nodes.size(); ++index) {
    const Node& node = owner.nodes[index];
    std::optional<Value> value = target(node);
    if (!value) continue;
    const NodeTime* time = UsableNodeTime(times, index);
    if (time == nullptr) continue;
    Segment<Value> segment;
    segment.start = time->start;
    segment.duration = time->end - time->start;
    segment.to = *value;
    segment.ease = node.ease;
    segment.node_index = static_cast<int>(index);
    track.segments.push_back(std::move(segment));
  }
  // Nodes were visited in file order, so a stable sort on S gives (S, file order).
  StableSortIfNeeded(
      track.segments.begin(), track.segments.end(),
      [](const Segment<Value>& a, const Segment<Value>& b) { return a.start < b.start; });

  for (size_t k = 1; k < track.segments.size(); ++k) {
    Segment<Value>& segment = track.segments[k];
    Segment<Value>& previous = track.segments[k - 1];
    previous.active_until = segment.start;
    if (segment.start < previous.end()) {
      const Node& earlier = owner.nodes[static_cast<size_t>(previous.node_index)];
      const Node& later = owner.nodes[static_cast<size_t>(segment.node_index)];
      // The interval both nodes claim: from the take-over to the first end.
      ExactTime overlap_end = std::min(previous.end(), segment.end());
      std::string later_name = later.QualifiedName();
      overlaps->push_back({segment.node_index, channel_rank,
                           "nodes '" + earlier.QualifiedName() + "' and '" + later_name +
                               "' both drive " + std::string(channel_name) + " from " +
                               segment.start.ToString() + " s to " + overlap_end.ToString() +
                               " s; '" + later_name + "' takes over at " +
                               segment.start.ToString() + " s"});
    }
  }
  return track;
}

// Fills every segment's `from`: the channel's value at S over the earlier
// segments only (every earlier segment starts at or before S, so the
// previous one is in charge there). A segment for which `keeps_from` says so
// (a spin without a rotation target) also gets `to = from`.
template <typename Value, typename KeepsFrom>
void FillFromValues(ChannelTrack<Value>* track, const KeepsFrom& keeps_from) {
  for (size_t k = 0; k < track->segments.size(); ++k) {
    Segment<Value>& segment = track->segments[k];
    segment.from = k == 0 ? track->initial : SegmentValueAt(track->segments[k - 1], segment.start);
    if (keeps_from(segment)) segment.to = segment.from;
  }
}

template <typename Value>
void FillFromValues(ChannelTrack<Value>* track) {
  FillFromValues(track, [](const Segment<Value>&) { return false; });
}

template <typename Value, typename Target>
ChannelTrack<Value> BuildTrack(const SceneObject& owner, const std::vector<NodeTime>* times,
                               const Value& initial, const Target& target,
                               std::string_view channel_name, int channel_rank,
                               std::vector<PendingOverlap>* overlaps) {
  ChannelTrack<Value> track =
      CollectTrack(owner, times, initial, target, channel_name, channel_rank, overlaps);
  FillFromValues(&track);
  return track;
}

void ReportOverlaps(const SceneObject& owner, std::vector<PendingOverlap> overlaps,
                    Diagnostics* diagnostics) {
  if (diagnostics == nullptr) return;
  std::stable_sort(overlaps.begin(), overlaps.end(),
                   [](const PendingOverlap& a, const PendingOverlap& b) {
                     if (a.later_node_index != b.later_node_index) {
                       return a.later_node_index < b.later_node_index;
                     }
                     return a.channel_rank < b.channel_rank;
                   });
  for (PendingOverlap& overlap : overlaps) {
    const Node& later = owner.nodes[static_cast<size_t>(overlap.later_node_index)];
    diagnostics->Report(DiagnosticCode::kTimingOverlap, later.origin.location, later.origin.path(),
                        std::move(overlap.message));
  }
}

// Position segments of `path` nodes carry their waypoints.
void AddWaypoints(const SceneObject& owner, ChannelTrack<Vec3>* position) {
  for (Segment<Vec3>& segment : position->segments) {
    const BoxedList<Vec3>& path = owner.nodes[static_cast<size_t>(segment.node_index)].rare().path;
    segment.waypoints = std::vector<Vec3>(path.begin(), path.end());
  }
}

// Position segments of `orbit` nodes turn about world +Y through the
// centre (docs/cameras.md "Orbit"); their `to` is their `from`.
void AddOrbits(const SceneObject& owner, ChannelTrack<Vec3>* position) {
  for (Segment<Vec3>& segment : position->segments) {
    const Boxed<Orbit>& orbit = owner.nodes[static_cast<size_t>(segment.node_index)].rare().orbit;
    if (!orbit) continue;
    segment.spin = SpinTurn{UnitAxisOf(Vec3(0, 1, 0)), Radians(orbit->degrees),
                            orbit->centre.value_or(Vec3(0, 0, 0))};
  }
}

// `look_at: obj` or `obj/marker` as an aim; nullopt for a reference that
// names nothing (BuildMarkerTable has reported it).
std::optional<Aim> ResolveAim(const std::string& reference, const OwnerNames& names,
                              const MarkerTable& markers) {
  MarkerReference parts = SplitMarkerReference(reference);
  Aim aim;
  aim.owner = names.Find(parts.owner);
  aim.label = reference;
  if (!aim.owner.valid()) return std::nullopt;
  if (!parts.has_marker) return aim;
  if (aim.owner.is_camera) return std::nullopt;
  const ModelMarkers* model = markers.ModelOf(static_cast<size_t>(aim.owner.index));
  const Marker* marker = model != nullptr ? model->Find(parts.marker) : nullptr;
  if (marker == nullptr) return std::nullopt;
  aim.marker_position = marker->pose.position;
  return aim;
}

const std::vector<NodeTime>* TimesOf(const std::vector<std::vector<NodeTime>>& lists,
                                     size_t index) {
  return index < lists.size() ? &lists[index] : nullptr;
}

// A rotation target: the node's `rotation`, or for `look_at` a placeholder
// (the value comes from the aim, markers/camera_aim.h).
std::optional<Quat> LookAtOrRotation(const Node& node) {
  if (node.rotation) return node.rotation;
  if (node.rare().look_at) return Quat(1, 0, 0, 0);
  return std::nullopt;
}

// Position and rotation of `owner` (an object or a camera). Owners that
// never attach nor spin keep the plain channels: world values, `from` filled
// here. Otherwise `attach` nodes drive both channels (local targets filled
// by FillAttachedValues), a `position` node after an attachment drives
// rotation too (it detaches), and a `spin` drives rotation.
void BuildPoseChannels(const SceneObject& owner, const std::vector<NodeTime>* times,
                       const AttachmentPlan& plan, ChannelTrack<Vec3>* position,
                       ChannelTrack<Quat>* rotation, std::vector<PendingOverlap>* overlaps) {
  if (!plan.has_pose_nodes) {
    *position = CollectTrack<Vec3>(
        owner, times, owner.position, [](const Node& node) { return node.position; }, "position", 0,
        overlaps);
    AddWaypoints(owner, position);
    FillFromValues(position);
    *rotation =
        BuildTrack<Quat>(owner, times, owner.rotation, LookAtOrRotation, "rotation", 1, overlaps);
    return;
  }
  const Node* first_node = owner.nodes.data();
  *position = CollectTrack<Vec3>(
      owner, times, owner.position,
      [](const Node& node) -> std::optional<Vec3> {
        // Filled by FillAttachedValues, or (an orbit) kept from `from`.
        if (node.rare().attach || node.rare().orbit) return Vec3(0, 0, 0);
        return node.position;
      },
      "position", 0, overlaps);
  AddWaypoints(owner, position);
  *rotation = CollectTrack<Quat>(
      owner, times, owner.rotation,
      [&](const Node& node) -> std::optional<Quat> {
        if (node.rotation || node.rare().look_at) return LookAtOrRotation(node);
        bool detaches = plan.detaching[static_cast<size_t>(&node - first_node)];
        if (node.rare().attach || node.rare().spin || node.rare().orbit || detaches)
          return Quat(1, 0, 0, 0);  // filled later
        return std::nullopt;
      },
      "rotation", 1, overlaps);
  for (Segment<Quat>& segment : rotation->segments) {
    const Node& node = owner.nodes[static_cast<size_t>(segment.node_index)];
    if (node.rare().spin)
      segment.spin =
          SpinTurn{UnitAxisOf(node.rare().spin->axis), Radians(node.rare().spin->degrees)};
    if (node.rare().orbit && !node.rare().look_at) {
      segment.spin = SpinTurn{UnitAxisOf(Vec3(0, 1, 0)), Radians(node.rare().orbit->degrees),
                              Vec3(0, 0, 0), /*world=*/true};
    }
  }
  AddOrbits(owner, position);
  if (!plan.frames.spans.empty()) return;  // values depend on other owners
  FillFromValues(position, [&owner](const Segment<Vec3>& segment) {
    return owner.nodes[static_cast<size_t>(segment.node_index)].rare().orbit.has_value();
  });
  FillFromValues(rotation, [&owner](const Segment<Quat>& segment) {
    return !owner.nodes[static_cast<size_t>(segment.node_index)].rotation.has_value();
  });
}

// `plan` is taken: its frames become the rig's.
ObjectRig BuildObjectRig(const SceneObject& object, const std::vector<NodeTime>* times,
                         AttachmentPlan plan, Diagnostics* diagnostics) {
  std::vector<PendingOverlap> overlaps;
  ObjectRig rig;
  BuildPoseChannels(object, times, plan, &rig.position, &rig.rotation, &overlaps);
  rig.scale = BuildTrack<Vec3>(
      object, times, object.scale, [](const Node& node) { return node.scale; }, "scale", 2,
      &overlaps);
  rig.opacity = BuildTrack<double>(
      object, times, object.opacity, [](const Node& node) { return node.opacity; }, "opacity", 3,
      &overlaps);
  rig.frames = std::move(plan.frames);
  ReportOverlaps(object, std::move(overlaps), diagnostics);
  return rig;
}

CameraRig BuildCameraRig(const SceneObject& camera, const std::vector<NodeTime>* times,
                         AttachmentPlan plan, const OwnerNames& names, const MarkerTable& markers,
                         Diagnostics* diagnostics) {
  std::vector<PendingOverlap> overlaps;
  CameraRig rig;
  BuildPoseChannels(camera, times, plan, &rig.position, &rig.rotation, &overlaps);
  for (Segment<Quat>& segment : rig.rotation.segments) {
    const Node& node = camera.nodes[static_cast<size_t>(segment.node_index)];
    if (node.rare().look_at) segment.aim = ResolveAim(node.rare().look_at->value, names, markers);
    segment.level = true;
  }
  rig.fov = BuildTrack<double>(
      camera, times, camera.lens().fov, [](const Node& node) { return node.rare().fov; }, "fov", 2,
      &overlaps);
  if (!camera.lens().focus.on.empty()) {
    rig.initial_focus_aim = ResolveAim(camera.lens().focus.on, names, markers);
  }
  rig.has_initial_focus =
      camera.lens().focus.distance.has_value() || rig.initial_focus_aim.has_value();
  // `focus: {on}` segments get their aim; their `from` values are filled by
  // FillAimedValues once every position is known.
  rig.focus = BuildTrack<double>(
      camera, times, camera.lens().focus.distance.value_or(0),
      [](const Node& node) -> std::optional<double> {
        if (!node.rare().focus) return std::nullopt;
        if (!node.rare().focus->on.empty()) return 0.0;
        return node.rare().focus->distance;
      },
      "focus", 3, &overlaps);
  for (Segment<double>& segment : rig.focus.segments) {
    const Node& node = camera.nodes[static_cast<size_t>(segment.node_index)];
    if (node.rare().focus && !node.rare().focus->on.empty()) {
      segment.aim = ResolveAim(node.rare().focus->on, names, markers);
      if (!segment.aim) segment.to = segment.from;  // reported: hold
    }
  }
  if (!rig.has_initial_focus && !rig.focus.segments.empty()) {
    // No distance to come from: the first focus segment jumps to its target.
    rig.focus.segments.front().from = rig.focus.segments.front().to;
  }
  rig.aperture = BuildTrack<double>(
      camera, times, camera.lens().aperture, [](const Node& node) { return node.rare().aperture; },
      "aperture", 4, &overlaps);
  rig.frames = std::move(plan.frames);
  ReportOverlaps(camera, std::move(overlaps), diagnostics);
  return rig;
}

// Every object's rig. Objects are independent here (attachments are only
// planned; their values are filled in later, in order), so two threads take
// them one at a time (core/parallel_for.h). Each object reports into its own list,
// appended in file order: the result does not depend on who did what.
std::vector<ObjectRig> BuildObjectRigs(const Scene& scene, const Timeline& timeline,
                                       const OwnerNames& names, const MarkerTable& markers,
                                       Diagnostics* diagnostics) {
  const size_t count = scene.objects.size();
  std::vector<ObjectRig> objects(count);
  // Without a list to report to (evaluation only), objects report nothing.
  std::vector<Diagnostics> reports(diagnostics != nullptr ? count : 0,
                                   diagnostics != nullptr ? diagnostics->Sibling() : Diagnostics());
  ParallelFor(0, count, [&](size_t i) {
    const std::vector<NodeTime>* times = TimesOf(timeline.objects, i);
    AttachmentPlan plan = PlanAttachments(scene.objects[i], times, names, markers);
    objects[i] = BuildObjectRig(scene.objects[i], times, std::move(plan),
                                diagnostics != nullptr ? &reports[i] : nullptr);
  });
  for (const Diagnostics& report : reports) {
    for (const Diagnostic& diagnostic : report.items()) diagnostics->Add(diagnostic);
  }
  return objects;
}

}  // namespace

double EasedProgress(const ExactTime& start, const ExactTime& duration, const Ease& ease,
                     const ExactTime& t) {
  if (t < start) return 0;
  if (duration <= ExactTime()) return 1;
  // The state clamps the eased u, not only the progress: a written curve whose
  // y leaves [0, 1] holds the end values instead of overshooting them.
  return std::clamp(ApplyEase(ease, ExactTime::Progress(t, start, duration)), 0.0, 1.0);
}

double Interpolate(double from, double to, double u) {
  if (u <= 0) return from;
  if (u >= 1) return to;
  return from + (to - from) * u;
}

Vec3 Interpolate(const Vec3& from, const Vec3& to, double u) {
  if (u <= 0) return from;
  if (u >= 1) return to;
  return from + (to - from) * u;
}

Quat Interpolate(const Quat& from, const Quat& to, double u) {
  return Interpolate(from, to, nullptr, u);
}

Quat Interpolate(const Quat& from, const Quat& to, const SlerpPlan* plan, double u) {
  if (u <= 0) return from;
  if (u >= 1) return to;
  return plan != nullptr ? SlerpAlong(*plan, u) : Slerp(from, to, u);
}

Quat RotationAtProgress(const Segment<Quat>& segment, const SlerpPlan* plan, double u) {
  Quat value = segment.level ? LevelInterpolate(segment.from, segment.to, u)
                             : Interpolate(segment.from, segment.to, plan, u);
  if (SpinRadians(segment) != 0) value = Spun(value, *segment.spin, u);
  return value;
}

std::optional<double> FocusAt(const CameraRig& camera, const ExactTime& t) {
  if (!camera.has_initial_focus && ActiveSegmentIndex(camera.focus, t) < 0) return std::nullopt;
  return ValueAt(camera.focus, t);
}

Vec3 PathPoint(const Vec3& from, const BoxedList<Vec3>& waypoints, const Vec3& to, double u) {
  if (u <= 0) return from;
  if (u >= 1) return to;
  // P0 = from, P1..Pn-1 = waypoints, Pn = to; reflected P-1 = 2 P0 - P1 and
  // Pn+1 = 2 Pn - Pn-1 (uniform Catmull-Rom, docs/cameras.md "Paths").
  const size_t n = waypoints.size() + 1;
  auto point = [&](size_t i) -> Vec3 {
    if (i == 0) return from;
    if (i == n) return to;
    return waypoints[i - 1];
  };
  double scaled = u * static_cast<double>(n);
  size_t span = std::min(static_cast<size_t>(scaled), n - 1);
  double s = scaled - static_cast<double>(span);
  Vec3 p1 = point(span);
  Vec3 p2 = point(span + 1);
  Vec3 p0 = span == 0 ? 2.0 * p1 - p2 : point(span - 1);
  Vec3 p3 = span + 1 == n ? 2.0 * p2 - p1 : point(span + 2);
  return 0.5 * (2.0 * p1 + (p2 - p0) * s + (2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3) * (s * s) +
                (-p0 + 3.0 * p1 - 3.0 * p2 + p3) * (s * s * s));
}

Quat Spun(const Quat& value, const SpinTurn& spin, double u) {
  const Quat turn = QuatFromUnitAxisAngle(spin.axis, spin.radians * u);
  return glm::normalize(spin.world ? turn * value : value * turn);
}

Vec3 Orbited(const Vec3& value, const SpinTurn& spin, double u) {
  const Quat turn = QuatFromUnitAxisAngle(spin.axis, spin.radians * u);
  if (spin.centre == Vec3(0, 0, 0)) return turn * value;  // a screw: the same bits as before
  return spin.centre + turn * (value - spin.centre);
}

Rig BuildRig(const Scene& scene, const Timeline& timeline, const MarkerTable& markers,
             Diagnostics* diagnostics) {
  OwnerNames names(scene);
  Rig rig;
  rig.objects = BuildObjectRigs(scene, timeline, names, markers, diagnostics);
  rig.cameras.reserve(scene.cameras.size());
  for (size_t i = 0; i < scene.cameras.size(); ++i) {
    const std::vector<NodeTime>* times = TimesOf(timeline.cameras, i);
    AttachmentPlan plan = PlanAttachments(scene.cameras[i], times, names, markers);
    rig.cameras.push_back(
        BuildCameraRig(scene.cameras[i], times, std::move(plan), names, markers, diagnostics));
  }
  // Before any pose is evaluated: markers/pose.cc cuts aim loops by it.
  auto has_aim = [](const ChannelTrack<Quat>& rotation) {
    return std::any_of(rotation.segments.begin(), rotation.segments.end(),
                       [](const Segment<Quat>& segment) { return segment.aim.has_value(); });
  };
  for (const ObjectRig& object : rig.objects) rig.aimed_owner_count += has_aim(object.rotation);
  for (const CameraRig& camera : rig.cameras) rig.aimed_owner_count += has_aim(camera.rotation);
  CheckAttachmentCycles(scene, timeline, &rig, diagnostics);
  FillAttachedValues(scene, markers, &rig);
  FillAimedValues(scene, &rig);
  return rig;
}

Rig BuildRig(const Scene& scene, const Timeline& timeline, Diagnostics* diagnostics) {
  return BuildRig(scene, timeline, BuildMarkerTable(scene, InlineModels(scene), nullptr),
                  diagnostics);
}

}  // namespace cinc
