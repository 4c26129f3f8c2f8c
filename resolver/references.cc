#include "resolver/references.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace cinc {
const NodeTime* ResolvedTimeAt(const Timeline& timeline, const NodePlace& place) {
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

size_t CountNodes(const Scene& scene) {
  size_t count = 0;
  ForEachNodeList(scene, [&count](const std::vector<Node>& nodes) { count += nodes.size(); });
  return count;
}

NodeTable::NodeTable(const Scene& scene) {
  const size_t node_count = CountNodes(scene);
  nodes_.reserve(node_count);
  places_.reserve(node_count);
  size_t slot_count = 16;
  while (slot_count < 2 * node_count) slot_count *= 2;
  name_slots_.resize(slot_count);
  name_mask_ = slot_count - 1;

  auto add_list = [this](const std::vector<Node>& nodes, NodeListKind kind, int list) {
    const ShortString* last_owner = nullptr;
    int owner = -1;
    for (int position = 0; position < static_cast<int>(nodes.size()); ++position) {
      const Node& node = nodes[position];
      int number = size();
      nodes_.push_back(&node);
      places_.push_back({kind, list, position});
      if (node.id.empty()) continue;
      if (last_owner == nullptr || *last_owner != node.owner) {
        last_owner = &node.owner;
        owner = owner_index_by_name_
                    .try_emplace(node.owner, static_cast<int>(owner_index_by_name_.size()))
                    .first->second;
      }
      // The first is kept: a duplicate is the loader's to report.
      const size_t hash = NameHash(owner, node.id);
      NameSlot& slot = name_slots_[FindSlot(hash, owner, node.id)];
      if (slot.number < 0) slot = {hash, owner, number};
    }
  };
  for (int i = 0; i < static_cast<int>(scene.objects.size()); ++i) {
    add_list(scene.objects[i].nodes, NodeListKind::kObject, i);
  }
  for (int i = 0; i < static_cast<int>(scene.cameras.size()); ++i) {
    add_list(scene.cameras[i].nodes, NodeListKind::kCamera, i);
  }
  add_list(scene.director_nodes, NodeListKind::kDirector, 0);
}

int NodeTable::PreviousInList(int number) const {
  // Lists are numbered contiguously, so the previous node is number - 1.
  return places_[number].position == 0 ? -1 : number - 1;
}

size_t NodeTable::NameHash(int owner, std::string_view id) {
  // Mixed before the table masks it to its low bits: the same ids under many
  // owners (n0, n1, ... in every part) would otherwise fill runs of adjacent
  // slots, and linear probing then walks hundreds of them per lookup.
  uint64_t hash = std::hash<std::string_view>{}(id)*31 + static_cast<uint64_t>(owner);
  hash ^= hash >> 32;
  hash *= 0xd6e8feb86659fd93ULL;
  hash ^= hash >> 32;
  return static_cast<size_t>(hash);
}

size_t NodeTable::FindSlot(size_t hash, int owner, std::string_view id) const {
  for (size_t index = hash & name_mask_;; index = (index + 1) & name_mask_) {
    const NameSlot& slot = name_slots_[index];
    if (slot.number < 0) return index;
    if (slot.hash == hash && slot.owner == owner && nodes_[slot.number]->id == id) return index;
  }
}

int NodeTable::OwnerIndex(std::string_view owner) const {
  auto found = owner_index_by_name_.find(owner);
  return found == owner_index_by_name_.end() ? -1 : found->second;
}

int NodeTable::Find(std::string_view owner, std::string_view id) const {
  const int owner_index = OwnerIndex(owner);
  if (owner_index < 0) return -1;
  return name_slots_[FindSlot(NameHash(owner_index, id), owner_index, id)].number;
}

int NodeTable::Resolve(const Node& from, std::string_view reference) const {
  const NodeReference parts = SplitNodeReference(reference);
  if (!parts.qualified) return Find(from.owner, reference);
  return Find(parts.owner, parts.id);
}

std::string QualifyReference(const Node& from, std::string_view reference) {
  if (SplitNodeReference(reference).qualified) return std::string(reference);
  return NodeReferenceText(from.owner, reference);
}

NameSuggester::NameSuggester(const NodeTable& table) : table_(table) {}

NameSuggester::ClosestPair NameSuggester::FindClosest(std::string_view qualified_reference,
                                                      int limit) {
  if (!candidates_listed_) {
    candidates_listed_ = true;
    for (int number = 0; number < table_.size(); ++number) {
      const Node& node = table_.node(number);
      if (!node.id.empty()) candidates_.push_back({NodeReferenceText(node.owner, node.id), number});
    }
  }
  ClosestPair closest;
  int best_distance = limit + 1;
  int runner_up_distance = limit + 1;
  const int64_t cells_per_candidate =
      static_cast<int64_t>(qualified_reference.size()) * (2 * limit + 1) + 1;
  for (int index = 0; index < static_cast<int>(candidates_.size()); ++index) {
    if (cells_spent_ > kCellBudget) return ClosestPair{};
    const std::string& name = candidates_[index].name;
    // Only a distance below the runner-up's can change the answer (ties go to
    // the earlier candidate), so the band narrows as better ones are found.
    int search_limit = std::min(limit, runner_up_distance - 1);
    if (std::abs(static_cast<int>(name.size()) - static_cast<int>(qualified_reference.size())) >
        search_limit) {
      continue;
    }
    cells_spent_ += cells_per_candidate;
    std::optional<int> distance =
        BoundedLevenshteinDistance(qualified_reference, name, search_limit);
    if (!distance) continue;
    // Strictly smaller only: earlier candidates win ties (file order).
    if (*distance < best_distance) {
      closest.runner_up = closest.best;
      runner_up_distance = best_distance;
      closest.best = index;
      best_distance = *distance;
    } else if (*distance < runner_up_distance) {
      closest.runner_up = index;
      runner_up_distance = *distance;
    }
  }
  return closest;
}

std::optional<std::string> NameSuggester::Suggest(std::string_view qualified_reference,
                                                  int written_length, int excluded) {
  const int limit = SuggestionLimit(static_cast<size_t>(std::max(0, written_length)));
  std::string key(qualified_reference);
  key.append("\n").append(std::to_string(limit));
  auto cached = cache_.find(key);
  if (cached == cache_.end()) {
    cached = cache_.emplace(std::move(key), FindClosest(qualified_reference, limit)).first;
  }
  const ClosestPair& closest = cached->second;
  int chosen = closest.best;
  if (chosen >= 0 && candidates_[chosen].number == excluded) chosen = closest.runner_up;
  if (chosen < 0) return std::nullopt;
  return candidates_[chosen].name;
}

}  // namespace cinc
