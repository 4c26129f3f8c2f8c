#include "compiler/scene/scene_explodes.h"

#include <algorithm>
#include <string>
#include <utility>

#include "core/reference.h"
#include "core/suggestion.h"

namespace cinc {
namespace {

void Report(Diagnostics* diagnostics, DiagnosticCode code, const Origin& origin,
            std::string message) {
  diagnostics->Report(code, origin.location, origin.path(), std::move(message));
}

const SceneObject* FindOwner(const std::vector<SceneObject>& owners, std::string_view name) {
  for (const SceneObject& owner : owners) {
    if (owner.name == name) return &owner;
  }
  return nullptr;
}

// The names a misspelt part may have meant: objects and patterns.
std::vector<std::string_view> PartNames(const Scene& scene) {
  std::vector<std::string_view> names;
  for (const SceneObject& object : scene.objects) names.push_back(object.name);
  for (const PatternCopies& pattern : scene.patterns) names.push_back(pattern.name);
  return names;
}

// Checks the explode's names; true when every one is usable.
bool CheckNames(const Scene& scene, const Node& node, Diagnostics* diagnostics) {
  const Explode& explode = *node.rare().explode;
  const std::string verb = explode.collapse ? "collapses " : "explodes ";
  const std::string prefix = "node '" + node.QualifiedName() + "' ";
  bool ok = true;
  if (node.id.empty()) {
    Report(diagnostics, DiagnosticCode::kSceneFormat, explode.origin,
           std::string("'") + (explode.collapse ? "collapse" : "explode") +
               "' needs an id on its node: each part's move is named PART.ID");
    ok = false;
  }
  for (const LocatedString& part : explode.parts) {
    if (FindOwner(scene.cameras, part.value) != nullptr) {
      Report(diagnostics, DiagnosticCode::kObjectMissing, part.origin,
             prefix + verb + "'" + part.value + "', which is a camera, not an object");
      ok = false;
    } else if (ExplodedObjects(scene, part.value).empty()) {
      Report(diagnostics, DiagnosticCode::kObjectMissing, part.origin,
             prefix + verb + "unknown object '" + part.value + "'" +
                 DidYouMean(part.value, PartNames(scene)));
      ok = false;
    }
  }
  if (!explode.from.value.empty() && FindOwner(scene.objects, explode.from.value) == nullptr) {
    std::vector<std::string_view> names;
    for (const SceneObject& object : scene.objects) names.push_back(object.name);
    Report(diagnostics, DiagnosticCode::kObjectMissing, explode.from.origin,
           prefix + verb + "from unknown object '" + explode.from.value + "'" +
               DidYouMean(explode.from.value, names));
    ok = false;
  }
  return ok;
}

// The node a part gets: the director node's id, span, ease and explode.
Node PartNode(const Node& director_node, const SceneObject& part) {
  Node node;
  node.id = director_node.id;
  node.owner = part.name;
  node.origin = director_node.origin;
  node.index = static_cast<int>(part.nodes.size());
  node.ease = director_node.ease;
  Relation with;
  with.kind = RelationKind::kWith;
  with.target = "director." + std::string(director_node.id.view());
  with.origin = director_node.rare().explode->origin;
  node.relations.push_back(with);
  with.kind = RelationKind::kAfter;
  node.until.push_back(with);
  node.mutable_rare().explode = *director_node.rare().explode;
  return node;
}

}  // namespace

std::vector<size_t> ExplodedObjects(const Scene& scene, std::string_view name) {
  std::vector<std::string> names;
  const bool pattern =
      std::any_of(scene.patterns.begin(), scene.patterns.end(), [&](const PatternCopies& copies) {
        if (copies.name != name) return false;
        for (int k = 1; k <= copies.count; ++k) names.push_back(PatternCopyName(name, k));
        return true;
      });
  if (!pattern) names.emplace_back(name);
  std::vector<size_t> objects;
  for (const std::string& wanted : names) {
    for (size_t index = 0; index < scene.objects.size(); ++index) {
      if (scene.objects[index].name == wanted) objects.push_back(index);
    }
  }
  return objects;
}

void ExpandExplodes(Scene* scene, Diagnostics* diagnostics) {
  for (const Node& director_node : scene->director_nodes) {
    if (!director_node.rare().explode || !CheckNames(*scene, director_node, diagnostics)) continue;
    const Explode& explode = *director_node.rare().explode;
    std::vector<size_t> objects;
    for (const LocatedString& part : explode.parts) {
      for (size_t object : ExplodedObjects(*scene, part.value)) {
        if (std::find(objects.begin(), objects.end(), object) != objects.end()) continue;
        objects.push_back(object);
        SceneObject& owner = scene->objects[object];
        const bool taken = std::any_of(owner.nodes.begin(), owner.nodes.end(),
                                       [&](const Node& n) { return n.id == director_node.id; });
        if (taken) {
          Report(diagnostics, DiagnosticCode::kSceneName, part.origin,
                 "object '" + owner.name + "' has a node '" + std::string(director_node.id.view()) +
                     "' already: node '" + director_node.QualifiedName() +
                     "' cannot name its move so");
          continue;
        }
        owner.nodes.push_back(PartNode(director_node, owner));
      }
    }
  }
}

}  // namespace cinc
