#include "resolver/critical_path.h"

#include <algorithm>

namespace cinc {

std::vector<int> CriticalPathNumbers(const NodeTable& table, const Timeline& timeline) {
  std::vector<int> path;
  int number = timeline.last_ending;
  // A fixing node resolved before the one it fixes: the chain cannot loop,
  // and it is at most as long as the table.
  while (number >= 0 && number < table.size() && static_cast<int>(path.size()) < table.size()) {
    const NodeTime* time = ResolvedTimeAt(timeline, table.place(number));
    if (time == nullptr) break;
    path.push_back(number);
    number = time->fixed_by;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

std::vector<std::string> CriticalPath(const Scene& scene, const Timeline& timeline) {
  NodeTable table(scene);
  std::vector<std::string> path;
  for (int number : CriticalPathNumbers(table, timeline)) {
    path.push_back(table.node(number).QualifiedName());
  }
  return path;
}

}  // namespace cinc
