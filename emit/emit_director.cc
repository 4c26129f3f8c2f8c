#include "emit/emit_director.h"

#include <algorithm>

#include "emit/channel_keys.h"
#include "emit/channel_pieces.h"

namespace cinc {
namespace {

// The director nodes with a resolved time, sorted by (S, file order).
std::vector<size_t> ResolvedDirectorNodesInOrder(const Scene& scene, const Timeline& timeline,
                                                 bool (*wanted)(const Node&)) {
  std::vector<size_t> order;
  for (size_t index = 0; index < scene.director_nodes.size(); ++index) {
    if (index >= timeline.director.size() || !timeline.director[index].resolved) continue;
    if (wanted(scene.director_nodes[index])) order.push_back(index);
  }
  std::stable_sort(order.begin(), order.end(), [&timeline](size_t a, size_t b) {
    return timeline.director[a].start < timeline.director[b].start;
  });
  return order;
}

}  // namespace

std::optional<CameraTrack> EmitCameraTrack(const Scene& scene, const Timeline& timeline) {
  struct TimedShot {
    ExactTime start;
    size_t file_order;
    CameraShot shot;
  };
  std::vector<TimedShot> shots;
  for (size_t index = 0; index < scene.director_nodes.size(); ++index) {
    const Node& node = scene.director_nodes[index];
    if (!node.shot || index >= timeline.director.size() || !timeline.director[index].resolved) {
      continue;
    }
    const Shot& written = *node.shot;
    ExactTime start = timeline.director[index].start;
    CameraShot shot;
    shot.camera = written.camera;
    bool blends = ExactTime() < written.blend;
    if (blends && written.blend_ease && written.blend_ease->kind == Ease::Kind::kStep) {
      start += written.blend;  // a stepped blend shows the old camera, then cuts
    } else if (blends) {
      shot.blend = written.blend.ToDouble();
      if (written.blend_ease) shot.blend_ease = written.blend_ease->control;
    }
    shot.start = start.ToDouble();
    shots.push_back({start, index, std::move(shot)});
  }
  if (shots.empty()) return std::nullopt;
  std::stable_sort(shots.begin(), shots.end(), [](const TimedShot& a, const TimedShot& b) {
    if (a.start != b.start) return a.start < b.start;
    return a.file_order < b.file_order;
  });
  CameraTrack track;
  for (size_t index = 0; index < shots.size(); ++index) {
    if (index + 1 < shots.size() && shots[index + 1].start == shots[index].start) continue;
    track.shots.push_back(std::move(shots[index].shot));
  }
  return track;
}

ChannelTrack<double> TimeScaleChannel(const Scene& scene, const Timeline& timeline) {
  ChannelTrack<double> channel;
  channel.initial = 1;
  std::vector<size_t> order = ResolvedDirectorNodesInOrder(
      scene, timeline, [](const Node& node) { return node.time_scale.has_value(); });
  for (size_t index : order) {
    const Node& node = scene.director_nodes[index];
    const NodeTime& time = timeline.director[index];
    Segment<double> segment;
    segment.start = time.start;
    segment.duration = time.end - time.start;
    segment.from = ValueAt(channel, time.start);  // over the earlier segments only
    segment.to = *node.time_scale;
    segment.ease = node.ease;
    segment.node_index = static_cast<int>(index);
    if (!channel.segments.empty()) channel.segments.back().active_until = time.start;
    channel.segments.push_back(std::move(segment));
  }
  return channel;
}

std::optional<TimeTrack> EmitTimeTrack(const Scene& scene, const Timeline& timeline) {
  ChannelTrack<double> channel = TimeScaleChannel(scene, timeline);
  if (channel.segments.empty()) return std::nullopt;
  TimeTrack track;
  track.scale = KeysFromPieces(BuildPieces(channel));
  return track;
}

}  // namespace cinc
