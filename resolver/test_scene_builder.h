// Test helper: builds typed scenes in C++ (not YAML) with predictable
// origins, so timing tests can check every diagnostic's location and path.
//
// Node k added (0-based, across all lists) sits at line 10 * (k + 1),
// column 7, path /objects/<owner>/nodes/<i> (cameras: /cameras/..., the
// director: /director/nodes/<i>). Its relation r sits on the same line at
// column 20 + r, path <node path>/<field>/<r> (or <node path>/start/<r>/<field>
// for a `start:` list).
#ifndef CINC_RESOLVER_TEST_SCENE_BUILDER_H_
#define CINC_RESOLVER_TEST_SCENE_BUILDER_H_

#include <stdexcept>
#include <string>
#include <string_view>

#include "core/exact_time.h"
#include "core/scene.h"
#include "core/test_paths.h"
#include "core/timeline.h"

namespace cinc::testing {

// An exact decimal time ("0.1"); throws in tests only when mistyped.
inline ExactTime T(std::string_view text) {
  std::optional<ExactTime> time = ExactTime::ParseDecimal(text);
  if (!time) throw std::invalid_argument(std::string(text));
  return *time;
}

class SceneBuilder {
 public:
  SceneBuilder() { scene_.file = "scene.yaml"; }

  // Adds a node to object `owner` (created on first use, in order of first
  // use); owner "director" adds a director node. An empty id leaves it
  // unnamed. The reference stays valid until the next Add call.
  Node& Add(std::string_view owner, std::string_view id, ExactTime duration = ExactTime()) {
    if (owner == "director")
      return AddTo(scene_.director_nodes, "director", "/director", id, duration);
    return AddTo(List(scene_.objects, owner, false).nodes, owner, "/objects/" + std::string(owner),
                 id, duration);
  }
  Node& AddCamera(std::string_view owner, std::string_view id, ExactTime duration = ExactTime()) {
    return AddTo(List(scene_.cameras, owner, true).nodes, owner, "/cameras/" + std::string(owner),
                 id, duration);
  }

  // Reserves room for `count` nodes of object `owner`: a Node is large, and
  // regrowing a 100,000-node list would dominate a scale test's time.
  void Reserve(std::string_view owner, size_t count) {
    List(scene_.objects, owner, false).nodes.reserve(count);
  }

  Scene& scene() { return scene_; }
  int node_count() const { return node_count_; }

 private:
  static SceneObject& List(std::vector<SceneObject>& objects, std::string_view name,
                           bool is_camera) {
    // Nodes mostly go to the latest list: check it first (scale tests).
    if (!objects.empty() && objects.back().name == name) return objects.back();
    for (SceneObject& object : objects) {
      if (object.name == name) return object;
    }
    SceneObject& object = objects.emplace_back();
    object.name = std::string(name);
    object.is_camera = is_camera;
    return object;
  }

  Node& AddTo(std::vector<Node>& nodes, std::string_view owner, const std::string& list_path,
              std::string_view id, ExactTime duration) {
    Node& node = nodes.emplace_back();
    node.id = std::string(id);
    node.owner = std::string(owner);
    node.index = static_cast<int>(nodes.size()) - 1;
    node.duration = duration;
    node.has_duration = true;
    ++node_count_;
    node.origin.location = {10 * node_count_, 7};
    node.origin.pointer = testing::TestPath(list_path + "/nodes/" + std::to_string(node.index));
    return node;
  }

  Scene scene_;
  int node_count_ = 0;
};

// Adds a relation to `node` with the origin convention above.
inline Node& Relate(Node& node, RelationKind kind, std::string_view target,
                    ExactTime lag = ExactTime()) {
  Relation& relation = node.relations.emplace_back();
  const int index = static_cast<int>(node.relations.size()) - 1;
  relation.kind = kind;
  relation.target = std::string(target);
  relation.offset = lag;
  relation.origin.location = {node.origin.location.line, 20 + index};
  const std::string field(RelationFieldName(kind));
  relation.origin.pointer = testing::TestPath(
      node.uses_start_list ? node.origin.path() + "/start/" + std::to_string(index) + "/" + field
                           : node.origin.path() + "/" + field + "/" + std::to_string(index));
  return node;
}

inline Node& RelateAt(Node& node, ExactTime at) {
  Relate(node, RelationKind::kAt, "", at);
  return node;
}

// The resolved time of the node named `qualified` ("body.in", "body#2").
inline const NodeTime& TimeOf(const Scene& scene, const Timeline& timeline,
                              std::string_view qualified) {
  for (size_t i = 0; i < scene.objects.size(); ++i) {
    for (size_t j = 0; j < scene.objects[i].nodes.size(); ++j) {
      if (scene.objects[i].nodes[j].QualifiedName() == qualified) return timeline.objects[i][j];
    }
  }
  for (size_t i = 0; i < scene.cameras.size(); ++i) {
    for (size_t j = 0; j < scene.cameras[i].nodes.size(); ++j) {
      if (scene.cameras[i].nodes[j].QualifiedName() == qualified) return timeline.cameras[i][j];
    }
  }
  for (size_t j = 0; j < scene.director_nodes.size(); ++j) {
    if (scene.director_nodes[j].QualifiedName() == qualified) return timeline.director[j];
  }
  throw std::invalid_argument("no node " + std::string(qualified));
}

}  // namespace cinc::testing

#endif  // CINC_RESOLVER_TEST_SCENE_BUILDER_H_
