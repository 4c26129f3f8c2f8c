// Node references: the flat file-order table of a scene's nodes, name lookup
// and the did-you-mean suggestion for a reference that names no node.
//
// Contract (docs/language.md "Names and references"): file order is every object's nodes
// (objects in file order), then every camera's, then the director's. A
// reference without a '.' names a node of the referencing node's own list; a
// reference with one splits at the first '.' into owner and id (parsed by
// core/reference.h). Objects, cameras and `director` share one namespace.
// Nodes without an id cannot be referenced. When a (malformed) scene holds a
// name twice, the first in file order wins: the loader has reported the
// duplicate already.
#ifndef CINC_RESOLVER_REFERENCES_H_
#define CINC_RESOLVER_REFERENCES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/reference.h"
#include "core/scene.h"
#include "core/suggestion.h"
#include "core/timeline.h"

namespace cinc {

// Which list of the scene a node belongs to.
enum class NodeListKind { kObject, kCamera, kDirector };

// Where a node sits in the scene (and so in the Timeline, which mirrors it).
struct NodePlace {
  NodeListKind list_kind = NodeListKind::kObject;
  int list = 0;      // index into scene.objects or scene.cameras; 0 for the director
  int position = 0;  // index into that list's nodes
};

// The resolved time of the node at `place` in `timeline` (which mirrors the
// scene), or nullptr when it is unresolved or the timeline is partial.
const NodeTime* ResolvedTimeAt(const Timeline& timeline, const NodePlace& place);

// How many nodes the scene has: every object's, camera's and the director's.
size_t CountNodes(const Scene& scene);

// Every node of a scene, numbered 0..size()-1 in file order. Borrows the
// scene: it must outlive the table.
class NodeTable {
 public:
  explicit NodeTable(const Scene& scene);

  int size() const { return static_cast<int>(nodes_.size()); }
  const Node& node(int number) const { return *nodes_[number]; }
  const NodePlace& place(int number) const { return places_[number]; }
  // The number of the node before `number` in the same list, or -1 for the
  // first node of a list (chaining starts from 0 there).
  int PreviousInList(int number) const;

  // The node `owner.id`, or -1.
  int Find(std::string_view owner, std::string_view id) const;
  // The node that `reference`, written in `from`'s list, names, or -1.
  int Resolve(const Node& from, std::string_view reference) const;

 private:
  // (owner, id) -> node number, open addressing with linear probing in one
  // flat array: no allocation per node and one cache line per lookup
  // (100,000-node scenes resolve a reference per node). A slot keeps the
  // hash; the id is compared through the node itself.
  struct NameSlot {
    size_t hash = 0;
    int owner = -1;   // a value of owner_index_by_name_
    int number = -1;  // -1: an empty slot
  };
  static size_t NameHash(int owner, std::string_view id);
  // The slot holding (owner, id), or the empty slot where it would go.
  size_t FindSlot(size_t hash, int owner, std::string_view id) const;
  int OwnerIndex(std::string_view owner) const;

  std::vector<const Node*> nodes_;
  std::vector<NodePlace> places_;
  std::unordered_map<std::string_view, int> owner_index_by_name_;
  std::vector<NameSlot> name_slots_;  // a power of two, at most half full
  size_t name_mask_ = 0;
};

// Calls visit(target) with the node `relation` of `from` names (-1 for an
// empty reference or none), or, for a relation of all copies
// (Relation::copies), with each copy's node in copy order.
template <typename Visit>
void ForEachTarget(const NodeTable& table, const Node& from, const Relation& relation,
                   Visit visit) {
  const std::string_view reference = relation.target.view();
  if (relation.copies <= 0) {
    visit(reference.empty() ? -1 : table.Resolve(from, reference));
    return;
  }
  const NodeReference parts = SplitNodeReference(reference);
  for (int k = 1; k <= relation.copies; ++k) {
    visit(table.Find(PatternCopyName(parts.owner, k), parts.id));
  }
}

// The qualified form of a reference written in `from`'s list: "in" inside
// body's list is "body.in"; a reference with a '.' is already qualified.
std::string QualifyReference(const Node& from, std::string_view reference);

// Finds did-you-mean suggestions for unknown references. The candidates are
// the qualified names of every node with an id, in file order. Borrows the
// table.
class NameSuggester {
 public:
  explicit NameSuggester(const NodeTable& table);

  // The candidate closest to `qualified_reference` (other than `excluded`,
  // the referencing node itself), if its distance is at most
  // max(2, written_length / 3); ties go to the first in file order. Answers
  // are cached per reference. A fixed budget of distance computations keeps
  // a scene with very many unknown references from taking quadratic time:
  // once it is spent, the answer is nothing.
  std::optional<std::string> Suggest(std::string_view qualified_reference, int written_length,
                                     int excluded);

  // Dynamic-programming cells one scene may spend on suggestions (~0.1 s).
  static constexpr int64_t kCellBudget = 100'000'000;

 private:
  struct Candidate {
    std::string name;
    int number;
  };
  // The two closest candidates within the limit, best first (-1: none), so
  // that a cached answer still works when the best one is `excluded`.
  struct ClosestPair {
    int best = -1;
    int runner_up = -1;
  };
  ClosestPair FindClosest(std::string_view qualified_reference, int limit);

  const NodeTable& table_;
  bool candidates_listed_ = false;  // listed on first use: most scenes need none
  std::vector<Candidate> candidates_;
  std::unordered_map<std::string, ClosestPair> cache_;  // key: reference + '\n' + limit
  int64_t cells_spent_ = 0;
};

}  // namespace cinc

#endif  // CINC_RESOLVER_REFERENCES_H_
