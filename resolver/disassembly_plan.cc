#include "resolver/disassembly_plan.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/reference.h"
#include "core/suggestion.h"
#include "resolver/chapters.h"
#include "resolver/references.h"

namespace cinc {
namespace {

class Planner {
 public:
  Planner(const Scene& scene, const Timeline& timeline, Diagnostics* diagnostics)
      : disassembly_(*scene.disassembly),
        timeline_(timeline),
        table_(scene),
        chapters_(ChaptersOf(timeline, table_)),
        diagnostics_(diagnostics) {}

  std::optional<DisassemblyTimes> Plan();

 private:
  void Report(const LocatedString& at, std::string message) {
    diagnostics_->Report(DiagnosticCode::kDisassembly, at.origin.location, at.origin.path(),
                         std::move(message));
    valid_ = false;
  }
  // The chapter labelled `written`, else the node `owner.id`: its time.
  std::optional<NodeTime> Find(const LocatedString& written, std::string_view field,
                               bool chapters_too);
  // A step runs from its chapter's start to the next chapter's (a later
  // start), the last one to the assembly's end.
  ExactTime StepEnd(size_t k) const {
    for (size_t next = k + 1; next < chapters_.size(); ++next) {
      if (chapters_[k].start < chapters_[next].start) return chapters_[next].start;
    }
    return timeline_.duration;
  }
  void MapLabels(const DisassemblyTimes& times, DisassemblyTimes* out);
  void MapActions(const DisassemblyTimes& times, DisassemblyTimes* out);

  const Disassembly& disassembly_;
  const Timeline& timeline_;
  NodeTable table_;
  std::vector<Chapter> chapters_;
  Diagnostics* diagnostics_;
  bool valid_ = true;
};

std::optional<NodeTime> Planner::Find(const LocatedString& written, std::string_view field,
                                      bool chapters_too) {
  std::vector<std::string> names;
  if (chapters_too) {
    for (size_t k = 0; k < chapters_.size(); ++k) {
      if (chapters_[k].label == written.value)
        return NodeTime{chapters_[k].start, StepEnd(k), true};
      names.push_back(chapters_[k].label);
    }
  }
  NodeReference reference = SplitNodeReference(written.value);
  int number = reference.qualified ? table_.Find(reference.owner, reference.id) : -1;
  if (number >= 0) {
    const NodeTime* time = ResolvedTimeAt(timeline_, table_.place(number));
    if (time == nullptr) {
      valid_ = false;  // timing reported it
      return std::nullopt;
    }
    return *time;
  }
  for (int k = 0; k < table_.size(); ++k) {
    if (!table_.node(k).id.empty()) names.push_back(table_.node(k).QualifiedName());
  }
  std::vector<std::string_view> candidates(names.begin(), names.end());
  Report(written, std::string(field) + ": '" + written.value + "' names no " +
                      (chapters_too ? "chapter label or node" : "node") +
                      DidYouMean(written.value, candidates));
  return std::nullopt;
}

// The chapters taken apart: those starting in [from, to), in the order the
// disassembly plays them.
std::vector<const Chapter*> ChaptersWithin(const std::vector<Chapter>& chapters,
                                           const DisassemblyTimes& times) {
  std::vector<const Chapter*> within;
  for (auto chapter = chapters.rbegin(); chapter != chapters.rend(); ++chapter) {
    if (!(chapter->start < times.from) && chapter->start < times.to) within.push_back(&*chapter);
  }
  return within;
}

void Planner::MapLabels(const DisassemblyTimes& times, DisassemblyTimes* out) {
  std::vector<const Chapter*> within = ChaptersWithin(chapters_, times);
  if (disassembly_.labels_in_order) {
    if (disassembly_.labels.size() != within.size()) {
      Report(disassembly_.labels.front().second,
             "labels: " + std::to_string(disassembly_.labels.size()) +
                 (disassembly_.labels.size() == 1 ? " label" : " labels") + " for the " +
                 std::to_string(within.size()) + (within.size() == 1 ? " chapter" : " chapters") +
                 " taken apart");
      return;
    }
    for (size_t k = 0; k < within.size(); ++k) {
      out->labels.emplace_back(within[k]->label, disassembly_.labels[k].second.value);
    }
    return;
  }
  std::vector<std::string_view> names;
  for (const Chapter* chapter : within) names.push_back(chapter->label);
  for (const auto& [forward, own] : disassembly_.labels) {
    bool found = false;
    for (const Chapter* chapter : within) found = found || chapter->label == forward.value;
    bool outside = false;
    for (const Chapter& chapter : chapters_) outside = outside || chapter.label == forward.value;
    if (!found && outside) {
      Report(forward, "labels: chapter '" + forward.value + "' is not among the steps taken apart");
      continue;
    }
    if (!found) {
      Report(forward, "labels: '" + forward.value + "' names no chapter taken apart" +
                          DidYouMean(forward.value, names));
      continue;
    }
    out->labels.emplace_back(forward.value, own.value);
  }
}

void Planner::MapActions(const DisassemblyTimes& times, DisassemblyTimes* out) {
  std::vector<std::string> actions;
  for (int k = 0; k < table_.size(); ++k) {
    const Node& node = table_.node(k);
    const NodeTime* time = ResolvedTimeAt(timeline_, table_.place(k));
    if (!node.rare().action || time == nullptr) continue;
    if (time->start < times.from || times.to < time->start) continue;
    actions.push_back(node.rare().action->value);
    if (time->start < times.to)
      out->action_spans.push_back({std::string(node.owner.view()), time->start, time->end});
  }
  std::vector<std::string_view> names(actions.begin(), actions.end());
  for (const auto& [forward, own] : disassembly_.actions) {
    bool found = false;
    for (const std::string& action : actions) found = found || action == forward.value;
    if (!found) {
      Report(forward, "actions: '" + forward.value + "' names no action of the steps taken apart" +
                          DidYouMean(forward.value, names));
      continue;
    }
    out->actions.emplace_back(forward.value, own.value);
  }
}

std::optional<DisassemblyTimes> Planner::Plan() {
  DisassemblyTimes times;
  times.from = ExactTime();
  times.to = timeline_.duration;
  std::optional<NodeTime> from, to, after;
  if (!disassembly_.from.value.empty()) from = Find(disassembly_.from, "steps", true);
  if (!disassembly_.to.value.empty()) to = Find(disassembly_.to, "steps", true);
  if (!disassembly_.after.value.empty()) after = Find(disassembly_.after, "after", false);
  if (!valid_) return std::nullopt;
  if (from) times.from = from->start;
  if (to) times.to = to->end;
  if (times.to < times.from) {
    Report(disassembly_.from, "steps: '" + disassembly_.from.value + "' starts at " +
                                  times.from.ToString() + " s, after '" + disassembly_.to.value +
                                  "' ends at " + times.to.ToString() + " s");
    return std::nullopt;
  }
  times.start = (after ? after->end : timeline_.duration) + disassembly_.lag;
  if (times.start < timeline_.duration) {
    Report(disassembly_.after, "after: the disassembly would start at " + times.start.ToString() +
                                   " s, before the assembly ends at " +
                                   timeline_.duration.ToString() +
                                   " s; name the node that ends last, or leave 'after' out");
    return std::nullopt;
  }
  times.end = times.start + (times.to - times.from);
  MapLabels(times, &times);
  MapActions(times, &times);
  if (!valid_) return std::nullopt;
  return times;
}

}  // namespace

void PlanDisassembly(const Scene& scene, Timeline* timeline, Diagnostics* diagnostics) {
  timeline->disassembly.reset();
  if (!scene.disassembly || diagnostics->HasErrors()) return;
  timeline->disassembly = Planner(scene, *timeline, diagnostics).Plan();
}

}  // namespace cinc
