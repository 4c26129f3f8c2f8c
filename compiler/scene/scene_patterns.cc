#include "compiler/scene/scene_patterns.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "core/reference.h"
#include "core/scene_limits.h"
#include "core/suggestion.h"

namespace cinc {
namespace {

std::string CopyName(const std::string& name, int k) { return PatternCopyName(name, k); }

// "screw-1 to screw-4" (or the only copy's name).
std::string CopyRange(const PatternCopies& pattern) {
  if (pattern.count == 1) return CopyName(pattern.name, 1);
  return CopyName(pattern.name, 1) + " to " + CopyName(pattern.name, pattern.count);
}

void ReplaceAll(std::string* text, std::string_view from, std::string_view to) {
  for (size_t at = text->find(from); at != std::string::npos; at = text->find(from, at)) {
    text->replace(at, from.size(), to);
    at += to.size();
  }
}

// Whether a node reference names a node outside `owner` ("body.in" from lid);
// a bare id ("in") names one of owner's own.
bool NamesOtherOwner(std::string_view reference, std::string_view owner) {
  const NodeReference parts = SplitNodeReference(reference);
  return parts.qualified && parts.owner != owner;
}

// The lag a chained step keeps between copies: the one written beside its
// start — a first step's bare `lag`, or the lag of its one relation
// (`after: X, lag: L`); none after `at` or a `start:` list of several.
ExactTime ChainedLag(const Node& node) {
  if (node.relations.empty()) return node.chain_lag;
  if (node.relations.size() == 1 && node.relations.front().kind != RelationKind::kAt) {
    return node.relations.front().offset;
  }
  return ExactTime();
}

// Whether a step of `owner` starts from outside it: an `at`, a relation
// to another object's node, or the first step, which follows nothing.
bool StartsFromOutside(const Node& node, std::string_view owner) {
  if (node.relations.empty()) return node.index == 0;
  for (const Relation& relation : node.relations) {
    if (relation.kind == RelationKind::kAt) return true;
    if (NamesOtherOwner(relation.target, owner)) return true;
  }
  return false;
}

// Lets `edit`, which edits a std::string, edit a relation's reference.
template <typename Edit>
void EditReference(ShortString* reference, Edit edit) {
  std::string text = reference->str();
  edit(&text);
  *reference = text;
}

// Every text of a node that may hold `$i` or a reference.
template <typename Visit>
void ForEachText(Node* node, Visit visit) {
  for (Relation& relation : node->relations) EditReference(&relation.target, visit);
  for (Relation& relation : node->until) EditReference(&relation.target, visit);
  if (!node->rare_parts) return;
  NodeRareParts& rare = node->mutable_rare();
  if (rare.attach) {
    visit(&rare.attach->to);
    visit(&rare.attach->mate);
  }
  if (rare.look_at) visit(&rare.look_at->value);
  if (rare.focus) visit(&rare.focus->on);
  if (rare.label) visit(&rare.label->value);
  if (rare.action) visit(&rare.action->value);
  if (rare.callout) {
    visit(&rare.callout->text);
    visit(&rare.callout->on.value);
  }
  for (Cue& cue : rare.cues) {
    visit(&cue.name);
    visit(&cue.target);
    visit(&cue.data_json);
  }
}

// Copy k's placement: p -> center + R (p - center) + shift, q -> R q.
struct Placement {
  Quat turn{1, 0, 0, 0};
  Vec3 center{0, 0, 0};
  Vec3 shift{0, 0, 0};

  Vec3 Point(const Vec3& p) const { return center + turn * (p - center) + shift; }
  Quat Rotation(const Quat& q) const { return turn * q; }
};

Placement PlacementOf(const Pattern& pattern, int k) {
  Placement placement;
  if (pattern.kind == Pattern::Kind::kMarkers) return placement;  // the markers place them
  if (pattern.kind == Pattern::Kind::kLinear) {
    placement.shift = pattern.offset * static_cast<double>(k - 1);
  } else {
    double radians = pattern.angle_degrees * (k - 1) * std::numbers::pi / 180;
    placement.turn = glm::angleAxis(radians, pattern.axis);
    placement.center = pattern.center;
  }
  return placement;
}

// The marker names a marker pattern matches, in the model's order; nullopt
// after reporting why there are none.
std::optional<std::vector<std::string>> MatchingMarkers(const Pattern& pattern,
                                                        const std::string& name,
                                                        const ModelMarkerNames& markers,
                                                        const Scene& scene,
                                                        Diagnostics* diagnostics) {
  const Origin& origin = pattern.markers_origin;
  const MarkerReference parts = SplitMarkerReference(pattern.markers);
  const std::string owner(parts.owner);
  // Without a '/' (reported by the loader) the whole text is the glob too.
  const std::string glob(parts.has_marker ? parts.marker : parts.owner);
  const SceneObject* object = nullptr;
  std::vector<std::string_view> names;
  for (const SceneObject& candidate : scene.objects) {
    names.push_back(candidate.name);
    if (candidate.name == owner && !candidate.pattern) object = &candidate;
  }
  if (object == nullptr) {
    diagnostics->Report(DiagnosticCode::kObjectMissing, origin.location, origin.path(),
                        "pattern '" + name + "' takes the markers of unknown object '" + owner +
                            "'" + DidYouMean(owner, names));
    return std::nullopt;
  }
  auto found = markers.find(object->model);
  if (object->model.empty() || found == markers.end()) {
    diagnostics->Report(
        DiagnosticCode::kMarkerMissing, origin.location, origin.path(),
        "pattern '" + name + "' takes the markers of object '" + owner + "', which has no model");
    return std::nullopt;
  }
  std::vector<std::string> matching;
  for (const std::string& marker : found->second) {
    if (MatchesGlob(glob, marker)) matching.push_back(marker);
  }
  if (!matching.empty()) return matching;
  // Suggest the glob of a marker: its name with its trailing digits as `*`.
  std::vector<std::string> globs;
  std::string listed;
  for (const std::string& marker : found->second) {
    size_t end = marker.size();
    while (end > 0 && std::isdigit(static_cast<unsigned char>(marker[end - 1]))) --end;
    std::string candidate = end < marker.size() ? marker.substr(0, end) + "*" : marker;
    if (std::find(globs.begin(), globs.end(), candidate) == globs.end()) globs.push_back(candidate);
    if (listed.size() < 200) listed += (listed.empty() ? "" : ", ") + marker;
  }
  std::vector<std::string_view> candidates(globs.begin(), globs.end());
  std::string suggestion = DidYouMean(glob, candidates);
  diagnostics->Report(
      DiagnosticCode::kMarkerMissing, origin.location, origin.path(),
      "pattern '" + name + "': no marker of object '" + owner + "' matches '" + glob + "'" +
          suggestion +
          (listed.empty() ? "; its model has no markers" : "; its markers are " + listed));
  return std::nullopt;
}

// References of `node` to its pattern `name` itself are to the copy `copy`:
// "screw.drive" and "screw/tip" in screw's nodes name screw-2's in screw-2's.
// (A node reference only when qualified: `drive` alone is an id.)
void RenameSelfReferences(const std::string& name, const std::string& copy, Node* node) {
  auto node_to_self = [&](std::string* reference) {
    const NodeReference parts = SplitNodeReference(*reference);
    if (parts.qualified && parts.owner == name) reference->replace(0, name.size(), copy);
  };
  auto marker_to_self = [&](std::string* reference) {
    if (SplitMarkerReference(*reference).owner == name) reference->replace(0, name.size(), copy);
  };
  for (Relation& relation : node->relations) EditReference(&relation.target, node_to_self);
  for (Relation& relation : node->until) EditReference(&relation.target, node_to_self);
  if (!node->rare_parts) return;
  NodeRareParts& rare = node->mutable_rare();
  if (rare.attach) marker_to_self(&rare.attach->to);
  if (rare.look_at) marker_to_self(&rare.look_at->value);
  if (rare.focus) marker_to_self(&rare.focus->on);
  for (Cue& cue : rare.cues) marker_to_self(&cue.target);
  if (rare.callout) marker_to_self(&rare.callout->on.value);
}

// `edits_texts[i]`: whether copies of node i may change its texts
// (PatternCopyEditsTexts), worked out once for all the pattern's copies.
SceneObject MakeCopy(const SceneObject& object, const Pattern& pattern, int k,
                     const std::string& marker, const std::vector<bool>& edits_texts) {
  SceneObject copy = object;
  copy.pattern.reset();
  copy.name = CopyName(object.name, k);
  const Placement placement = PlacementOf(pattern, k);
  copy.position = placement.Point(object.position);
  copy.rotation = placement.Rotation(object.rotation);
  const ExactTime lag = pattern.stagger.MultipliedBy(k - 1, 1);
  const std::string index = std::to_string(k);
  bool attached = false;
  for (size_t node_index = 0; node_index < copy.nodes.size(); ++node_index) {
    Node& node = copy.nodes[node_index];
    node.owner = copy.name;
    if (node.position) {
      node.position = placement.Point(*node.position);
      attached = false;
    }
    if (node.rare_parts) {
      for (Vec3& point : node.mutable_rare().path) point = placement.Point(point);
    }
    if (node.rotation && (node.position || !attached)) {
      node.rotation = placement.Rotation(*node.rotation);
    }
    if (node.rare().attach) attached = true;
    if (edits_texts[node_index]) {
      ForEachText(&node, [&](std::string* text) {
        ReplaceAll(text, "$i", index);
        if (pattern.kind == Pattern::Kind::kMarkers) ReplaceAll(text, "$marker", marker);
      });
      RenameSelfReferences(object.name, copy.name, &node);
    }
    // A chain: the copy's steps that start from outside it start after the
    // previous copy's same step.
    if (pattern.chain && k > 1) {
      if (StartsFromOutside(node, copy.name)) {
        Relation after;
        after.kind = RelationKind::kAfter;
        after.target = NodeReferenceText(CopyName(object.name, k - 1), node.id);
        after.origin = pattern.origin;
        after.offset = ChainedLag(node);
        node.relations = {after};
        node.uses_start_list = false;
        node.chain_lag = ExactTime();
      }
      continue;
    }
    // The stagger: relations that leave the copy start later.
    if (lag.IsZero()) continue;
    if (node.relations.empty() && node.index == 0) node.chain_lag += lag;
    for (Relation& relation : node.relations) {
      if (relation.kind == RelationKind::kAt) {
        relation.offset += lag;
        continue;
      }
      if (NamesOtherOwner(relation.target, copy.name)) relation.offset += lag;
    }
  }
  return copy;
}

// What one list of nodes adds to the expanded scene, per copy.
struct ExpansionCost {
  long long owners = 0;  // objects and cameras
  long long nodes = 0;
  long long relations = 0;
  long long cue_bytes = 0;
};

ExpansionCost CostOf(const std::vector<Node>& nodes) {
  ExpansionCost cost;
  cost.nodes = static_cast<long long>(nodes.size());
  for (const Node& node : nodes) {
    cost.relations += static_cast<long long>(node.relations.size() + node.until.size());
    for (const Cue& cue : node.rare().cues) {
      cost.cue_bytes +=
          static_cast<long long>(cue.name.size() + cue.target.size() + cue.data_json.size());
    }
  }
  return cost;
}

// Counts the expanded scene in file order before any copy is made (the
// limits of core/scene_limits.h). A pattern that would push a total past
// its limit is reported at its `pattern` and makes no copies (its count
// becomes 0); any other list that does is reported at its object.
class ExpansionBudget {
 public:
  explicit ExpansionBudget(Diagnostics* diagnostics) : diagnostics_(diagnostics) {}

  // Adds `copies` copies of `nodes`, written as `what` at `origin`; false
  // (after reporting) when they do not fit, and then nothing is added.
  bool Add(const std::vector<Node>& nodes, long long copies, const std::string& what,
           const Origin& origin, long long owners = 1) {
    ExpansionCost cost = CostOf(nodes);
    cost.owners = owners;
    const bool fits =
        Fits(total_.nodes, cost.nodes, copies, kMaxSceneNodes, "nodes", what, origin) &&
        Fits(total_.relations, cost.relations, copies, kMaxSceneRelations, "timing relations", what,
             origin) &&
        Fits(total_.cue_bytes, cost.cue_bytes, copies, kMaxSceneCueBytes, "bytes of cue data", what,
             origin) &&
        Fits(total_.owners, cost.owners, copies, kMaxSceneOwners, "objects and cameras", what,
             origin);
    if (!fits) return false;
    total_.owners += cost.owners * copies;
    total_.nodes += cost.nodes * copies;
    total_.relations += cost.relations * copies;
    total_.cue_bytes += cost.cue_bytes * copies;
    return true;
  }

 private:
  bool Fits(long long total, long long each, long long copies, long long limit, const char* unit,
            const std::string& what, const Origin& origin) {
    // Each term is below 2^31 (copies <= 100,000 a pattern, 2^31 per list): no overflow.
    const long long after = total + each * copies;
    if (after <= limit) return true;
    std::string made =
        copies > 1 ? " (" + std::to_string(copies) + " copies of " + std::to_string(each) + ")"
                   : "";
    diagnostics_->Report(DiagnosticCode::kLimit, origin.location, origin.path(),
                         what + " would bring the scene to " + std::to_string(after) + " " + unit +
                             made + ", more than the " + std::to_string(limit) +
                             " a scene may hold");
    return false;
  }

  ExpansionCost total_;
  Diagnostics* diagnostics_;
};

// Checks the whole expanded scene against the limits, in file order.
void CheckExpansion(Scene* scene, Diagnostics* diagnostics) {
  ExpansionBudget budget(diagnostics);
  for (SceneObject& object : scene->objects) {
    if (!object.pattern) {
      budget.Add(object.nodes, 1, "object '" + object.name + "'", object.origin);
    } else if (!budget.Add(object.nodes, object.pattern->count, "pattern '" + object.name + "'",
                           object.pattern->origin)) {
      object.pattern->count = 0;
    }
  }
  for (const SceneObject& camera : scene->cameras) {
    budget.Add(camera.nodes, 1, "camera '" + camera.name + "'", camera.origin);
  }
  if (!scene->director_nodes.empty()) {
    budget.Add(scene->director_nodes, 1, "the director", scene->director_nodes.front().origin,
               /*owners=*/0);
  }
}

// References from outside a pattern to the pattern's name.
class PatternReferences {
 public:
  PatternReferences(const std::vector<PatternCopies>& patterns, Diagnostics* diagnostics)
      : diagnostics_(diagnostics) {
    for (const PatternCopies& pattern : patterns) by_name_.emplace(pattern.name, &pattern);
  }

  void Check(Node* node) {
    node->relations = Expanded(std::move(node->relations), /*until=*/false);
    if (!node->until.empty()) node->until = Expanded(node->until.TakeItems(), /*until=*/true);
    if (!node->rare_parts) return;  // what follows reads only the rare parts
    auto object = [&](const std::string& reference, const Origin& origin, std::string_view what) {
      const PatternCopies* pattern = Find(SplitMarkerReference(reference).owner);
      if (pattern == nullptr || pattern->count == 0) return;
      diagnostics_->Report(DiagnosticCode::kObjectMissing, origin.location, origin.path(),
                           "node '" + node->QualifiedName() + "' " + std::string(what) + " '" +
                               reference + "', a pattern of " + std::to_string(pattern->count) +
                               " copies (" + CopyRange(*pattern) + "): name one of them, as '" +
                               CopyName(pattern->name, 1) + reference.substr(pattern->name.size()) +
                               "'");
    };
    if (node->rare().attach)
      object(node->rare().attach->to, node->rare().attach->origin, "attaches to");
    if (node->rare().look_at)
      object(node->rare().look_at->value, node->rare().look_at->origin, "looks at");
    if (node->rare().focus)
      object(node->rare().focus->on, node->rare().focus->origin, "focuses on");
    for (const Cue& cue : node->rare().cues) object(cue.target, cue.origin, "has a cue for");
  }

 private:
  const PatternCopies* Find(std::string_view name) const {
    auto found = by_name_.find(name);
    return found == by_name_.end() ? nullptr : found->second;
  }

  // Whether the relation names a copy ("bscrew-1.park") of a pattern whose
  // copies could not be made.
  bool NamesAFailedCopy(const Relation& relation) const {
    if (relation.kind == RelationKind::kAt) return false;
    const NodeReference target = SplitNodeReference(relation.target);
    if (!target.qualified) return false;
    const size_t dash = target.owner.rfind('-');
    if (dash == std::string_view::npos || dash + 1 == target.owner.size()) return false;
    for (size_t i = dash + 1; i < target.owner.size(); ++i) {
      if (target.owner[i] < '0' || target.owner[i] > '9') return false;
    }
    const PatternCopies* pattern = Find(target.owner.substr(0, dash));
    return pattern != nullptr && pattern->count == 0;
  }

  // The pattern whose name a relation's qualified target has, if any.
  const PatternCopies* PatternOf(const Relation& relation) const {
    if (relation.kind == RelationKind::kAt) return nullptr;
    const NodeReference target = SplitNodeReference(relation.target);
    return target.qualified ? Find(target.owner) : nullptr;
  }

  std::vector<Relation> Expanded(std::vector<Relation> relations, bool until) {
    bool any = false;
    for (const Relation& relation : relations) {
      any = any || PatternOf(relation) != nullptr || NamesAFailedCopy(relation);
    }
    if (!any) return relations;
    std::vector<Relation> expanded;
    for (Relation& relation : relations) {
      const PatternCopies* pattern = PatternOf(relation);
      if (pattern == nullptr || pattern->count == 0) {
        // A pattern without copies was reported: what names it says no more.
        relation.silenced = relation.silenced || pattern != nullptr || NamesAFailedCopy(relation);
        expanded.push_back(std::move(relation));
        continue;
      }
      if (until || relation.kind == RelationKind::kAfter) {
        // One relation for all copies: the resolver joins them (the latest end).
        relation.copies = pattern->count;
        expanded.push_back(std::move(relation));
        continue;
      }
      diagnostics_->Report(DiagnosticCode::kTimingMissing, relation.origin.location,
                           relation.origin.path(),
                           "'" + relation.target + "' names the node of " +
                               std::to_string(pattern->count) + " copies (" + CopyRange(*pattern) +
                               "): only 'after' and 'until' wait for all of "
                               "them; name one, as '" +
                               NodeReferenceText(CopyName(pattern->name, 1),
                                                 SplitNodeReference(relation.target).id) +
                               "'");
    }
    return expanded;
  }

  // Keyed by views of the names in the scene's `patterns`, which outlive it.
  std::unordered_map<std::string_view, const PatternCopies*> by_name_;
  Diagnostics* diagnostics_;
};

}  // namespace

bool MatchesGlob(std::string_view glob, std::string_view name) {
  // Iterative wildcard matching: back up to the last `*` on a mismatch.
  size_t g = 0;
  size_t n = 0;
  size_t star = std::string_view::npos;
  size_t resume = 0;
  while (n < name.size()) {
    if (g < glob.size() && (glob[g] == '?' || glob[g] == name[n])) {
      ++g;
      ++n;
    } else if (g < glob.size() && glob[g] == '*') {
      star = g++;
      resume = n;
    } else if (star != std::string_view::npos) {
      g = star + 1;
      n = ++resume;
    } else {
      return false;
    }
  }
  while (g < glob.size() && glob[g] == '*') ++g;
  return g == glob.size();
}

bool PatternCopyEditsTexts(const Node& node, std::string_view name) {
  // The rare parts' texts are few: any of them takes the whole edit.
  if (node.rare_parts) return true;
  auto edits = [name](std::string_view target) {
    if (target.find('$') != std::string_view::npos) return true;
    const NodeReference parts = SplitNodeReference(target);
    return parts.qualified && parts.owner == name;
  };
  return std::any_of(node.relations.begin(), node.relations.end(),
                     [&](const Relation& relation) { return edits(relation.target); }) ||
         std::any_of(node.until.begin(), node.until.end(),
                     [&](const Relation& relation) { return edits(relation.target); });
}

void ExpandPatterns(const ModelMarkerNames& markers, Scene* scene, Diagnostics* diagnostics) {
  bool any = false;
  for (const SceneObject& object : scene->objects) any = any || object.pattern.has_value();
  if (!any) {
    CheckExpansion(scene, diagnostics);
    return;
  }
  std::unordered_set<std::string> taken;
  for (const SceneObject& object : scene->objects) {
    if (!object.pattern) taken.insert(object.name);
  }
  for (const SceneObject& camera : scene->cameras) taken.insert(camera.name);
  // The markers of marker patterns, while every object is in place.
  std::vector<std::vector<std::string>> marker_names(scene->objects.size());
  for (size_t index = 0; index < scene->objects.size(); ++index) {
    SceneObject& object = scene->objects[index];
    if (!object.pattern || object.pattern->kind != Pattern::Kind::kMarkers) continue;
    std::optional<std::vector<std::string>> matching =
        MatchingMarkers(*object.pattern, object.name, markers, *scene, diagnostics);
    if (matching) marker_names[index] = std::move(*matching);
    object.pattern->count = static_cast<int>(marker_names[index].size());
  }
  CheckExpansion(scene, diagnostics);
  std::vector<SceneObject> objects;
  objects.reserve(scene->objects.size());
  for (size_t index = 0; index < scene->objects.size(); ++index) {
    SceneObject& object = scene->objects[index];
    if (!object.pattern) {
      objects.push_back(std::move(object));
      continue;
    }
    Pattern& pattern = *object.pattern;
    const std::vector<std::string>& names = marker_names[index];
    if (pattern.chain) {
      // A chain names each step of the copy before: they need ids.
      for (const Node& node : object.nodes) {
        if (!StartsFromOutside(node, object.name) || !node.id.empty()) continue;
        diagnostics->Report(DiagnosticCode::kSceneFormat, node.origin.location, node.origin.path(),
                            "'stagger: chain' starts this step of each copy after the same step "
                            "of the copy before, which needs an id: give node " +
                                std::to_string(node.index + 1) + " of '" + object.name + "' an id");
        pattern.chain = false;
      }
    }
    scene->patterns.push_back({object.name, pattern.count, object.origin});
    std::vector<bool> edits_texts;
    edits_texts.reserve(object.nodes.size());
    for (const Node& node : object.nodes) {
      edits_texts.push_back(PatternCopyEditsTexts(node, object.name));
    }
    for (int k = 1; k <= pattern.count; ++k) {
      std::string name = CopyName(object.name, k);
      if (!taken.insert(name).second) {
        diagnostics->Report(DiagnosticCode::kSceneName, pattern.origin.location,
                            pattern.origin.path(),
                            "copy " + std::to_string(k) + " of pattern '" + object.name +
                                "' would be named '" + name + "', which another object has");
        continue;
      }
      objects.push_back(
          MakeCopy(object, pattern, k, names.empty() ? std::string() : names[k - 1], edits_texts));
    }
  }
  scene->objects = std::move(objects);
  // Copies' references to their own pattern are to themselves already.
  PatternReferences references(scene->patterns, diagnostics);
  for (SceneObject& object : scene->objects) {
    for (Node& node : object.nodes) references.Check(&node);
  }
  for (SceneObject& camera : scene->cameras) {
    for (Node& node : camera.nodes) references.Check(&node);
  }
  for (Node& node : scene->director_nodes) references.Check(&node);
}

}  // namespace cinc
