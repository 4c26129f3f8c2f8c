#include "resolver/critical_path.h"

#include <algorithm>

#include "resolver/references.h"

namespace cinc {
std::vector<std::string> CriticalPath(const Scene& scene, const Timeline& timeline) {
  NodeTable table(scene);
  std::vector<std::string> path;
  int number = timeline.last_ending;
  // A fixing node resolved before the one it fixes: the chain cannot loop,
  // and it is at most as long as the table.
  while (number >= 0 && number < table.size() && static_cast<int>(path.size()) < table.size()) {
    const NodeTime* time = ResolvedTimeAt(timeline, table.place(number));
    if (time == nullptr) break;
    path.push_back(table.node(number).QualifiedName());
    number = time->fixed_by;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace cinc
