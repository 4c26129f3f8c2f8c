// Test helper: builds a Scene and its Timeline directly in C++ (no YAML), so
// the markers tests control every start and end exactly.
#ifndef CINC_MARKERS_TEST_SCENE_H_
#define CINC_MARKERS_TEST_SCENE_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/exact_time.h"
#include "core/scene.h"
#include "core/test_paths.h"
#include "core/timeline.h"

namespace cinc::test_support {

// An exact time from a decimal literal ("1.5").
inline ExactTime Time(std::string_view decimal) {
  return ExactTime::ParseDecimal(decimal).value_or(ExactTime::Invalid());
}

class TestScene {
 public:
  TestScene() { scene.file = "scene.yaml"; }

  // Returns the object's index in scene.objects.
  size_t AddObject(const std::string& name) {
    SceneObject object;
    object.name = name;
    object.origin.pointer = testing::TestPath("/objects/" + name);
    scene.objects.push_back(object);
    timeline.objects.emplace_back();
    return scene.objects.size() - 1;
  }
  size_t AddCamera(const std::string& name) {
    SceneObject camera;
    camera.name = name;
    camera.is_camera = true;
    camera.origin.pointer = testing::TestPath("/cameras/" + name);
    scene.cameras.push_back(camera);
    timeline.cameras.emplace_back();
    return scene.cameras.size() - 1;
  }

  // A node of object `object` resolved to [start, end]. Line is 100 * (object
  // + 1) + node index, column 7. The reference stays valid until the next Add.
  Node& AddObjectNode(size_t object, const std::string& id, std::string_view start,
                      std::string_view end, bool resolved = true) {
    return AddNode(scene.objects[object], "/objects/", timeline.objects[object], object, id, start,
                   end, resolved);
  }
  Node& AddCameraNode(size_t camera, const std::string& id, std::string_view start,
                      std::string_view end) {
    return AddNode(scene.cameras[camera], "/cameras/", timeline.cameras[camera], camera, id, start,
                   end, true);
  }

  // A visible object "box" that moves to `to` over [0, 2] s with the named
  // ease (node "move"); returns its index.
  size_t AddEasedBox(Vec3 to, std::string_view ease) {
    size_t box = AddObject("box");
    scene.objects[box].opacity = 1;
    Node& move = AddObjectNode(box, "move", "0", "2");
    move.position = to;
    move.ease = *Ease::FromName(ease);
    return box;
  }

  Scene scene;
  Timeline timeline;

 private:
  Node& AddNode(SceneObject& owner, const std::string& section, std::vector<NodeTime>& times,
                size_t owner_index, const std::string& id, std::string_view start,
                std::string_view end, bool resolved) {
    Node node;
    node.id = id;
    node.owner = owner.name;
    node.index = static_cast<int>(owner.nodes.size());
    node.origin.location = {static_cast<int>(100 * (owner_index + 1) + owner.nodes.size()), 7};
    node.origin.pointer =
        testing::TestPath(section + owner.name + "/nodes/" + std::to_string(owner.nodes.size()));
    node.has_duration = true;
    node.duration = Time(end) - Time(start);
    owner.nodes.push_back(node);
    NodeTime time;
    time.start = Time(start);
    time.end = Time(end);
    time.resolved = resolved;
    times.push_back(time);
    if (Time(end) > timeline.duration) timeline.duration = Time(end);
    return owner.nodes.back();
  }
};

// A marker of a model, in model space.
inline Marker MakeMarker(const std::string& name, Vec3 position, Quat rotation = Quat(1, 0, 0, 0)) {
  Marker marker;
  marker.name = name;
  marker.pose.position = position;
  marker.pose.rotation = rotation;
  return marker;
}

// A model with inline markers only.
inline void AddModel(TestScene* test, const std::string& name, std::vector<Marker> markers) {
  Model model;
  model.name = name;
  model.markers = std::move(markers);
  test->scene.models.push_back(model);
}

}  // namespace cinc::test_support

#endif  // CINC_MARKERS_TEST_SCENE_H_
