#include "resolver/critical_path.h"

#include <algorithm>

#include "resolver/references.h"

namespace cinc {
namespace {

const NodeTime* TimeAt(const Timeline& timeline, const NodePlace& place) {
  const std::vector<NodeTime>* list = nullptr;
  switch (place.list_kind) {
    case NodeListKind::kObject:
      if (static_cast<size_t>(place.list) < timeline.objects.size()) {
        list = &timeline.objects[static_cast<size_t>(place.list)];
      }
      break;
    case NodeListKind::kCamera:
      if (static_cast<size_t>(place.list) < timeline.cameras.size()) {
        list = &timeline.cameras[static_cast<size_t>(place.list)];
      }
      break;
    case NodeListKind::kDirector:
      list = &timeline.director;
      break;
  }
  if (list == nullptr || static_cast<size_t>(place.position) >= list->size()) return nullptr;
  const NodeTime& time = (*list)[static_cast<size_t>(place.position)];
  return time.resolved ? &time : nullptr;
}

}  // namespace

std::vector<std::string> CriticalPath(const Scene& scene, const Timeline& timeline) {
  NodeTable table(scene);
  std::vector<std::string> path;
  int number = timeline.last_ending;
  // A fixing node resolved before the one it fixes: the chain cannot loop,
  // and it is at most as long as the table.
  while (number >= 0 && number < table.size() && static_cast<int>(path.size()) < table.size()) {
    const NodeTime* time = TimeAt(timeline, table.place(number));
    if (time == nullptr) break;
    path.push_back(table.node(number).QualifiedName());
    number = time->fixed_by;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace cinc
