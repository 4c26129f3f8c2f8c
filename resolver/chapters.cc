#include "resolver/chapters.h"

#include <algorithm>

namespace cinc {

std::vector<Chapter> ChaptersOf(const Timeline& timeline, const NodeTable& table) {
  std::vector<Chapter> chapters;
  for (int number = 0; number < table.size(); ++number) {
    const Node& node = table.node(number);
    const NodeTime* time = ResolvedTimeAt(timeline, table.place(number));
    if (time == nullptr || !node.rare().label) continue;
    chapters.push_back({node.rare().label->value, node.QualifiedName(), time->start, time->end});
  }
  std::stable_sort(chapters.begin(), chapters.end(),
                   [](const Chapter& a, const Chapter& b) { return a.start < b.start; });
  for (size_t k = 0; k < chapters.size(); ++k) {
    Chapter& chapter = chapters[k];
    if (chapter.end != chapter.start) continue;
    chapter.end = k + 1 < chapters.size() ? chapters[k + 1].start : timeline.duration;
  }
  return chapters;
}

}  // namespace cinc
