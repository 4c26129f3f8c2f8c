#include "resolver/timing_references.h"

#include <algorithm>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/reference.h"
#include "core/two_threads.h"
#include "resolver/references.h"

namespace cinc {
namespace {

constexpr int kMaxBareIdSearches = 100;

// "screw1/drive", written like a marker: the node "screw1.drive" if there is one.
std::string MarkerShapedSuggestion(const TimingState& state, const std::string& written) {
  const MarkerReference parts = SplitMarkerReference(written);
  if (state.table().Find(parts.owner, parts.marker) < 0) return "";
  return DidYouMeanPhrase(NodeReferenceText(parts.owner, parts.marker),
                          "a node is written object.node; object/marker names a marker");
}

// A bare id that other lists have: those nodes (up to three); else the
// closest qualified name.
std::string NodeSuggestion(TimingState& state, int number, const std::string& written,
                           const std::string& qualified) {
  const NodeTable& table = state.table();
  if (!SplitNodeReference(written).qualified && state.bare_id_searches < kMaxBareIdSearches) {
    ++state.bare_id_searches;
    std::vector<std::string> others;
    for (int other = 0; other < table.size() && others.size() < 3; ++other) {
      if (table.node(other).id == written) others.push_back(state.NameOf(other));
    }
    if (!others.empty()) {
      std::string names = "'" + others[0] + "'";
      for (size_t i = 1; i < others.size(); ++i) {
        names += (i + 1 == others.size() ? " or '" : ", '") + others[i] + "'";
      }
      return " (did you mean " + names +
             "? a bare id names a node of the same list; qualify it as object.node)";
    }
  }
  std::optional<std::string> suggestion =
      state.suggester->Suggest(qualified, static_cast<int>(written.size()), number);
  return suggestion ? DidYouMeanPhrase(*suggestion) : "";
}

// Reports that `relation` of `number` (a relation or an `until:` entry)
// names the node itself or (`target` -1) no node; returns kBrokenTarget.
int ReportBrokenTarget(TimingState& state, int number, const Relation& relation, int target) {
  const Node& node = state.table().node(number);
  if (target == number) {
    state.Report(DiagnosticCode::kTimingCycle, relation.origin,
                 "node '" + state.NameOf(number) + "' cannot depend on itself");
    return kBrokenTarget;
  }
  const std::string written = relation.target.str();
  const bool marker_shaped =
      SplitMarkerReference(written).has_marker && !SplitNodeReference(written).qualified;
  const std::string qualified = marker_shaped ? written : QualifyReference(node, written);
  std::string message =
      "node '" + state.NameOf(number) + "' references unknown node '" + qualified + "'";
  state.Report(DiagnosticCode::kTimingMissing, relation.origin,
               message + (marker_shaped ? MarkerShapedSuggestion(state, written)
                                        : NodeSuggestion(state, number, written, qualified)));
  return kBrokenTarget;
}

// The join vertex for `relation` (every copy of a pattern's node), made on
// first use with each copy's node (-1 for one that is missing); or, after
// reporting each copy that is missing or `number` itself, kBrokenTarget.
int JoinTarget(TimingState& state, int number, const Relation& relation) {
  const NodeTable& table = state.table();
  TimingJoins& joins = state.joins;
  const std::string reference = relation.target.str();
  auto [found, made] = joins.by_reference.try_emplace(
      reference, table.size() + static_cast<int>(joins.by_reference.size()));
  if (made) {
    ForEachTarget(table, table.node(number), relation,
                  [&joins](int member) { joins.members.push_back(member); });
    joins.first_member.push_back(static_cast<int>(joins.members.size()));
  }
  std::span<const int> members = state.MembersOf(found->second);
  const bool whole = std::find(members.begin(), members.end(), -1) == members.end();
  if (whole && !state.Names(found->second, number)) return found->second;
  // As if each copy were named on its own: each problem reported.
  for (size_t k = 0; k < members.size(); ++k) {
    if (members[k] >= 0 && members[k] != number) continue;
    const NodeReference parts = SplitNodeReference(reference);
    Relation copy = relation;
    copy.copies = 0;
    copy.target =
        NodeReferenceText(PatternCopyName(parts.owner, static_cast<int>(k) + 1), parts.id);
    ReportBrokenTarget(state, number, copy, members[k] < 0 ? kNotFound : number);
  }
  return kBrokenTarget;
}

// Looks up the targets of nodes first..last in place. The lookups only read
// the table and write their own node's targets, so two threads share them.
void LookUp(TimingState& state, int first, int last) {
  const NodeTable& table = state.table();
  TimingInputs& in = state.inputs;
  auto resolve = [&table](int& target, const Node& node, const Relation& relation) {
    if (target != kLookedUp || relation.copies > 0) return;  // joins: below
    target = table.Resolve(node, relation.target);
    if (target < 0) target = kNotFound;
  };
  for (int number = first; number < last; ++number) {
    const Node& node = table.node(number);
    for (int index = in.first_relation[number]; index < in.first_relation[number + 1]; ++index) {
      resolve(in.relation_targets[index], node,
              node.relations[static_cast<size_t>(index - in.first_relation[number])]);
    }
    for (int index = in.first_until[number]; index < in.first_until[number + 1]; ++index) {
      resolve(in.until_targets[index], node,
              node.until[static_cast<size_t>(index - in.first_until[number])]);
    }
  }
}

}  // namespace

// Each thread takes a run of nodes; nothing else holds the references
// meanwhile (a list of them was 16 MB at 590,000 relations).
void ResolveReferences(TimingState& state) {
  TimingInputs& in = state.inputs;
  // The halves hold about as many relations each.
  const int half =
      static_cast<int>(std::upper_bound(in.first_relation.begin(), in.first_relation.end(),
                                        static_cast<int>(in.relation_targets.size() / 2)) -
                       in.first_relation.begin() - 1);
  const int count = state.table().size();
  RunOnTwoThreads([&] { LookUp(state, std::clamp(half, 0, count), count); },
                  [&] { LookUp(state, 0, std::clamp(half, 0, count)); },
                  in.relation_targets.size() + in.until_targets.size() >= kNodesWorthAThread);
  state.broken.assign(state.table().size(), false);
  for (int number = 0; number < count; ++number) {
    const Node& node = state.table().node(number);
    auto settle = [&](int& target, const Relation& relation) {
      if (target == kLookedUp) target = JoinTarget(state, number, relation);
      if (target == kNotFound || target == number) {  // reported: the node stays unresolved
        target = ReportBrokenTarget(state, number, relation, target);
      }
      if (target == kBrokenTarget) state.broken[number] = true;
    };
    for (int index = in.first_relation[number]; index < in.first_relation[number + 1]; ++index) {
      settle(in.relation_targets[index],
             node.relations[static_cast<size_t>(index - in.first_relation[number])]);
    }
    for (int index = in.first_until[number]; index < in.first_until[number + 1]; ++index) {
      settle(in.until_targets[index],
             node.until[static_cast<size_t>(index - in.first_until[number])]);
    }
  }
}

}  // namespace cinc
