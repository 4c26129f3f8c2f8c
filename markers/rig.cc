#include "markers/rig.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "markers/attachments.h"
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
  std::stable_sort(
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
    diagnostics->Warning("W_TIMING_OVERLAP", later.origin.location, later.origin.path,
                         std::move(overlap.message));
  }
}

const std::vector<NodeTime>* TimesOf(const std::vector<std::vector<NodeTime>>& lists,
                                     size_t index) {
  return index < lists.size() ? &lists[index] : nullptr;
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
    *position = BuildTrack<Vec3>(
        owner, times, owner.position, [](const Node& node) { return node.position; }, "position", 0,
        overlaps);
    *rotation = BuildTrack<Quat>(
        owner, times, owner.rotation, [](const Node& node) { return node.rotation; }, "rotation", 1,
        overlaps);
    return;
  }
  const Node* first_node = owner.nodes.data();
  *position = CollectTrack<Vec3>(
      owner, times, owner.position,
      [](const Node& node) -> std::optional<Vec3> {
        if (node.attach) return Vec3(0, 0, 0);  // filled by FillAttachedValues
        return node.position;
      },
      "position", 0, overlaps);
  *rotation = CollectTrack<Quat>(
      owner, times, owner.rotation,
      [&](const Node& node) -> std::optional<Quat> {
        if (node.rotation) return node.rotation;
        bool detaches = plan.detaching[static_cast<size_t>(&node - first_node)];
        if (node.attach || node.spin || detaches) return Quat(1, 0, 0, 0);  // filled later
        return std::nullopt;
      },
      "rotation", 1, overlaps);
  for (Segment<Quat>& segment : rotation->segments) {
    const Node& node = owner.nodes[static_cast<size_t>(segment.node_index)];
    if (node.spin) segment.spin = {node.spin->axis, Radians(node.spin->degrees)};
  }
  if (!plan.frames.spans.empty()) return;  // values depend on other owners
  FillFromValues(position);
  FillFromValues(rotation, [&owner](const Segment<Quat>& segment) {
    return !owner.nodes[static_cast<size_t>(segment.node_index)].rotation.has_value();
  });
}

ObjectRig BuildObjectRig(const SceneObject& object, const std::vector<NodeTime>* times,
                         const AttachmentPlan& plan, Diagnostics* diagnostics) {
  std::vector<PendingOverlap> overlaps;
  ObjectRig rig;
  BuildPoseChannels(object, times, plan, &rig.position, &rig.rotation, &overlaps);
  rig.scale = BuildTrack<Vec3>(
      object, times, object.scale, [](const Node& node) { return node.scale; }, "scale", 2,
      &overlaps);
  rig.opacity = BuildTrack<double>(
      object, times, object.opacity, [](const Node& node) { return node.opacity; }, "opacity", 3,
      &overlaps);
  rig.frames = plan.frames;
  ReportOverlaps(object, std::move(overlaps), diagnostics);
  return rig;
}

CameraRig BuildCameraRig(const SceneObject& camera, const std::vector<NodeTime>* times,
                         const AttachmentPlan& plan, Diagnostics* diagnostics) {
  std::vector<PendingOverlap> overlaps;
  CameraRig rig;
  BuildPoseChannels(camera, times, plan, &rig.position, &rig.rotation, &overlaps);
  rig.fov = BuildTrack<double>(
      camera, times, camera.fov, [](const Node& node) { return node.fov; }, "fov", 2, &overlaps);
  // `focus: {on}` (auto-focus) is not handled here yet: only distances drive.
  rig.has_initial_focus = camera.focus.distance.has_value();
  rig.focus = BuildTrack<double>(
      camera, times, camera.focus.distance.value_or(0),
      [](const Node& node) -> std::optional<double> {
        if (!node.focus) return std::nullopt;
        return node.focus->distance;
      },
      "focus", 3, &overlaps);
  if (!rig.has_initial_focus && !rig.focus.segments.empty()) {
    // No distance to come from: the first focus segment jumps to its target.
    rig.focus.segments.front().from = rig.focus.segments.front().to;
  }
  rig.aperture = BuildTrack<double>(
      camera, times, camera.aperture, [](const Node& node) { return node.aperture; }, "aperture", 4,
      &overlaps);
  rig.frames = plan.frames;
  ReportOverlaps(camera, std::move(overlaps), diagnostics);
  return rig;
}

}  // namespace

double EasedProgress(const ExactTime& start, const ExactTime& duration, const Ease& ease,
                     const ExactTime& t) {
  if (t < start) return 0;
  if (duration <= ExactTime()) return 1;
  // SPEC 5 clamps the eased u, not only the progress: a written curve whose
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
  if (u <= 0) return from;
  if (u >= 1) return to;
  return Slerp(from, to, u);
}

std::optional<double> FocusAt(const CameraRig& camera, const ExactTime& t) {
  if (!camera.has_initial_focus && ActiveSegmentIndex(camera.focus, t) < 0) return std::nullopt;
  return ValueAt(camera.focus, t);
}

Quat Spun(const Quat& value, const SpinTurn& spin, double u) {
  return glm::normalize(value * QuatFromAxisAngle(spin.axis, spin.radians * u));
}

Rig BuildRig(const Scene& scene, const Timeline& timeline, const MarkerTable& markers,
             Diagnostics* diagnostics) {
  OwnerNames names(scene);
  Rig rig;
  rig.objects.reserve(scene.objects.size());
  for (size_t i = 0; i < scene.objects.size(); ++i) {
    const std::vector<NodeTime>* times = TimesOf(timeline.objects, i);
    AttachmentPlan plan = PlanAttachments(scene.objects[i], times, names, markers);
    rig.objects.push_back(BuildObjectRig(scene.objects[i], times, plan, diagnostics));
  }
  rig.cameras.reserve(scene.cameras.size());
  for (size_t i = 0; i < scene.cameras.size(); ++i) {
    const std::vector<NodeTime>* times = TimesOf(timeline.cameras, i);
    AttachmentPlan plan = PlanAttachments(scene.cameras[i], times, names, markers);
    rig.cameras.push_back(BuildCameraRig(scene.cameras[i], times, plan, diagnostics));
  }
  CheckAttachmentCycles(scene, timeline, &rig, diagnostics);
  FillAttachedValues(scene, markers, &rig);
  return rig;
}

Rig BuildRig(const Scene& scene, const Timeline& timeline, Diagnostics* diagnostics) {
  return BuildRig(scene, timeline, BuildMarkerTable(scene, InlineModels(scene), nullptr),
                  diagnostics);
}

}  // namespace cinc
