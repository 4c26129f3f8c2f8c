#include "resolver/resolve_output.h"

#include <vector>

namespace cinc {
namespace {

void AppendList(const std::vector<Node>& nodes, const std::vector<NodeTime>* times, Json& out) {
  for (size_t index = 0; index < nodes.size(); ++index) {
    // A timeline shorter than the scene means nothing was resolved there.
    if (times == nullptr || index >= times->size() || !(*times)[index].resolved) continue;
    const NodeTime& time = (*times)[index];
    Json entry = Json::object();
    entry["node"] = nodes[index].QualifiedName();
    entry["start"] = time.start.ToDouble();
    entry["end"] = time.end.ToDouble();
    out.push_back(std::move(entry));
  }
}

template <typename List>
const List* At(const std::vector<List>& lists, size_t index) {
  return index < lists.size() ? &lists[index] : nullptr;
}

}  // namespace

Json ResolvedTimesToJson(const Scene& scene, const Timeline& timeline) {
  Json result = Json::object();
  result["duration"] = timeline.duration.ToDouble();
  Json nodes = Json::array();
  for (size_t i = 0; i < scene.objects.size(); ++i) {
    AppendList(scene.objects[i].nodes, At(timeline.objects, i), nodes);
  }
  for (size_t i = 0; i < scene.cameras.size(); ++i) {
    AppendList(scene.cameras[i].nodes, At(timeline.cameras, i), nodes);
  }
  AppendList(scene.director_nodes, &timeline.director, nodes);
  result["nodes"] = std::move(nodes);
  return result;
}

}  // namespace cinc
