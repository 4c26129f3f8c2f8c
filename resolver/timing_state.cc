#include "resolver/timing_state.h"

#include <algorithm>
#include <utility>

namespace cinc {
namespace {

// A relation's kind in the low kKindBits, and above them 0 for a zero
// offset or 1 + the offset's index in nonzero_offsets (29 bits: 500
// million offsets, far more relations than a scene can hold in memory).
constexpr uint32_t kKindBits = 3;
constexpr uint32_t kKindMask = (1u << kKindBits) - 1;
static_assert(static_cast<uint32_t>(RelationKind::kBefore) <= kKindMask);

uint32_t TermOf(const Relation& relation, std::vector<ExactTime>& nonzero_offsets) {
  uint32_t slot = 0;
  if (relation.offset != ExactTime()) {
    nonzero_offsets.push_back(relation.offset);
    slot = static_cast<uint32_t>(nonzero_offsets.size());
  }
  return slot << kKindBits | static_cast<uint32_t>(relation.kind);
}

}  // namespace

std::span<const int> TimingInputs::RelationTargetsOf(int number) const {
  const int first = first_relation[number];
  return std::span<const int>(relation_targets)
      .subspan(static_cast<size_t>(first), static_cast<size_t>(first_relation[number + 1] - first));
}

std::span<const int> TimingInputs::UntilTargetsOf(int number) const {
  const int first = first_until[number];
  return std::span<const int>(until_targets)
      .subspan(static_cast<size_t>(first), static_cast<size_t>(first_until[number + 1] - first));
}

RelationKind TimingInputs::KindOf(int relation) const {
  return static_cast<RelationKind>(relation_terms[static_cast<size_t>(relation)] & kKindMask);
}

ExactTime TimingInputs::OffsetOf(int relation) const {
  const uint32_t slot = relation_terms[static_cast<size_t>(relation)] >> kKindBits;
  return slot == 0 ? ExactTime() : nonzero_offsets[slot - 1];
}

// The order of resolution jumps about the scene, and reading the nodes
// themselves there (each with its relations in a block of its own) cost a
// cache miss or two per node, a third of the resolver at 100,000 nodes: so
// durations and lags, each relation's offset, and the references to look up
// are gathered here in file order, without the table. Most offsets are zero
// (an `after:` without a lag); the others are kept apart, where 17 bytes a
// relation were 12 MB at 690,000 relations.
TimingInputs GatherTimingInputs(const Scene& scene) {
  TimingInputs in;
  const size_t count = CountNodes(scene);
  in.nodes.reserve(count);
  in.first_relation.reserve(count + 1);
  in.first_until.reserve(count + 1);
  // Exactly as many as there are: grown by doubling, the lists would hold
  // twice the room, and both copies while they grow (at 590,000 relations,
  // 14 MB each).
  size_t relation_count = 0;
  size_t nonzero_count = 0;
  size_t until_count = 0;
  ForEachNodeList(scene, [&](const std::vector<Node>& nodes) {
    for (const Node& node : nodes) {
      relation_count += node.relations.size();
      for (const Relation& relation : node.relations) {
        nonzero_count += relation.offset != ExactTime() ? 1 : 0;
      }
      until_count += node.until.size();
    }
  });
  in.relation_terms.reserve(relation_count);
  in.nonzero_offsets.reserve(nonzero_count);
  in.relation_targets.reserve(relation_count);
  in.until_targets.reserve(until_count);
  auto gather = [&in](const std::vector<Node>& nodes) {
    for (const Node& node : nodes) {
      in.first_relation.push_back(static_cast<int>(in.relation_targets.size()));
      in.nodes.push_back({node.duration, node.chain_lag});
      for (const Relation& relation : node.relations) {
        // `at` relations start at their time; the others at their target's time + lag.
        in.relation_terms.push_back(TermOf(relation, in.nonzero_offsets));
        int target = kNoTarget;
        if (relation.kind != RelationKind::kAt) {
          // An empty or silenced reference: a problem the loader reported.
          target = relation.target.empty() || relation.silenced ? kBrokenTarget : kLookedUp;
        }
        in.relation_targets.push_back(target);
      }
      in.first_until.push_back(static_cast<int>(in.until_targets.size()));
      for (const Relation& until : node.until) {
        int target = until.target.empty() || until.silenced ? kBrokenTarget : kLookedUp;
        in.until_targets.push_back(target);
      }
    }
  };
  ForEachNodeList(scene, gather);
  in.first_relation.push_back(static_cast<int>(in.relation_targets.size()));
  in.first_until.push_back(static_cast<int>(in.until_targets.size()));
  return in;
}

void TimingState::Report(DiagnosticCode code, const Origin& origin, std::string message) {
  if (diagnostics == nullptr) return;
  auto key = std::make_tuple(static_cast<int>(code), origin.location.file, origin.location.line,
                             origin.location.column, std::string(origin.path()));
  auto [at, added] = pending_at.try_emplace(std::move(key), pending_reports.size());
  if (!added) {
    ++pending_reports[at->second].more;
    return;
  }
  pending_reports.push_back({code, origin, std::move(message), 0});
}

void TimingState::FlushReports() {
  for (PendingReport& pending : pending_reports) {
    std::string message = std::move(pending.message);
    if (pending.more > 0) {
      message += "; the same for " + std::to_string(pending.more) + " more node" +
                 (pending.more > 1 ? "s" : "") + " written here";
    }
    diagnostics->Report(pending.code, pending.origin.location, pending.origin.path(),
                        std::move(message));
  }
  pending_reports.clear();
  pending_at.clear();
}

std::span<const int> TimingState::MembersOf(int join) const {
  const int first = joins.first_member[static_cast<size_t>(join - table().size())];
  const int last = joins.first_member[static_cast<size_t>(join - table().size()) + 1];
  return std::span<const int>(joins.members)
      .subspan(static_cast<size_t>(first), static_cast<size_t>(last - first));
}

bool TimingState::Names(int target, int to) const {
  if (!IsJoin(target)) return target == to;
  std::span<const int> members = MembersOf(target);
  return std::find(members.begin(), members.end(), to) != members.end();
}

}  // namespace cinc
