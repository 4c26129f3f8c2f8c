#include "emit/emit_director.h"

#include <algorithm>

#include "emit/camera_keys.h"
#include "emit/channel_keys.h"
#include "fit/channel_pieces.h"

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
  std::vector<PlayedShot> shots = ShotsInOrder(scene, timeline);
  if (shots.empty()) return std::nullopt;
  CameraTrack track;
  for (const PlayedShot& played : shots) {
    CameraShot shot;
    shot.start = played.start.ToDouble();
    shot.camera = played.camera;
    if (ExactTime() < played.blend) {
      shot.blend = played.blend.ToDouble();
      shot.blend_ease = played.written_ease;
    }
    track.shots.push_back(std::move(shot));
  }
  return track;
}

std::optional<CameraTrack> EmitCameraTrack(const Scene& scene, const Timeline& timeline,
                                           const Rig& rig, const FitSettings& settings) {
  std::optional<CameraTrack> track = EmitCameraTrack(scene, timeline);
  if (track) {
    AddCameraChannelKeys(rig, timeline.duration, ShotsInOrder(scene, timeline), settings, &*track);
  }
  return track;
}

ChannelTrack<double> TimeScaleChannel(const Scene& scene, const Timeline& timeline) {
  ChannelTrack<double> channel;
  channel.initial = 1;
  std::vector<size_t> order = ResolvedDirectorNodesInOrder(
      scene, timeline, [](const Node& node) { return node.rare().time_scale.has_value(); });
  for (size_t index : order) {
    const Node& node = scene.director_nodes[index];
    const NodeTime& time = timeline.director[index];
    Segment<double> segment;
    segment.start = time.start;
    segment.duration = time.end - time.start;
    segment.from = ValueAt(channel, time.start);  // over the earlier segments only
    segment.to = *node.rare().time_scale;
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
