#include "lsp/hover.h"

#include <cmath>
#include <vector>

#include "core/rotation.h"
#include "lsp/completion.h"
#include "lsp/scene_text.h"

namespace cinc {
namespace {

// The nodes that wait on each node: its relations' and `until:` targets'
// dependents, and the next node of a list that chains.
std::vector<std::vector<int>> Dependents(const NodeTable& table) {
  std::vector<std::vector<int>> dependents(static_cast<size_t>(table.size()));
  for (int number = 0; number < table.size(); ++number) {
    const Node& node = table.node(number);
    if (node.relations.empty()) {
      if (const int previous = table.PreviousInList(number); previous >= 0) {
        dependents[static_cast<size_t>(previous)].push_back(number);
      }
    }
    auto add = [&](int target) {
      if (target >= 0 && target != number)
        dependents[static_cast<size_t>(target)].push_back(number);
    };
    for (const Relation& relation : node.relations) ForEachTarget(table, node, relation, add);
    for (const Relation& relation : node.until) ForEachTarget(table, node, relation, add);
  }
  return dependents;
}

std::string NodeHover(const SceneView& view, const NodeTable& table, int number) {
  const Node& node = table.node(number);
  const Timeline& timeline = view.analysis->timeline;
  const NodeTime* time = ResolvedTimeAt(timeline, table.place(number));
  std::string text = "**" + node.QualifiedName() + "**\n\n";
  if (time == nullptr) return text + "not resolved (see the diagnostics)";
  text += "start " + SecondsText(time->start) + " s, end " + SecondsText(time->end) +
          " s, duration " + SecondsText(time->end - time->start) + " s\n\n";
  // What fixes the start: the chain of fixed_by back to an `at` or a list's start.
  std::vector<std::string> chain = {node.QualifiedName()};
  int at = time->fixed_by;
  for (int steps = 0; at >= 0 && steps < table.size(); ++steps) {
    chain.push_back(table.node(at).QualifiedName());
    const NodeTime* before = ResolvedTimeAt(timeline, table.place(at));
    at = before == nullptr ? -1 : before->fixed_by;
  }
  text += "start fixed by: ";
  if (chain.size() == 1) {
    text += node.relations.empty() || node.relations[0].kind != RelationKind::kAt
                ? "the start of its list"
                : "its `at`";
  } else {
    for (size_t k = chain.size(); k-- > 1;) text += chain[k] + " → ";
    text += chain[0];
  }
  const ExactTime slack = SlackOf(timeline, table, number);
  text += "\n\nslack: " + SecondsText(slack) + " s" +
          (slack == ExactTime() ? " (on the critical path)" : "");
  return text;
}

std::string MarkerHover(const ModelMarkers& model, const Marker& marker) {
  const Vec3& p = marker.pose.position;
  const Vec3 euler = CanonicalEulerDegrees(marker.pose.rotation);
  auto number = [](double value) {
    std::string out;
    AppendJsonNumber(std::round(value * 1e9) / 1e9, &out);
    return out;
  };
  return "**marker " + marker.name + "** of model " + model.name + "\n\nposition [" + number(p.x) +
         ", " + number(p.y) + ", " + number(p.z) + "] m\n\nrotation [" + number(euler.x) + ", " +
         number(euler.y) + ", " + number(euler.z) + "] degrees (pitch, yaw, roll)";
}

// Whether the cursor is in a node reference's value.
bool IsNodeWordKey(const CursorContext& context) {
  const std::string& key = context.key;
  return key == "after" || key == "with" || key == "until" || key == "end_with" || key == "before";
}

Json HoverJson(const std::string& markdown, const Json& range) {
  return Json{{"contents", Json{{"kind", "markdown"}, {"value", markdown}}}, {"range", range}};
}

}  // namespace

int NodeOfWord(const NodeTable& table, std::string_view owner, std::string_view word) {
  const NodeReference parts = SplitNodeReference(word);
  if (parts.qualified) {
    const int found = table.Find(parts.owner, parts.id);
    return found >= 0 ? found : table.Find(PatternCopyName(parts.owner, 1), parts.id);
  }
  if (owner.empty()) return -1;
  const int found = table.Find(owner, word);
  return found >= 0 ? found : table.Find(PatternCopyName(owner, 1), word);
}

ExactTime SlackOf(const Timeline& timeline, const NodeTable& table, int number) {
  const std::vector<std::vector<int>> dependents = Dependents(table);
  std::vector<bool> seen(static_cast<size_t>(table.size()), false);
  std::vector<int> stack = {number};
  ExactTime latest;
  seen[static_cast<size_t>(number)] = true;
  while (!stack.empty()) {
    const int at = stack.back();
    stack.pop_back();
    if (const NodeTime* time = ResolvedTimeAt(timeline, table.place(at))) {
      if (latest < time->end) latest = time->end;
    }
    for (int next : dependents[static_cast<size_t>(at)]) {
      if (!seen[static_cast<size_t>(next)]) {
        seen[static_cast<size_t>(next)] = true;
        stack.push_back(next);
      }
    }
  }
  return timeline.duration < latest ? ExactTime() : timeline.duration - latest;
}

Json Hover(const SceneView& view, size_t offset) {
  size_t begin = 0;
  size_t end = 0;
  const std::string word = WordAround(view.text, offset, &begin, &end);
  if (word.empty()) return Json();
  const Json range = RangeOfBytes(view.text, begin, end);
  const CursorContext context = ContextAt(view.text, begin);
  const Scene& scene = view.analysis->scene;
  const std::string owner = OwnerOfPath(context.path);
  // A marker: owner/marker, or a `mate` of this object.
  const MarkerReference marker_parts = SplitMarkerReference(word);
  std::string_view marker_owner = marker_parts.has_marker ? marker_parts.owner : std::string_view();
  std::string_view marker_name = marker_parts.has_marker ? marker_parts.marker : std::string_view();
  if (context.key == "mate") {
    marker_owner = owner;
    marker_name = word;
  }
  if (!marker_name.empty()) {
    if (const ModelMarkers* model = MarkersOfOwner(*view.analysis, marker_owner)) {
      if (const Marker* marker = model->Find(marker_name)) {
        return HoverJson(MarkerHover(*model, *marker), range);
      }
    }
    return Json();
  }
  // A pattern's name: its copies.
  for (const PatternCopies& pattern : scene.patterns) {
    if (word == pattern.name || SplitNodeReference(word).owner == pattern.name) {
      if (context.key == "id" || IsNodeWordKey(context)) break;
      return HoverJson("**pattern " + pattern.name + "**: " + std::to_string(pattern.count) +
                           " copies, " + PatternCopyName(pattern.name, 1) + " … " +
                           PatternCopyName(pattern.name, pattern.count),
                       range);
    }
  }
  if (context.key == "id" || IsNodeWordKey(context)) {
    const NodeTable table(scene);
    const int number = NodeOfWord(table, owner, word);
    if (number >= 0) return HoverJson(NodeHover(view, table, number), range);
  }
  return Json();
}

}  // namespace cinc
