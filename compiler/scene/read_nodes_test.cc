// Node fields: owners, channels that need a duration, pose fields, names,
// values and their shapes.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing_support::Load;
using testing_support::Loaded;
using testing_support::Problems;
using testing_support::Seconds;

TEST(SceneNodesTest, ChannelAndOwnerProblems) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - {position: [1, 2, 3]}
      - {attach: {to: b}, position: [0, 0, 0], duration: 1, path: [[1, 2, 3]]}
      - {rotation: [0, 0, 0], look_at: b, fov: 30, shot: {camera: c}, duration: 1}
      - {path: [], duration: 1, spin: {axis: [0, 0, 0], turns: 1, degrees: 90}}
      - {attach: {offset: {position: [0, 0, 1]}}, duration: 1, spin: {axis: [0, 2, 0]}}
cameras:
  c:
    nodes:
      - {look_at: b, rotation: [0, 0, 0], spin: {turns: 1}, duration: 1, opacity: 1, fov: 0}
      - {focus: {on: b}, aperture: -1, time_scale: 1, action: 3d}
director:
  nodes:
    - {position: [0, 0, 0], time_scale: 17, shot: {blend: -1}, fov: 1}
    - {shot: {camera: c, blend: 0.5, blend_ease: [2, 0, 1, 1]}, time_scale: 2, duration: 3}
)");
  EXPECT_THAT(
      loaded.diagnostics,
      ElementsAre(
          "5:9 E_SCENE_FORMAT /objects/a/nodes/0: missing field duration",
          "6:27 E_SCENE_FORMAT /objects/a/nodes/1/position: 'position' cannot be combined with "
          "'attach'",
          "6:61 E_SCENE_FORMAT /objects/a/nodes/1/path: 'path' cannot be combined with 'attach'",
          "7:31 E_SCENE_FORMAT /objects/a/nodes/2/look_at: 'look_at' is only allowed on cameras",
          "7:43 E_SCENE_FORMAT /objects/a/nodes/2/fov: 'fov' is only allowed on cameras",
          "7:52 E_SCENE_FORMAT /objects/a/nodes/2/shot: 'shot' is only allowed on director nodes",
          "8:10 E_SCENE_FORMAT /objects/a/nodes/3/path: 'path' requires 'position'",
          "8:16 E_SCENE_FORMAT /objects/a/nodes/3/path: 'path' is an empty list",
          "8:46 E_SCENE_VALUE /objects/a/nodes/3/spin/axis: axis has zero length",
          "8:67 E_SCENE_FORMAT /objects/a/nodes/3/spin/degrees: 'degrees' cannot be combined "
          "with 'turns'",
          "9:18 E_SCENE_FORMAT /objects/a/nodes/4/attach: missing field to",
          "9:70 E_SCENE_FORMAT /objects/a/nodes/4/spin: missing field turns or degrees",
          "13:22 E_SCENE_FORMAT /cameras/c/nodes/0/rotation: 'rotation' cannot be combined with "
          "'look_at'",
          "13:43 E_SCENE_FORMAT /cameras/c/nodes/0/spin: 'spin' cannot be combined with "
          "'look_at'",
          "13:74 E_SCENE_FORMAT /cameras/c/nodes/0/opacity: 'opacity' is not allowed on a camera",
          "13:91 E_SCENE_VALUE /cameras/c/nodes/0/fov: fov 0 is outside (0, 180)",
          "14:9 E_SCENE_FORMAT /cameras/c/nodes/1: missing field duration",
          "14:36 E_SCENE_VALUE /cameras/c/nodes/1/aperture: aperture -1 must be greater than 0",
          "14:40 E_SCENE_FORMAT /cameras/c/nodes/1/time_scale: 'time_scale' is only allowed on "
          "director nodes",
          "14:55 E_SCENE_FORMAT /cameras/c/nodes/1/action: 'action' is not allowed on a camera",
          "17:7 E_SCENE_FORMAT /director/nodes/0: missing field duration",
          "17:8 E_SCENE_FORMAT /director/nodes/0/position: 'position' is not allowed on director "
          "nodes",
          "17:41 E_SCENE_VALUE /director/nodes/0/time_scale: time_scale 17 is outside [0, 16]",
          "17:51 E_SCENE_FORMAT /director/nodes/0/shot: missing field camera",
          "17:59 E_SCENE_VALUE /director/nodes/0/shot/blend: blend -1 is negative",
          "17:64 E_SCENE_FORMAT /director/nodes/0/fov: 'fov' is only allowed on cameras",
          "18:51 E_SCENE_VALUE /director/nodes/1/shot/blend_ease/0: blend_ease x1 2 is outside "
          "[0, 1]"));
  const Node& camera_node = loaded.scene.cameras[0].nodes[1];
  ASSERT_TRUE(camera_node.rare().focus.has_value());
  EXPECT_EQ(camera_node.rare().focus->on, "b");
  const Node& shot_node = loaded.scene.director_nodes[1];
  ASSERT_TRUE(shot_node.rare().shot.has_value());
  EXPECT_EQ(shot_node.rare().shot->camera, "c");
  EXPECT_EQ(shot_node.rare().shot->blend, Seconds(1, 2));
  EXPECT_FALSE(shot_node.rare().shot->blend_ease.has_value());
  EXPECT_EQ(shot_node.rare().time_scale, 2.0);
}

TEST(SceneNodesTest, AnEmptyLookAtLooksAtNothing) {
  Loaded loaded = Load(R"(cinc: 1
cameras:
  c:
    nodes:
      - {duration: 1, look_at: ""}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  ASSERT_EQ(loaded.scene.cameras[0].nodes.size(), 1u);
  EXPECT_FALSE(loaded.scene.cameras[0].nodes[0].rare().look_at);
}

TEST(SceneNodesTest, PoseFieldsAreStored) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - {duration: 1, position: [1, 2, 3], path: [[0, 1, 0], [1, 1, 0]], scale: 2, ease: step}
      - {duration: 1, attach: {to: b/hole, mate: tip, offset: {rotation: [0, 90, 0]}}}
      - {duration: 1, spin: {degrees: -90}, rotation: {quaternion: [0, 0, 0, 1]}}
cameras:
  c:
    nodes:
      - {duration: 1, look_at: a/tip, fov: 30, focus: 2, aperture: 8}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const std::vector<Node>& nodes = loaded.scene.objects[0].nodes;
  EXPECT_EQ(*nodes[0].position, Vec3(1, 2, 3));
  ASSERT_EQ(nodes[0].rare().path.size(), 2u);
  EXPECT_EQ(nodes[0].rare().path[1], Vec3(1, 1, 0));
  EXPECT_EQ(*nodes[0].scale, Vec3(2, 2, 2));
  EXPECT_EQ(nodes[0].ease.kind, Ease::Kind::kStep);
  ASSERT_TRUE(nodes[1].rare().attach.has_value());
  EXPECT_EQ(nodes[1].rare().attach->to, "b/hole");
  EXPECT_EQ(nodes[1].rare().attach->mate, "tip");
  ASSERT_TRUE(nodes[1].rare().attach->offset.has_value());
  EXPECT_EQ(nodes[1].rare().attach->offset->position, Vec3(0, 0, 0));
  EXPECT_NEAR(nodes[1].rare().attach->offset->rotation.y, std::sqrt(0.5), 1e-15);
  ASSERT_TRUE(nodes[2].rare().spin.has_value());
  EXPECT_EQ(nodes[2].rare().spin->axis, Vec3(0, 1, 0));
  EXPECT_EQ(nodes[2].rare().spin->degrees, -90);
  EXPECT_EQ(nodes[2].rotation->w, 1);
  const Node& camera_node = loaded.scene.cameras[0].nodes[0];
  ASSERT_TRUE(camera_node.rare().look_at);
  EXPECT_EQ(camera_node.rare().look_at->value, "a/tip");
  EXPECT_EQ(camera_node.rare().look_at->origin.location, (SourceLocation{11, 32}));
  EXPECT_EQ(camera_node.rare().fov, 30.0);
  EXPECT_EQ(camera_node.rare().focus->distance, 2.0);
  EXPECT_EQ(camera_node.rare().aperture, 8.0);
}

// A key's '~' and '/' are escaped in the JSON pointer (RFC 6901: "~0",
// "~1"); other keys are written as they are.
TEST(SceneNodesTest, KeysInPointersAreEscaped) {
  EXPECT_THAT(Problems("cinc: 1\n"
                       "objects:\n"
                       "  a:\n"
                       "    nodes:\n"
                       "      - {id: in, \"a/b~c\": 1, \"é\": 2}\n"),
              ElementsAre("5:18 E_SCENE_FORMAT /objects/a/nodes/0/a~1b~0c: unknown field 'a/b~c'",
                          "5:30 E_SCENE_FORMAT /objects/a/nodes/0/é: unknown field 'é' (did you "
                          "mean 'id'?)"));
}

// Ids repeated in a list are reported wherever they come: among the first
// 16 (searched in order) and past them (kept in a hash set from then on).
TEST(SceneNodesTest, RepeatedIdsInALongList) {
  std::string text = "cinc: 1\nobjects:\n  a:\n    nodes:\n";
  for (int index = 0; index < 36; ++index) {
    int id = index == 5 ? 2 : index == 30 ? 7 : index == 35 ? 25 : index;
    text += "      - {id: n" + std::to_string(id) + "}\n";
  }
  // Node k is on line 5 + k; its id starts in column 14.
  EXPECT_THAT(
      Problems(text),
      ElementsAre("10:14 E_SCENE_NAME /objects/a/nodes/5/id: 'n2' is used twice in this list",
                  "35:14 E_SCENE_NAME /objects/a/nodes/30/id: 'n7' is used twice in this "
                  "list",
                  "40:14 E_SCENE_NAME /objects/a/nodes/35/id: 'n25' is used twice in this "
                  "list"));
}

TEST(SceneNodesTest, NamesValuesAndLimits) {
  std::string long_label(257, 'x');
  EXPECT_THAT(
      Problems("cinc: 1\n"
               "objects:\n"
               "  a:\n"
               "    nodes:\n"
               "      - {id: in, label: " +
               long_label +
               "}\n"
               "      - {id: in, duration: -1}\n"
               "      - {id: 3d, id: y}\n"
               "      - {positon: [0, 0, 0], lagg: 1}\n"
               "      - {duration: 0.0000000001, lag: 1e400}\n"
               "      - {at: 1000001, duration: \"1\"}\n"
               "      - {at: .inf, lag: -.inf, duration: 1e-400}\n"
               "      - 7\n"
               "  b: {nodes: {x: 1}}\n"
               "  c: {nodes: [{id: ~}]}\n"),
      ElementsAre(
          "5:25 E_LIMIT /objects/a/nodes/0/label: label is longer than 256 characters",
          "6:14 E_SCENE_NAME /objects/a/nodes/1/id: 'in' is used twice in this list",
          "6:28 E_SCENE_VALUE /objects/a/nodes/1/duration: duration -1 is negative",
          "7:14 E_SCENE_NAME /objects/a/nodes/2/id: invalid name '3d'",
          "7:18 E_SCENE_FORMAT /objects/a/nodes/2/id: duplicate key 'id'",
          "8:10 E_SCENE_FORMAT /objects/a/nodes/3/positon: unknown field 'positon' (did you mean "
          "'position'?)",
          "8:30 E_SCENE_FORMAT /objects/a/nodes/3/lagg: unknown field 'lagg' (did you mean "
          "'lag'?)",
          "9:20 E_SCENE_VALUE /objects/a/nodes/4/duration: duration 0.0000000001 is not a "
          "multiple of 0.000000001",
          "9:39 E_SCENE_VALUE /objects/a/nodes/4/lag: lag 1e400 is not a finite number",
          "10:14 E_SCENE_VALUE /objects/a/nodes/5/at: at 1000001 is outside [-1000000, 1000000]",
          "10:33 E_SCENE_FORMAT /objects/a/nodes/5/duration: expected a number, got a string",
          "11:14 E_SCENE_VALUE /objects/a/nodes/6/at: at .inf is not a finite number",
          "11:20 E_TIMING_CONFLICT /objects/a/nodes/6/lag: node 'a#6': 'lag' cannot be combined "
          "with 'at'",
          "11:25 E_SCENE_VALUE /objects/a/nodes/6/lag: lag -.inf is not a finite number",
          "11:42 E_SCENE_VALUE /objects/a/nodes/6/duration: duration 1e-400 is not a multiple of "
          "0.000000001",
          "12:9 E_SCENE_FORMAT /objects/a/nodes/7: expected a mapping, got a number",
          "13:14 E_SCENE_FORMAT /objects/b/nodes: expected a list of nodes, got a mapping",
          "14:20 E_SCENE_FORMAT /objects/c/nodes/0/id: expected a string, got null"));
}

TEST(SceneNodesTest, ValueShapeProblems) {
  EXPECT_THAT(
      Problems("cinc: 1\n"
               "cameras:\n"
               "  c:\n"
               "    position: 1\n"
               "    focus: {}\n"
               "objects:\n"
               "  o:\n"
               "    nodes:\n"
               "      - {duration: 1, path: 3, scale: x, start: x, attach: x}\n"
               "      - {cue: {data: {a: 1, a: 2, [k]: 3}}}\n"),
      ElementsAre(
          "4:15 E_SCENE_FORMAT /cameras/c/position: expected a list of 3 numbers, got a number",
          "5:12 E_SCENE_FORMAT /cameras/c/focus: missing field on",
          "9:23 E_SCENE_FORMAT /objects/o/nodes/0/path: 'path' requires 'position'",
          "9:29 E_SCENE_FORMAT /objects/o/nodes/0/path: expected a list of points, got a number",
          "9:39 E_SCENE_FORMAT /objects/o/nodes/0/scale: expected a number or a list of 3 "
          "numbers, got a string",
          "9:49 E_SCENE_FORMAT /objects/o/nodes/0/start: expected a list of relations, got a "
          "string",
          "9:52 E_SCENE_FORMAT /objects/o/nodes/0/attach: 'attach' cannot be combined with "
          "'path'",
          "9:60 E_SCENE_FORMAT /objects/o/nodes/0/attach: attach takes a mapping: write `attach: "
          "{to: x}`",
          "10:15 E_SCENE_FORMAT /objects/o/nodes/1/cue: missing field kind",
          "10:15 E_SCENE_FORMAT /objects/o/nodes/1/cue: missing field name",
          "10:29 E_SCENE_FORMAT /objects/o/nodes/1/cue/data/a: duplicate key 'a'",
          "10:35 E_SCENE_FORMAT /objects/o/nodes/1/cue/data: expected a string key, got a list"));
}

}  // namespace
}  // namespace cinc
