// The scene loader: node fields (docs/language.md, docs/scene-loading.md).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "compiler/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing_support::Load;
using testing_support::Loaded;
using testing_support::Problems;

ExactTime Seconds(int64_t numerator, int64_t denominator = 1) {
  return ExactTime::FromRatio(numerator, denominator);
}

TEST(SceneNodesTest, RelationsLagsAndChaining) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - {duration: 1, lag: 0.5}
      - {after: [x, b.y], lag: -1}
      - {start: [{end_with: x, lag: 2}, {before: b.y}]}
      - {after: x, with: y}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const std::vector<Node>& nodes = loaded.scene.objects[0].nodes;
  ASSERT_EQ(nodes.size(), 4u);
  EXPECT_TRUE(nodes[0].relations.empty());
  EXPECT_EQ(nodes[0].chain_lag, Seconds(1, 2));
  ASSERT_EQ(nodes[1].relations.size(), 2u);
  EXPECT_EQ(nodes[1].relations[1].kind, RelationKind::kAfter);
  EXPECT_EQ(nodes[1].relations[1].target, "b.y");
  EXPECT_EQ(nodes[1].relations[1].offset, Seconds(-1));
  EXPECT_EQ(nodes[1].relations[1].origin.location, (SourceLocation{6, 21}));
  EXPECT_EQ(nodes[1].relations[1].origin.path(), "/objects/a/nodes/1/after/1");
  EXPECT_EQ(nodes[1].chain_lag, ExactTime());
  EXPECT_TRUE(nodes[2].uses_start_list);
  ASSERT_EQ(nodes[2].relations.size(), 2u);
  EXPECT_EQ(nodes[2].relations[0].kind, RelationKind::kEndWith);
  EXPECT_EQ(nodes[2].relations[0].offset, Seconds(2));
  EXPECT_EQ(nodes[2].relations[0].origin.path(), "/objects/a/nodes/2/start/0/end_with");
  EXPECT_EQ(nodes[2].relations[1].kind, RelationKind::kBefore);
  EXPECT_EQ(nodes[2].relations[1].offset, ExactTime());
  EXPECT_EQ(nodes[2].relations[1].origin.location, (SourceLocation{7, 50}));
  ASSERT_EQ(nodes[3].relations.size(), 2u);  // several relation fields: the latest start wins
  EXPECT_EQ(nodes[3].relations[1].kind, RelationKind::kWith);
}

TEST(SceneNodesTest, TimingProblems) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - {id: x, at: 1, lag: 2, duration: 1}
      - {id: y, start: [{after: x}], lag: 1}
      - {start: [{with: x, lag: -0.5}, {at: 2}, {before: [x]}], after: x}
      - {at: [1, 2], with: x}
      - {after: [], start: [], with: {a: 1}}
      - {start: [{lag: 1}, {after: x, with: y}, {lag: 1, at: 3}, z]}
)");
  EXPECT_THAT(
      loaded.diagnostics,
      ElementsAre(
          "5:24 E_TIMING_CONFLICT /objects/a/nodes/0/lag: node 'a.x': 'lag' cannot be combined "
          "with 'at'",
          "6:38 E_TIMING_CONFLICT /objects/a/nodes/1/lag: node 'a.y': 'lag' cannot be combined "
          "with 'start'",
          "7:58 E_SCENE_FORMAT /objects/a/nodes/2/start/2/before: expected a node reference, got "
          "a list",
          "7:65 E_TIMING_CONFLICT /objects/a/nodes/2/after: node 'a#2': 'after' cannot be combined "
          "with "
          "'start'",
          "8:22 E_TIMING_CONFLICT /objects/a/nodes/3/with: node 'a#3': 'with' cannot be combined "
          "with 'at'",
          "9:17 E_SCENE_FORMAT /objects/a/nodes/4/after: 'after' is an empty list",
          "9:21 E_TIMING_CONFLICT /objects/a/nodes/4/start: node 'a#4': 'start' cannot be combined "
          "with "
          "'after'",
          "9:28 E_SCENE_FORMAT /objects/a/nodes/4/start: 'start' is an empty list",
          "9:32 E_TIMING_CONFLICT /objects/a/nodes/4/with: node 'a#4': 'with' cannot be combined "
          "with "
          "'start'",
          "9:38 E_SCENE_FORMAT /objects/a/nodes/4/with: expected a node reference, got a mapping",
          "10:18 E_SCENE_FORMAT /objects/a/nodes/5/start/0: missing field at, after, with, "
          "end_with or before",
          "10:39 E_TIMING_CONFLICT /objects/a/nodes/5/start/1/with: node 'a#5': in a 'start' "
          "entry, 'with' cannot be combined with 'after'",
          "10:58 E_TIMING_CONFLICT /objects/a/nodes/5/start/2/at: node 'a#5': in a 'start' "
          "entry, 'at' cannot be combined with 'lag'",
          "10:66 E_SCENE_FORMAT /objects/a/nodes/5/start/3: expected a mapping, got a string"));
  const std::vector<Node>& nodes = loaded.scene.objects[0].nodes;
  ASSERT_EQ(nodes.size(), 6u);
  ASSERT_EQ(nodes[2].relations.size(), 3u);  // the field's, then the start list's
  EXPECT_EQ(nodes[2].relations[0].kind, RelationKind::kAfter);
  EXPECT_EQ(nodes[2].relations[1].kind, RelationKind::kWith);
  EXPECT_EQ(nodes[2].relations[1].offset, Seconds(-1, 2));
  EXPECT_EQ(nodes[2].relations[1].origin.location, (SourceLocation{7, 25}));
  EXPECT_EQ(nodes[2].relations[2].kind, RelationKind::kAt);
  EXPECT_EQ(nodes[2].relations[2].offset, Seconds(2));
  EXPECT_EQ(nodes[2].relations[2].origin.path(), "/objects/a/nodes/2/start/1/at");
  ASSERT_EQ(nodes[3].relations.size(), 3u);
  EXPECT_EQ(nodes[3].relations[1].offset, Seconds(2));
  EXPECT_EQ(nodes[3].relations[1].origin.location, (SourceLocation{8, 18}));
  EXPECT_EQ(nodes[3].relations[1].origin.path(), "/objects/a/nodes/3/at/1");
  // Refused, but timing still reads an `at` with a lag as their sum, 1 + 2
  // and 3 + 1, for what it reports after (a start before 0, the limit).
  ASSERT_EQ(nodes[0].relations.size(), 1u);
  EXPECT_EQ(nodes[0].relations[0].offset, Seconds(3));
  ASSERT_EQ(nodes[5].relations.size(), 2u);  // `after: x` (the first field), then the `at`
  EXPECT_EQ(nodes[5].relations[1].kind, RelationKind::kAt);
  EXPECT_EQ(nodes[5].relations[1].offset, Seconds(4));
}

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

TEST(SceneNodesTest, InsertAndScrewAreAttachesThatMoveIn) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - {duration: 1, insert: {into: b/hole, mate: tip, from: 0.05}}
      - {duration: 1, screw: {into: b/hole, turns: 4, pitch: 0.0025}}
      - {duration: 1, screw: {into: b, mate: tip, turns: 1.5, length: 0.003, hand: left}}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const std::vector<Node>& nodes = loaded.scene.objects[0].nodes;
  ASSERT_TRUE(nodes[0].rare().attach && nodes[1].rare().attach && nodes[2].rare().attach);
  const Attach& insert = *nodes[0].rare().attach;
  EXPECT_EQ(insert.verb, AttachVerb::kInsert);
  EXPECT_EQ(insert.to, "b/hole");
  EXPECT_EQ(insert.mate, "tip");
  EXPECT_EQ(insert.approach, 0.05);
  EXPECT_EQ(insert.screw_degrees, 0);
  EXPECT_EQ(insert.origin.location, (SourceLocation{5, 31}));
  // 4 turns of 2.5 mm: 1 cm out, -1440 degrees (right hand, clockwise).
  const Attach& right = *nodes[1].rare().attach;
  EXPECT_EQ(right.verb, AttachVerb::kScrew);
  EXPECT_EQ(right.mate, "");
  EXPECT_EQ(right.approach, 0.01);
  EXPECT_EQ(right.screw_degrees, -1440);
  const Attach& left = *nodes[2].rare().attach;
  EXPECT_EQ(left.to, "b");
  EXPECT_EQ(left.approach, 0.003);
  EXPECT_EQ(left.screw_degrees, 540);
}

TEST(SceneNodesTest, EventFieldsAndTheirProblems) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - cue: {kind: script, name: go, target: a, data: {speed: 2, tags: [x, "y"], on: true, none: ~, big: 1.5e3}}
        sound: {name: clank, volume: 0.5, offset: 0.25, fade_in: 0.1, fade_out: 0.2}
        label: "Step 1"
        ease: [0.25, 0.1, 0.25, 1]
      - cue: [{kind: scrip, name: x}, {name: y}, {kind: script, name: z}, {kind: vfx, name: w, data: .nan}, 5]
        sound: {volume: -1, fade_in: -0.5}
        ease: ease-inn
      - {cue: hello, ease: 1, label: [x]}
)");
  EXPECT_THAT(
      loaded.diagnostics,
      ElementsAre(
          "9:22 E_SCENE_VALUE /objects/a/nodes/1/cue/0/kind: unknown cue kind 'scrip' (did you "
          "mean 'script'?)",
          "9:39 E_SCENE_FORMAT /objects/a/nodes/1/cue/1: missing field kind",
          "9:50 E_SCENE_FORMAT /objects/a/nodes/1/cue/2: missing field target",
          "9:102 E_SCENE_VALUE /objects/a/nodes/1/cue/3/data: data .nan is not a finite number",
          "9:109 E_SCENE_FORMAT /objects/a/nodes/1/cue/4: expected a mapping, got a number",
          "10:16 E_SCENE_FORMAT /objects/a/nodes/1/sound: missing field name",
          "10:25 E_SCENE_VALUE /objects/a/nodes/1/sound/volume: volume -1 is negative",
          "10:38 E_SCENE_VALUE /objects/a/nodes/1/sound/fade_in: fade_in -0.5 is negative",
          "11:15 E_SCENE_VALUE /objects/a/nodes/1/ease: unknown ease 'ease-inn' (did you mean "
          "'ease-in'?)",
          "12:15 E_SCENE_FORMAT /objects/a/nodes/2/cue: expected a cue or a list of cues, got a "
          "string",
          "12:28 E_SCENE_FORMAT /objects/a/nodes/2/ease: expected an ease name or a list of 4 "
          "numbers, got a number",
          "12:38 E_SCENE_FORMAT /objects/a/nodes/2/label: expected a string, got a list"));
  const Node& node = loaded.scene.objects[0].nodes[0];
  ASSERT_EQ(node.rare().cues.size(), 1u);
  EXPECT_EQ(node.rare().cues[0].kind, "script");
  EXPECT_EQ(node.rare().cues[0].name, "go");
  EXPECT_EQ(node.rare().cues[0].target, "a");
  EXPECT_EQ(node.rare().cues[0].data_json,
            R"({"speed":2,"tags":["x","y"],"on":true,"none":null,"big":1500})");
  EXPECT_EQ(node.rare().cues[0].origin.path(), "/objects/a/nodes/0/cue");
  ASSERT_TRUE(node.rare().sound.has_value());
  EXPECT_EQ(node.rare().sound->name, "clank");
  EXPECT_EQ(node.rare().sound->volume, 0.5);
  EXPECT_EQ(node.rare().sound->offset, Seconds(1, 4));
  EXPECT_EQ(node.rare().sound->fade_in, Seconds(1, 10));
  EXPECT_EQ(node.rare().sound->fade_out, Seconds(1, 5));
  ASSERT_TRUE(node.rare().label);
  EXPECT_EQ(node.rare().label->value, "Step 1");
  EXPECT_EQ(node.rare().label->origin.location, (SourceLocation{7, 16}));
  EXPECT_EQ(node.ease.kind, Ease::Kind::kCubicBezier);
  EXPECT_EQ(node.ease.control(), (std::array<double, 4>{0.25, 0.1, 0.25, 1}));
  EXPECT_FALSE(node.has_duration);
  EXPECT_TRUE(loaded.scene.objects[0].nodes[1].rare().cues.empty());
  EXPECT_FALSE(loaded.scene.objects[0].nodes[1].rare().sound.has_value());
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
