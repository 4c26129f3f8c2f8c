#include "markers/attachments.h"

#include <algorithm>
#include <climits>
#include <functional>
#include <map>
#include <optional>
#include <queue>

#include "core/reference.h"
#include "core/sorting.h"
#include "markers/pose.h"

namespace cinc {
namespace {

// Owners are numbered objects first, then cameras: file order.
int OwnerNumber(const Rig& rig, OwnerRef owner) {
  return owner.is_camera ? static_cast<int>(rig.objects.size()) + owner.index : owner.index;
}

OwnerRef OwnerAt(const Rig& rig, int number) {
  int objects = static_cast<int>(rig.objects.size());
  return number < objects ? OwnerRef::Object(static_cast<size_t>(number))
                          : OwnerRef::Camera(static_cast<size_t>(number - objects));
}

const SceneObject& SceneOwner(const Scene& scene, OwnerRef owner) {
  return owner.is_camera ? scene.cameras[static_cast<size_t>(owner.index)]
                         : scene.objects[static_cast<size_t>(owner.index)];
}

struct MutableChannels {
  ChannelTrack<Vec3>* position = nullptr;
  ChannelTrack<Quat>* rotation = nullptr;
  const ChannelTrack<Vec3>* scale = nullptr;  // nullptr for cameras
  FrameTrack* frames = nullptr;
};

MutableChannels MutableChannelsOf(Rig* rig, OwnerRef owner) {
  size_t index = static_cast<size_t>(owner.index);
  if (owner.is_camera) {
    CameraRig& camera = rig->cameras[index];
    return {&camera.position, &camera.rotation, nullptr, &camera.frames};
  }
  ObjectRig& object = rig->objects[index];
  return {&object.position, &object.rotation, &object.scale, &object.frames};
}

Frame FrameFromAttach(const Attach& attach, const OwnerNames& names, const MarkerTable& markers) {
  Frame frame;
  MarkerReference reference = SplitMarkerReference(attach.to);
  OwnerRef parent = names.Find(reference.owner);
  if (!parent.valid()) return frame;  // E_OBJECT_MISSING: the world
  frame.parent = parent;
  frame.label = attach.to;
  if (reference.has_marker && !parent.is_camera) {
    const ModelMarkers* model = markers.ModelOf(static_cast<size_t>(parent.index));
    const Marker* marker = model != nullptr ? model->Find(reference.marker) : nullptr;
    if (marker != nullptr) frame.marker = marker->pose;
  }
  if (attach.offset) frame.offset = *attach.offset;
  return frame;
}

template <typename Value>
Value PreviousValue(const ChannelTrack<Value>& track, size_t index, const ExactTime& t) {
  return index == 0 ? track.initial : SegmentValueAt(track.segments[index - 1], t);
}

bool HasAim(const ChannelTrack<Quat>& rotation) {
  return std::any_of(rotation.segments.begin(), rotation.segments.end(),
                     [](const Segment<Quat>& segment) { return segment.aim.has_value(); });
}

// Fills the values of attached owners instant by instant (see the header).
class AttachedValueFiller {
 public:
  AttachedValueFiller(const Scene& scene, const MarkerTable& markers, Rig* rig)
      : scene_(scene), markers_(markers), rig_(rig) {
    size_t owners = static_cast<size_t>(OwnerCount(*rig));
    position_cursor_.assign(owners, 0);
    rotation_cursor_.assign(owners, 0);
    span_of_node_.resize(owners);
    work_stamp_.assign(owners, -1);
    walk_stamp_.assign(owners, -1);
  }

  void Run() {
    std::map<ExactTime, std::vector<int>> work;
    for (int number = 0; number < OwnerCount(*rig_); ++number) {
      MutableChannels channels = MutableChannelsOf(rig_, OwnerAt(*rig_, number));
      // A look-at's value depends on its target, so a camera with one is
      // filled here too, in time order: a later segment, attach or detach
      // then starts from the tracked rotation (nothing jumps).
      if (channels.frames->spans.empty() && !HasAim(*channels.rotation)) continue;
      const SceneObject& owner = SceneOwner(scene_, OwnerAt(*rig_, number));
      std::vector<int>& spans = span_of_node_[static_cast<size_t>(number)];
      spans.assign(owner.nodes.size(), -1);
      for (size_t k = 0; k < channels.frames->spans.size(); ++k) {
        spans[static_cast<size_t>(channels.frames->spans[k].node_index)] = static_cast<int>(k);
      }
      for (const auto& segment : channels.position->segments) work[segment.start].push_back(number);
      for (const auto& segment : channels.rotation->segments) work[segment.start].push_back(number);
    }
    int instant = 0;
    for (auto& [time, owners] : work) {
      std::sort(owners.begin(), owners.end());
      owners.erase(std::unique(owners.begin(), owners.end()), owners.end());
      for (int number : OrderAt(owners, time, instant++)) FillOwnerAt(number, time);
    }
  }

 private:
  // The owners with work at t, each after the owners its frames' chains pass
  // through (their full state at t is read); ties and cycles in file order.
  std::vector<int> OrderAt(const std::vector<int>& owners, const ExactTime& t, int instant) {
    if (owners.size() == 1) return owners;
    for (int number : owners) work_stamp_[static_cast<size_t>(number)] = instant;
    std::map<int, std::vector<int>> dependents;
    std::map<int, int> waiting;
    for (int number : owners) {
      // Everything `number` reads at t: its frames' parents and its aims'
      // owners, then theirs (frame in charge and aims), each visited once.
      ++walk_;
      std::vector<int> pending;
      for (const Frame* frame : FramesAround(number, t)) {
        if (frame->parent.valid()) pending.push_back(OwnerNumber(*rig_, frame->parent));
      }
      AddAimsAround(number, t, &pending);
      while (!pending.empty()) {
        int current = pending.back();
        pending.pop_back();
        if (walk_stamp_[static_cast<size_t>(current)] == walk_) continue;
        walk_stamp_[static_cast<size_t>(current)] = walk_;
        if (current != number && work_stamp_[static_cast<size_t>(current)] == instant) {
          dependents[current].push_back(number);
          ++waiting[number];
        }
        const FrameSpan* span =
            ActiveFrameSpan(*MutableChannelsOf(rig_, OwnerAt(*rig_, current)).frames, t);
        if (span != nullptr && span->frame.parent.valid()) {
          pending.push_back(OwnerNumber(*rig_, span->frame.parent));
        }
        AddAimsAround(current, t, &pending);
      }
    }
    std::priority_queue<int, std::vector<int>, std::greater<int>> ready;
    for (int number : owners) {
      if (waiting[number] == 0) ready.push(number);
    }
    std::vector<int> order;
    std::vector<bool> done(owners.size(), false);
    while (order.size() < owners.size()) {
      if (ready.empty()) {
        // A dependency cycle at one instant (attachments that meet only at
        // t): the rest in file order; the world pose is continuous there.
        // An owner may then be read before it is filled: no pose is kept
        // from here on.
        cycle_ = true;
        for (size_t i = 0; i < owners.size(); ++i) {
          if (!done[i]) order.push_back(owners[i]);
        }
        break;
      }
      int number = ready.top();
      ready.pop();
      done[static_cast<size_t>(std::lower_bound(owners.begin(), owners.end(), number) -
                               owners.begin())] = true;
      order.push_back(number);
      for (int dependent : dependents[number]) {
        if (--waiting[dependent] == 0) ready.push(dependent);
      }
    }
    return order;
  }

  // The owners aimed at by the rotation segment in charge before t and by
  // those that start at t (their look-at is evaluated at t).
  void AddAimsAround(int number, const ExactTime& t, std::vector<int>* pending) {
    const std::vector<Segment<Quat>>& segments =
        MutableChannelsOf(rig_, OwnerAt(*rig_, number)).rotation->segments;
    auto at = std::lower_bound(
        segments.begin(), segments.end(), t,
        [](const Segment<Quat>& segment, const ExactTime& time) { return segment.start < time; });
    if (at != segments.begin() && (at - 1)->aim) {
      pending->push_back(OwnerNumber(*rig_, (at - 1)->aim->owner));
    }
    for (; at != segments.end() && at->start == t; ++at) {
      if (at->aim) pending->push_back(OwnerNumber(*rig_, at->aim->owner));
    }
  }

  // The frames owner `number` reads at t: the one in charge before t and
  // every one that starts at t.
  std::vector<const Frame*> FramesAround(int number, const ExactTime& t) {
    std::vector<const Frame*> frames;
    const std::vector<FrameSpan>& spans =
        MutableChannelsOf(rig_, OwnerAt(*rig_, number)).frames->spans;
    auto at = std::lower_bound(
        spans.begin(), spans.end(), t,
        [](const FrameSpan& span, const ExactTime& time) { return span.start < time; });
    if (at != spans.begin()) frames.push_back(&(at - 1)->frame);
    for (; at != spans.end() && at->start == t; ++at) frames.push_back(&at->frame);
    return frames;
  }

  void FillOwnerAt(int number, const ExactTime& t) {
    // Positions first (they never read the owner's rotation): a look-at
    // evaluated at t reads the camera's position at t, which the last
    // position segment starting at t decides, whichever node comes first.
    size_t p = position_cursor_[static_cast<size_t>(number)];
    size_t r = rotation_cursor_[static_cast<size_t>(number)];
    FillNodesAt(number, t, /*positions_only=*/true, &p, &r);
    FillNodesAt(number, t, /*positions_only=*/false, &position_cursor_[static_cast<size_t>(number)],
                &rotation_cursor_[static_cast<size_t>(number)]);
  }

  // The segments of owner `number` starting at t, in node order, from the
  // cursors on (advanced past them).
  void FillNodesAt(int number, const ExactTime& t, bool positions_only, size_t* p_cursor,
                   size_t* r_cursor) {
    OwnerRef owner_ref = OwnerAt(*rig_, number);
    const SceneObject& owner = SceneOwner(scene_, owner_ref);
    MutableChannels channels = MutableChannelsOf(rig_, owner_ref);
    std::vector<Segment<Vec3>>& positions = channels.position->segments;
    std::vector<Segment<Quat>>& rotations = channels.rotation->segments;
    size_t& p = *p_cursor;
    size_t& r = *r_cursor;
    while (true) {
      int position_node =
          p < positions.size() && positions[p].start == t ? positions[p].node_index : INT_MAX;
      int rotation_node =
          r < rotations.size() && rotations[r].start == t ? rotations[r].node_index : INT_MAX;
      int node_index = std::min(position_node, rotation_node);
      if (node_index == INT_MAX) break;
      const Node& node = owner.nodes[static_cast<size_t>(node_index)];
      Segment<Vec3>* position = position_node == node_index ? &positions[p] : nullptr;
      Segment<Quat>* rotation = rotation_node == node_index ? &rotations[r] : nullptr;
      int span = span_of_node_[static_cast<size_t>(number)][static_cast<size_t>(node_index)];
      if (positions_only) rotation = nullptr;  // filled by the second pass
      if (position != nullptr && rotation_node == node_index && span >= 0) {
        RigidPose world = WorldBefore(channels, span, p, r, t, !positions_only);
        if (node.rare().attach && node.rare().attach->verb != AttachVerb::kAttach) {
          FillApproach(*node.rare().attach,
                       MateInverse(owner_ref, channels, *node.rare().attach, position->end()),
                       position, rotation);
        } else if (node.rare().attach) {
          // Nothing jumps at S: L_from = F(S)^-1 * W(S).
          RigidPose frame = FrameTransformAt(*rig_, channels.frames->spans[span].frame, t, Poses());
          RigidPose local_from = Compose(Inverse(frame), world);
          RigidPose local_to =
              MateInverse(owner_ref, channels, *node.rare().attach, position->end());
          position->from = local_from.position;
          position->to = local_to.position;
          if (rotation != nullptr) {
            rotation->from = local_from.rotation;
            rotation->to = local_to.rotation;
          }
        } else {
          // Detaching: from W(S) in the world; rotation to the node's or W(S)'s.
          position->from = world.position;
          if (rotation != nullptr) {
            rotation->from = world.rotation;
            if (!node.rotation) rotation->to = world.rotation;
          }
        }
      } else {
        if (position != nullptr) {
          position->from = PreviousValue(*channels.position, p, t);
          if (node.rare().orbit) position->to = position->from;  // it turns about its centre
        }
        if (rotation != nullptr) {
          rotation->from = PreviousRotation(owner_ref, channels, r, t);
          // A spin alone keeps its start; a look-at's `to` is unused.
          if (!node.rotation && !rotation->aim) rotation->to = rotation->from;
        }
      }
      if (position_node == node_index) ++p;
      if (rotation_node == node_index) ++r;
    }
  }

  // The rotation channel's value at t over the segments before r, local to
  // the frame in charge at t. A look-at's `to` is a placeholder: its value
  // is the world rotation from the live aim, brought into that frame.
  Quat PreviousRotation(OwnerRef owner, const MutableChannels& channels, size_t r,
                        const ExactTime& t) {
    if (r == 0) return channels.rotation->initial;
    const Segment<Quat>& previous = channels.rotation->segments[r - 1];
    if (!previous.aim) return SegmentValueAt(previous, t);
    Quat value = LookAtSegmentRotation(*rig_, owner, previous, t);
    const FrameSpan* span = ActiveFrameSpan(*channels.frames, t);
    if (span != nullptr && span->frame.parent.valid()) {
      value = glm::conjugate(FrameTransformAt(*rig_, span->frame, t).rotation) * value;
    }
    return glm::normalize(value);
  }

  // W(t) over the segments before cursor (p, r) and the frame before `span`:
  // the left limit at the switch. A look-at in charge before it gives its
  // tracked world rotation (the camera at that left-limit position); with
  // `rotation` false only the position is meant.
  RigidPose WorldBefore(const MutableChannels& channels, int span, size_t p, size_t r,
                        const ExactTime& t, bool rotation) {
    RigidPose world{PreviousValue(*channels.position, p, t),
                    PreviousValue(*channels.rotation, r, t)};
    const Frame* previous = nullptr;
    if (span > 0) {
      const Frame& frame = channels.frames->spans[static_cast<size_t>(span - 1)].frame;
      if (frame.parent.valid()) previous = &frame;
    }
    if (previous != nullptr) world = Compose(FrameTransformAt(*rig_, *previous, t, Poses()), world);
    if (rotation && r > 0 && channels.rotation->segments[r - 1].aim) {
      world.rotation = LookAtSegmentRotation(*rig_, channels.rotation->segments[r - 1], previous,
                                             world.position, t);
    }
    return world;
  }

  // insert and screw: L(u) = T(0, D (1 - u), 0) * Ry(theta u) * L_mate in
  // the marker's frame. The segments' spins say Ry(theta u): about the
  // frame's Y for the position (lerp(t_mate + D y, t_mate, u) turned, which
  // leaves the along-Y part alone), and about R_mate^-1 y on the right of
  // R_mate for the rotation (R_mate Rot(R_mate^-1 y, a) = Ry(a) R_mate).
  // An insert's own `spin`, if any, is kept.
  static void FillApproach(const Attach& attach, const RigidPose& mated, Segment<Vec3>* position,
                           Segment<Quat>* rotation) {
    const Vec3 up(0, 1, 0);
    position->from = mated.position + up * attach.approach;
    position->to = mated.position;
    double turn = Radians(attach.screw_degrees);
    if (turn != 0) position->spin = SpinTurn{UnitAxisOf(up), turn};
    if (rotation == nullptr) return;
    rotation->from = mated.rotation;
    rotation->to = mated.rotation;
    if (turn != 0) {
      rotation->spin =
          SpinTurn{UnitAxisOf(glm::normalize(glm::conjugate(mated.rotation) * up)), turn};
    }
  }

  // L_to = [R_a, s o t_a]^-1 for `mate: a` (s: the owner's scale at E,
  // when the mate lands), identity without a mate.
  RigidPose MateInverse(OwnerRef owner, const MutableChannels& channels, const Attach& attach,
                        const ExactTime& end) {
    if (attach.mate.empty() || owner.is_camera) return RigidPose{};
    const ModelMarkers* model = markers_.ModelOf(static_cast<size_t>(owner.index));
    const Marker* marker = model != nullptr ? model->Find(attach.mate) : nullptr;
    if (marker == nullptr) return RigidPose{};
    Vec3 scale = channels.scale != nullptr ? ValueAt(*channels.scale, end) : Vec3(1, 1, 1);
    return Inverse(RigidPose{marker->pose.position * scale, marker->pose.rotation});
  }

  // The world poses of carriers at the instant being filled, kept for the
  // owners they carry (markers/pose_memo.h): owners are filled in time
  // order and, at an instant, each after every owner its frames' chains
  // pass through (OrderAt), so a pose kept at t is the filled one, which
  // nothing filled later at t or after changes (only segments starting
  // later). Not after a dependency cycle at an instant.
  PoseMemo* Poses() { return cycle_ ? nullptr : &poses_; }

  const Scene& scene_;
  const MarkerTable& markers_;
  Rig* rig_;
  PoseMemo poses_;
  bool cycle_ = false;
  std::vector<size_t> position_cursor_;
  std::vector<size_t> rotation_cursor_;
  std::vector<std::vector<int>> span_of_node_;  // per owner: node index -> span index
  std::vector<int> work_stamp_;                 // the instant an owner last had work
  std::vector<int> walk_stamp_;                 // the dependency walk that last visited an owner
  int walk_ = 0;
};

struct AttachmentEdge {
  int child = 0;
  int parent = 0;
  size_t span = 0;
  ExactTime start;
  std::optional<ExactTime> end;  // nullopt: to the end of the sequence
};

void ReportCycle(const Scene& scene, const Timeline& timeline, const Rig& rig,
                 const std::vector<AttachmentEdge>& edges, const std::vector<int>& cycle_edges,
                 const ExactTime& start, Diagnostics* diagnostics) {
  if (diagnostics == nullptr) return;
  // Rotated to the owner first in the file.
  size_t first = 0;
  std::optional<ExactTime> end;
  for (size_t i = 0; i < cycle_edges.size(); ++i) {
    const AttachmentEdge& edge = edges[static_cast<size_t>(cycle_edges[i])];
    if (edge.child < edges[static_cast<size_t>(cycle_edges[first])].child) first = i;
    if (edge.end && (!end || *edge.end < *end)) end = edge.end;
  }
  std::string names;
  for (size_t k = 0; k <= cycle_edges.size(); ++k) {
    const AttachmentEdge& edge =
        edges[static_cast<size_t>(cycle_edges[(first + k) % cycle_edges.size()])];
    if (k > 0) names += " -> ";
    names += SceneOwner(scene, OwnerAt(rig, edge.child)).name;
  }
  std::string interval = "[" + start.ToString() + ", " +
                         (end ? end->ToString() + ")" : timeline.duration.ToString() + "]");
  const AttachmentEdge& first_edge = edges[static_cast<size_t>(cycle_edges[first])];
  OwnerRef owner = OwnerAt(rig, first_edge.child);
  const FrameTrack& frames = *ChannelsOf(rig, owner).frames;
  const Node& node =
      SceneOwner(scene, owner).nodes[static_cast<size_t>(frames.spans[first_edge.span].node_index)];
  const Origin& origin = node.rare().attach ? node.rare().attach->origin : node.origin;
  diagnostics->Report(DiagnosticCode::kMarkerCycle, origin.location, origin.path(),
                      "attachment cycle: " + names + " over " + interval + " s");
}

}  // namespace

const NodeTime* UsableNodeTime(const std::vector<NodeTime>* times, size_t index) {
  if (times == nullptr || index >= times->size()) return nullptr;
  const NodeTime& time = (*times)[index];
  if (!time.resolved || !time.start.IsValid() || !time.end.IsValid()) return nullptr;
  return &time;
}

OwnerNames::OwnerNames(const Scene& scene) {
  for (size_t i = 0; i < scene.objects.size(); ++i) {
    owners_.emplace(scene.objects[i].name, OwnerRef::Object(i));
  }
  for (size_t i = 0; i < scene.cameras.size(); ++i) {
    owners_.emplace(scene.cameras[i].name, OwnerRef::Camera(i));
  }
}

OwnerRef OwnerNames::Find(std::string_view name) const {
  auto found = owners_.find(std::string(name));
  return found == owners_.end() ? OwnerRef{} : found->second;
}

AttachmentPlan PlanAttachments(const SceneObject& owner, const std::vector<NodeTime>* times,
                               const OwnerNames& names, const MarkerTable& markers) {
  AttachmentPlan plan;
  plan.detaching.assign(owner.nodes.size(), false);
  bool attaches = false;
  for (const Node& node : owner.nodes) {
    plan.has_pose_nodes =
        plan.has_pose_nodes || node.rare().attach || node.rare().spin || node.rare().orbit;
    attaches = attaches || node.rare().attach;
  }
  if (!attaches) return plan;
  std::vector<FrameSpan>& spans = plan.frames.spans;
  for (size_t index = 0; index < owner.nodes.size(); ++index) {
    const Node& node = owner.nodes[index];
    // An explode's move keeps the frame: it starts no span.
    if (!node.rare().attach && (!node.position || node.rare().explode)) continue;
    const NodeTime* time = UsableNodeTime(times, index);
    if (time == nullptr) continue;
    FrameSpan span;
    span.start = time->start;
    span.node_index = static_cast<int>(index);
    if (node.rare().attach) span.frame = FrameFromAttach(*node.rare().attach, names, markers);
    spans.push_back(std::move(span));
  }
  StableSortIfNeeded(spans.begin(), spans.end(),
                     [](const FrameSpan& a, const FrameSpan& b) { return a.start < b.start; });
  for (size_t k = 1; k < spans.size(); ++k) {
    size_t index = static_cast<size_t>(spans[k].node_index);
    if (!owner.nodes[index].rare().attach && spans[k - 1].frame.parent.valid()) {
      plan.detaching[index] = true;
    }
  }
  return plan;
}

void CheckAttachmentCycles(const Scene& scene, const Timeline& timeline, Rig* rig,
                           Diagnostics* diagnostics) {
  const int owner_count = OwnerCount(*rig);
  std::vector<AttachmentEdge> edges;
  for (int number = 0; number < owner_count; ++number) {
    const std::vector<FrameSpan>& spans = ChannelsOf(*rig, OwnerAt(*rig, number)).frames->spans;
    for (size_t k = 0; k < spans.size(); ++k) {
      if (!spans[k].frame.parent.valid()) continue;
      AttachmentEdge edge{number, OwnerNumber(*rig, spans[k].frame.parent), k, spans[k].start, {}};
      if (k + 1 < spans.size()) edge.end = spans[k + 1].start;
      if (edge.end && !(edge.start < *edge.end)) continue;  // lasts no time
      edges.push_back(edge);
    }
  }
  if (edges.empty()) return;
  struct Event {
    ExactTime time;
    bool starts;
    int edge;
  };
  std::vector<Event> events;
  for (size_t i = 0; i < edges.size(); ++i) {
    events.push_back({edges[i].start, true, static_cast<int>(i)});
    if (edges[i].end) events.push_back({*edges[i].end, false, static_cast<int>(i)});
  }
  // Half-open: at one instant, attachments end before others start.
  std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
    if (a.time != b.time) return a.time < b.time;
    return !a.starts && b.starts;
  });
  std::vector<int> edge_now(static_cast<size_t>(owner_count), -1);
  std::vector<int> seen(static_cast<size_t>(owner_count), -1);
  for (size_t e = 0; e < events.size(); ++e) {
    const Event& event = events[e];
    const AttachmentEdge& edge = edges[static_cast<size_t>(event.edge)];
    if (!event.starts) {
      if (edge_now[static_cast<size_t>(edge.child)] == event.edge) {
        edge_now[static_cast<size_t>(edge.child)] = -1;
      }
      continue;
    }
    // Follow the parents from the new parent; reaching the child closes a
    // cycle. A walk into another (already reported) cycle stops at a repeat.
    std::vector<int> cycle_edges = {event.edge};
    int current = edge.parent;
    bool closes = false;
    while (true) {
      if (current == edge.child) {
        closes = true;
        break;
      }
      if (seen[static_cast<size_t>(current)] == static_cast<int>(e)) break;
      seen[static_cast<size_t>(current)] = static_cast<int>(e);
      int next = edge_now[static_cast<size_t>(current)];
      if (next < 0) break;
      cycle_edges.push_back(next);
      current = edges[static_cast<size_t>(next)].parent;
    }
    if (closes) {
      ReportCycle(scene, timeline, *rig, edges, cycle_edges, event.time, diagnostics);
      Frame& frame =
          MutableChannelsOf(rig, OwnerAt(*rig, edge.child)).frames->spans[edge.span].frame;
      frame.parent = OwnerRef{};
      frame.label = "world";
    }
    edge_now[static_cast<size_t>(edge.child)] = event.edge;
  }
}

void FillAttachedValues(const Scene& scene, const MarkerTable& markers, Rig* rig) {
  AttachedValueFiller(scene, markers, rig).Run();
}

}  // namespace cinc
