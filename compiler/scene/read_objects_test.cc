// Objects and cameras: their fields, owners and names.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using testing_support::Load;
using testing_support::Loaded;

TEST(SceneLoaderTest, ObjectAndCameraProblems) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  director: {}
  main: {opacity: 1.5, fov: 40, scale: [1, 0, 1]}
  body: ~
  helper: [1]
cameras:
  main: {opacity: 1, position: [0, 1, x], focus: {on: body}, aperture: 0, fov: 180}
  cam2: {focus: [1], rotation: {quaternion: [0, 0, 0, 0]}}
  cam3: {rotation: {quaternion: [0, 0, 1]}, focus: -2}
  cam4: {rotation: {quaternio: [0, 0, 0, 1]}}
  cam5: {rotation: up, model: m}
)");
  EXPECT_THAT(
      loaded.diagnostics,
      ElementsAre(
          "3:3 E_SCENE_NAME /objects/director: 'director' is a reserved name",
          "4:19 E_SCENE_VALUE /objects/main/opacity: opacity 1.5 is outside [0, 1]",
          "4:24 E_SCENE_FORMAT /objects/main/fov: 'fov' is only allowed on cameras",
          "4:44 E_SCENE_VALUE /objects/main/scale/1: scale 0 is outside (0, 1000000]",
          "6:11 E_SCENE_FORMAT /objects/helper: expected a mapping, got a list",
          "8:3 E_SCENE_NAME /cameras/main: 'main' is both an object and a camera",
          "8:10 E_SCENE_FORMAT /cameras/main/opacity: 'opacity' is not allowed on a camera",
          "8:39 E_SCENE_FORMAT /cameras/main/position/2: expected a number, got a string",
          "8:72 E_SCENE_VALUE /cameras/main/aperture: aperture 0 must be greater than 0",
          "8:80 E_SCENE_VALUE /cameras/main/fov: fov 180 is outside (0, 180)",
          "9:17 E_SCENE_FORMAT /cameras/cam2/focus: expected a number or {on: target}, got a "
          "list",
          "9:45 E_SCENE_VALUE /cameras/cam2/rotation/quaternion: quaternion has zero length",
          "10:33 E_SCENE_FORMAT /cameras/cam3/rotation/quaternion: expected a list of 4 "
          "numbers, got 3",
          "10:52 E_SCENE_VALUE /cameras/cam3/focus: focus -2 must be greater than 0",
          "11:20 E_SCENE_FORMAT /cameras/cam4/rotation: missing field quaternion",
          "11:21 E_SCENE_FORMAT /cameras/cam4/rotation/quaternio: unknown field 'quaternio' "
          "(did you mean 'quaternion'?)",
          "12:20 E_SCENE_FORMAT /cameras/cam5/rotation: expected a list of 3 numbers or "
          "{quaternion: [x, y, z, w]}, got a string",
          "12:24 E_SCENE_FORMAT /cameras/cam5/model: 'model' is not allowed on a camera"));
  ASSERT_EQ(loaded.scene.objects.size(), 4u);
  ASSERT_EQ(loaded.scene.cameras.size(), 5u);
  EXPECT_EQ(loaded.scene.cameras[0].lens().focus.on, "body");
  EXPECT_EQ(loaded.scene.cameras[0].lens().focus.origin.path(), "/cameras/main/focus");
}

// A field written at the owners' indentation is said to be read as an object
// of that name, once; what names the lost nodes says no more.
TEST(SceneLoaderTest, DedentedFieldsAreReadAsObjectsAndSaidSo) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  base:
    nodes: [{id: in, at: 0, duration: 1}]
  bracket:
    position: [0, 1, 0]
  nodes:
    - {id: fit, after: base.in, duration: 1}
  screw:
    nodes: [{id: in, after: bracket.fit, duration: 1}]
  model: plate
  pattern: {}
cameras:
  cam:
  position: [1, 2, 3]
)");
  EXPECT_THAT(
      loaded.diagnostics,
      ElementsAre("7:3 E_SCENE_FORMAT /objects/nodes: 'nodes' is indented like the object "
                  "'bracket' above it, so it is read as an object named 'nodes'; to give "
                  "'bracket' its nodes, indent 'nodes:' under 'bracket'",
                  "11:3 E_SCENE_FORMAT /objects/model: 'model' is indented like the object "
                  "'screw' above it, so it is read as an object named 'model'; to give 'screw' "
                  "its model, indent 'model:' under 'screw'",
                  "15:3 E_SCENE_FORMAT /cameras/position: 'position' is indented like the "
                  "camera 'cam' above it, so it is read as an object named 'position'; to give "
                  "'cam' its position, indent 'position:' under 'cam'"));
  // `pattern: {}` is a mapping: an object named "pattern", as written.
  ASSERT_EQ(loaded.scene.objects.size(), 4u);
  EXPECT_EQ(loaded.scene.objects[3].name, "pattern");
  const Node& screw_in = loaded.scene.objects[2].nodes.at(0);
  ASSERT_EQ(screw_in.relations.size(), 1u);
  EXPECT_TRUE(screw_in.relations[0].silenced);
  EXPECT_FALSE(loaded.scene.objects[0].nodes.at(0).relations[0].silenced);
}

}  // namespace
}  // namespace cinc
