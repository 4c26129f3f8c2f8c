// The scene loader: documents, top-level fields, models, objects, anchors
// and merges, limits. Node fields are in scene_nodes_test.cc.
#include "compiler/scene_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

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

void ExpectVec3(const Vec3& actual, double x, double y, double z) {
  EXPECT_DOUBLE_EQ(actual.x, x);
  EXPECT_DOUBLE_EQ(actual.y, y);
  EXPECT_DOUBLE_EQ(actual.z, z);
}

constexpr char kSpecExample[] = R"(# yaml-language-server: $schema=../schemas/scene.schema.json
cinc: 1
name: gearbox
time: s
snap: 30
loop: false
tolerance: {position: 0.0001, rotation: 0.01}
models:
  main-body:
    source: models/main-body.glb
    markers:
      top: {position: [0, 0.05, 0], rotation: [0, 0, 0]}
  m3x8: {source: models/m3x8-shcs.glb}
objects:
  body:
    model: main-body
    position: [0, 0, 0]
    rotation: [0, 0, 0]
    scale: 1
    opacity: 0
    nodes:
      - {id: in, duration: 1, opacity: 1}
  screw1:
    model: m3x8
    position: [0.3, 0.1, 0]
    nodes:
      - id: place
        after: body.in
        lag: 0.5
        duration: 0.8
        attach: {to: body/screw-hole-1, offset: {position: [0, 0.03, 0]}}
        opacity: 1
        ease: ease_in_out
      - id: drive
        duration: 1.2
        spin: {axis: [0, 1, 0], turns: 2}
        action: tighten
cameras:
  main:
    position: [0.6, 0.4, 0.6]
    fov: 40
    nodes:
      - {id: frame-screw, with: screw1.place, duration: 0.8, look_at: screw1, ease: ease_in_out}
director:
  nodes:
    - {id: open, at: 0, shot: {camera: main}, label: "Step 1: body"}
)";

TEST(SceneLoaderTest, LoadsTheSpecExample) {
  Loaded loaded = Load(kSpecExample);
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const Scene& scene = loaded.scene;
  EXPECT_EQ(scene.file, "scenes/test.yaml");
  EXPECT_EQ(scene.name, "gearbox");
  EXPECT_EQ(scene.ticks_per_second, 0);
  EXPECT_EQ(scene.snap, 30);
  EXPECT_FALSE(scene.loop);
  EXPECT_DOUBLE_EQ(scene.tolerance.position, 0.0001);
  EXPECT_DOUBLE_EQ(scene.tolerance.rotation, 0.01);

  ASSERT_EQ(scene.models.size(), 2u);
  const Model& body_model = scene.models[0];
  EXPECT_EQ(body_model.name, "main-body");
  EXPECT_EQ(body_model.origin.location, (SourceLocation{9, 3}));
  EXPECT_EQ(body_model.origin.path(), "/models/main-body");
  EXPECT_EQ(body_model.source, "models/main-body.glb");
  EXPECT_EQ(body_model.source_origin.location, (SourceLocation{10, 13}));
  EXPECT_EQ(body_model.source_origin.path(), "/models/main-body/source");
  ASSERT_EQ(body_model.markers.size(), 1u);
  EXPECT_EQ(body_model.markers[0].name, "top");
  EXPECT_EQ(body_model.markers[0].origin.location, (SourceLocation{12, 7}));
  EXPECT_EQ(body_model.markers[0].origin.path(), "/models/main-body/markers/top");
  ExpectVec3(body_model.markers[0].pose.position, 0, 0.05, 0);
  EXPECT_EQ(body_model.markers[0].pose.rotation, Quat(1, 0, 0, 0));
  EXPECT_EQ(scene.models[1].name, "m3x8");
  EXPECT_EQ(scene.models[1].source, "models/m3x8-shcs.glb");

  ASSERT_EQ(scene.objects.size(), 2u);
  const SceneObject& body = scene.objects[0];
  EXPECT_EQ(body.name, "body");
  EXPECT_FALSE(body.is_camera);
  EXPECT_EQ(body.origin.location, (SourceLocation{15, 3}));
  EXPECT_EQ(body.origin.path(), "/objects/body");
  EXPECT_EQ(body.model, "main-body");
  EXPECT_EQ(body.model_origin.location, (SourceLocation{16, 12}));
  ExpectVec3(body.scale, 1, 1, 1);
  EXPECT_EQ(body.opacity, 0);
  ASSERT_EQ(body.nodes.size(), 1u);
  const Node& in = body.nodes[0];
  EXPECT_EQ(in.id, "in");
  EXPECT_EQ(in.owner, "body");
  EXPECT_EQ(in.index, 0);
  EXPECT_EQ(in.origin.location, (SourceLocation{22, 9}));
  EXPECT_EQ(in.origin.path(), "/objects/body/nodes/0");
  EXPECT_TRUE(in.relations.empty());
  EXPECT_EQ(in.chain_lag, ExactTime());
  EXPECT_TRUE(in.has_duration);
  EXPECT_EQ(in.duration, Seconds(1));
  EXPECT_EQ(in.opacity, 1.0);

  const SceneObject& screw = scene.objects[1];
  ExpectVec3(screw.position, 0.3, 0.1, 0);
  ASSERT_EQ(screw.nodes.size(), 2u);
  const Node& place = screw.nodes[0];
  EXPECT_EQ(place.QualifiedName(), "screw1.place");
  EXPECT_EQ(place.origin.location, (SourceLocation{27, 9}));
  ASSERT_EQ(place.relations.size(), 1u);
  EXPECT_EQ(place.relations[0].kind, RelationKind::kAfter);
  EXPECT_EQ(place.relations[0].target, "body.in");
  EXPECT_EQ(place.relations[0].offset, Seconds(1, 2));
  EXPECT_EQ(place.relations[0].origin.location, (SourceLocation{28, 16}));
  EXPECT_EQ(place.relations[0].origin.path(), "/objects/screw1/nodes/0/after");
  EXPECT_FALSE(place.uses_start_list);
  EXPECT_EQ(place.duration, Seconds(4, 5));
  ASSERT_TRUE(place.rare().attach.has_value());
  EXPECT_EQ(place.rare().attach->to, "body/screw-hole-1");
  ASSERT_TRUE(place.rare().attach->offset.has_value());
  ExpectVec3(place.rare().attach->offset->position, 0, 0.03, 0);
  EXPECT_EQ(place.rare().attach->mate, "");
  EXPECT_EQ(place.rare().attach->origin.path(), "/objects/screw1/nodes/0/attach");
  EXPECT_EQ(place.ease.name(), "ease_in_out");
  EXPECT_EQ(place.ease.kind, Ease::Kind::kCubicBezier);
  const Node& drive = screw.nodes[1];
  EXPECT_EQ(drive.index, 1);
  EXPECT_TRUE(drive.relations.empty());
  EXPECT_EQ(drive.duration, Seconds(6, 5));
  ASSERT_TRUE(drive.rare().spin.has_value());
  ExpectVec3(drive.rare().spin->axis, 0, 1, 0);
  EXPECT_EQ(drive.rare().spin->degrees, 720);
  ASSERT_TRUE(drive.rare().action);
  EXPECT_EQ(drive.rare().action->value, "tighten");
  EXPECT_EQ(drive.rare().action->origin.location, (SourceLocation{37, 17}));
  EXPECT_EQ(drive.ease.kind, Ease::Kind::kLinear);

  ASSERT_EQ(scene.cameras.size(), 1u);
  const SceneObject& camera = scene.cameras[0];
  EXPECT_TRUE(camera.is_camera);
  EXPECT_EQ(camera.lens().fov, 40);
  EXPECT_EQ(camera.lens().aperture, 2.8);
  ASSERT_EQ(camera.nodes.size(), 1u);
  const Node& frame = camera.nodes[0];
  EXPECT_EQ(frame.owner, "main");
  ASSERT_EQ(frame.relations.size(), 1u);
  EXPECT_EQ(frame.relations[0].kind, RelationKind::kWith);
  EXPECT_EQ(frame.relations[0].target, "screw1.place");
  EXPECT_EQ(frame.relations[0].origin.location, (SourceLocation{43, 33}));
  ASSERT_TRUE(frame.rare().look_at);
  EXPECT_EQ(frame.rare().look_at->value, "screw1");

  ASSERT_EQ(scene.director_nodes.size(), 1u);
  const Node& open = scene.director_nodes[0];
  EXPECT_EQ(open.QualifiedName(), "director.open");
  ASSERT_EQ(open.relations.size(), 1u);
  EXPECT_EQ(open.relations[0].kind, RelationKind::kAt);
  EXPECT_EQ(open.relations[0].offset, ExactTime());
  ASSERT_TRUE(open.rare().shot.has_value());
  EXPECT_EQ(open.rare().shot->camera, "main");
  EXPECT_EQ(open.rare().shot->blend, ExactTime());
  EXPECT_FALSE(open.has_duration);
  ASSERT_TRUE(open.rare().label);
  EXPECT_EQ(open.rare().label->value, "Step 1: body");
}

TEST(SceneLoaderTest, JsonSceneIsYaml) {
  Loaded loaded =
      Load(R"({"cinc": 1, "name": "json-scene", "objects": {"a": {"position": [1, 2, 3],)"
           R"( "nodes": [{"id": "n", "after": "b.x", "duration": 0.5, "opacity": 1}]}}})",
           "scene.json");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  EXPECT_EQ(loaded.scene.name, "json-scene");
  ASSERT_EQ(loaded.scene.objects.size(), 1u);
  ExpectVec3(loaded.scene.objects[0].position, 1, 2, 3);
  ASSERT_EQ(loaded.scene.objects[0].nodes.size(), 1u);
  EXPECT_EQ(loaded.scene.objects[0].nodes[0].relations[0].target, "b.x");
  EXPECT_EQ(loaded.scene.objects[0].nodes[0].duration, Seconds(1, 2));
}

TEST(SceneLoaderTest, TimesAreExactDecimals) {
  Loaded loaded = Load(
      "cinc: 1\ndirector:\n  nodes:\n"
      "    - {at: 0.3, duration: 0.1}\n"
      "    - {after: x, lag: -0.2, duration: 1e-9}\n"
      "    - {with: x, lag: 0x10, duration: 1000000}\n");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const std::vector<Node>& nodes = loaded.scene.director_nodes;
  ASSERT_EQ(nodes.size(), 3u);
  EXPECT_EQ(nodes[0].relations[0].offset, Seconds(3, 10));
  EXPECT_EQ(nodes[0].duration, Seconds(1, 10));
  EXPECT_EQ(nodes[0].duration + nodes[0].relations[0].offset, Seconds(2, 5));
  EXPECT_EQ(nodes[1].relations[0].offset, Seconds(-1, 5));
  EXPECT_EQ(nodes[1].duration, Seconds(1, 1000000000));
  EXPECT_EQ(nodes[2].relations[0].offset, Seconds(16));
  EXPECT_EQ(nodes[2].duration, Seconds(1000000));
}

TEST(SceneLoaderTest, TickTimesAreConvertedWhateverTheKeyOrder) {
  Loaded loaded = Load(
      "cinc: 1\n"
      "objects:\n"
      "  a:\n"
      "    nodes:\n"
      "      - {at: 30, duration: 10}\n"
      "      - {after: n, lag: 5, duration: 2.0}\n"
      "      - {duration: 2.5}\n"
      "time: {ticks: 20}\n");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("7:20 E_SCENE_VALUE /objects/a/nodes/2/duration: duration 2.5 is not a "
                          "whole number of ticks"));
  EXPECT_EQ(loaded.scene.ticks_per_second, 20);
  const std::vector<Node>& nodes = loaded.scene.objects[0].nodes;
  ASSERT_EQ(nodes.size(), 3u);
  EXPECT_EQ(nodes[0].relations[0].offset, Seconds(3, 2));
  EXPECT_EQ(nodes[0].duration, Seconds(1, 2));
  EXPECT_EQ(nodes[1].relations[0].offset, Seconds(1, 4));
  EXPECT_EQ(nodes[1].duration, Seconds(1, 10));
}

TEST(SceneLoaderTest, TickTimesWithTheUnitFirst) {
  Loaded loaded = Load(
      "cinc: 1\n"
      "time: {ticks: 4}\n"
      "director: {nodes: [{shot: {camera: c, blend: 0.5}, sound: {name: s, fade_out: 2}}]}\n");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("3:46 E_SCENE_VALUE /director/nodes/0/shot/blend: blend 0.5 is not a "
                          "whole number of ticks"));
  ASSERT_EQ(loaded.scene.director_nodes.size(), 1u);
  EXPECT_EQ(loaded.scene.director_nodes[0].rare().sound->fade_out, Seconds(1, 2));
}

TEST(SceneLoaderTest, DefaultNameIsTheFileStemMadeValid) {
  EXPECT_EQ(Load("cinc: 1", "dir/gear box.v2.yaml").scene.name, "gear_box_v2");
  EXPECT_EQ(Load("cinc: 1",
                 "dir/g\xC3\xA9"
                 "ar.yaml")
                .scene.name,
            "g_ar");
  EXPECT_EQ(Load("cinc: 1", "").scene.name, "scene");
}

TEST(SceneLoaderTest, DocumentProblems) {
  EXPECT_THAT(Problems(""), ElementsAre("1:1 E_SCENE_FORMAT : the file is empty"));
  EXPECT_THAT(Problems("- a\n- b\n"),
              ElementsAre("1:1 E_SCENE_FORMAT : expected a mapping, got a list"));
  EXPECT_THAT(Problems("hello"),
              ElementsAre("1:1 E_SCENE_FORMAT : expected a mapping, got a string"));
  EXPECT_THAT(Problems("\x89PNG\r\n\x1A\n"),
              ElementsAre("1:1 E_SCENE_FORMAT : invalid leading UTF-8 octet (0x89)"));
  EXPECT_THAT(Problems("cinc: 1\n---\ncinc: 1\n"),
              ElementsAre("2:1 E_SCENE_FORMAT : only one document is allowed"));
}

TEST(SceneLoaderTest, SyntaxErrorKeepsWhatWasFoundBefore) {
  EXPECT_THAT(Problems("cinc: 1\nsnap: 0\nobjects:\n  a: {position: [1, 2, 3]\n  b: {}\n"),
              ElementsAre("2:7 E_SCENE_VALUE /snap: snap 0 is not an integer in 1..100000",
                          "5:3 E_SCENE_FORMAT /objects/a: did not find expected ',' or '}' "
                          "(while parsing a flow mapping at line 4, column 6)"));
}

TEST(SceneLoaderTest, VersionProblems) {
  EXPECT_THAT(Problems("name: x\n"), ElementsAre("1:1 E_SCENE_VERSION : missing field cinc"));
  EXPECT_THAT(Problems("# comment\n\nname: x\n"),
              ElementsAre("1:1 E_SCENE_VERSION : missing field cinc"));
  EXPECT_THAT(Problems("cinc: 2\n"),
              ElementsAre("1:7 E_SCENE_VERSION /cinc: format version must be 1, got '2'"));
  EXPECT_THAT(Problems("cinc: 1.0\n"),
              ElementsAre("1:7 E_SCENE_VERSION /cinc: format version must be 1, got '1.0'"));
  EXPECT_THAT(Problems("cinc: \"1\"\n"),
              ElementsAre("1:7 E_SCENE_VERSION /cinc: format version must be 1, got a string"));
  EXPECT_THAT(Problems("cinc: [1]\n"),
              ElementsAre("1:7 E_SCENE_VERSION /cinc: format version must be 1, got a list"));
  EXPECT_THAT(Problems("cinc: {v: 1}\n"),
              ElementsAre("1:7 E_SCENE_VERSION /cinc: format version must be 1, got a mapping"));
}

TEST(SceneLoaderTest, TopLevelProblemsAreAllReportedSorted) {
  EXPECT_THAT(
      Problems("cinc: 1\n"
               "name: a b\n"
               "time: ms\n"
               "snap: 2.5\n"
               "loop: 1\n"
               "tolerance: {position: 0, rotation: -1}\n"
               "nmae: x\n"
               "cinc: 1\n"
               "? [complex]\n"
               ": key\n"),
      ElementsAre("2:7 E_SCENE_NAME /name: invalid sequence name 'a b'",
                  "3:7 E_SCENE_VALUE /time: unknown time unit 'ms' (expected s or {ticks: N})",
                  "4:7 E_SCENE_VALUE /snap: snap 2.5 is not an integer in 1..100000",
                  "5:7 E_SCENE_FORMAT /loop: expected true or false, got a number",
                  "6:23 E_SCENE_VALUE /tolerance/position: position 0 must be greater than 0",
                  "6:36 E_SCENE_VALUE /tolerance/rotation: rotation -1 must be greater than 0",
                  "7:1 E_SCENE_FORMAT /nmae: unknown field 'nmae' (did you mean 'name'?)",
                  "8:1 E_SCENE_FORMAT /cinc: duplicate key 'cinc'",
                  "9:3 E_SCENE_FORMAT : expected a string key, got a list"));
}

TEST(SceneLoaderTest, TimeUnitAndSnapProblems) {
  EXPECT_THAT(Problems("cinc: 1\ntime: {ticks: 0}\n"),
              ElementsAre("2:15 E_SCENE_VALUE /time/ticks: ticks 0 is not an integer in "
                          "1..100000"));
  EXPECT_THAT(Problems("cinc: 1\ntime: {}\n"),
              ElementsAre("2:7 E_SCENE_FORMAT /time: missing field ticks"));
  EXPECT_THAT(Problems("cinc: 1\ntime: [s]\n"),
              ElementsAre("2:7 E_SCENE_FORMAT /time: expected s or {ticks: N}, got a list"));
  EXPECT_THAT(Problems("cinc: 1\nsnap: \"30\"\n"),
              ElementsAre("2:7 E_SCENE_FORMAT /snap: expected an integer, got a string"));
  EXPECT_THAT(Problems("cinc: 1\nsnap: 100001\n"),
              ElementsAre("2:7 E_SCENE_VALUE /snap: snap 100001 is not an integer in 1..100000"));
  EXPECT_THAT(Problems("cinc: 1\nname: ~\n"),
              ElementsAre("2:7 E_SCENE_FORMAT /name: expected a string, got null"));
}

TEST(SceneLoaderTest, ModelProblems) {
  Loaded loaded = Load(R"(cinc: 1
models:
  3d: {source: /abs/x.glb}
  ok: {source: ../x.glb}
  in: {source: a/../../b.glb}
  fine: {source: a/../b.glb, markers: {top: {position: [0, 1]}, hole.001: ~}}
  empty: {source: ""}
  win: {source: 'C:\models\x.glb'}
  bare:
)");
  EXPECT_THAT(
      loaded.diagnostics,
      ElementsAre("3:3 E_SCENE_NAME /models/3d: invalid name '3d'",
                  "3:16 E_PATH /models/3d/source: source '/abs/x.glb' is an absolute path "
                  "(sources are relative to the scene's folder)",
                  "4:16 E_PATH /models/ok/source: source '../x.glb' leaves the scene's folder",
                  "5:16 E_PATH /models/in/source: source 'a/../../b.glb' leaves the scene's "
                  "folder",
                  "6:56 E_SCENE_FORMAT /models/fine/markers/top/position: expected a list of 3 "
                  "numbers, got 2",
                  "7:19 E_SCENE_VALUE /models/empty/source: source is empty",
                  R"(8:17 E_PATH /models/win/source: source 'C:\models\x.glb' is an absolute )"
                  "path (sources are relative to the scene's folder)"));
  ASSERT_EQ(loaded.scene.models.size(), 7u);
  EXPECT_EQ(loaded.scene.models[3].source, "a/../b.glb");
  ASSERT_EQ(loaded.scene.models[3].markers.size(), 2u);
  EXPECT_EQ(loaded.scene.models[3].markers[1].name, "hole.001");
  EXPECT_EQ(loaded.scene.models[6].name, "bare");
}

TEST(SceneLoaderTest, AllowedOutsideRootsAcceptSourcesBeneathThem) {
  SceneLoadOptions options;
  options.allowed_outside_roots = {"/work/assets/"};
  std::string text =
      "cinc: 1\nmodels:\n  a: {source: ../assets/m.glb}\n  b: {source: ../other/m.glb}\n"
      "  c: {source: /work/assets/x/m.glb}\n";
  EXPECT_THAT(Load(text, "/work/scenes/s.yaml", options).diagnostics,
              ElementsAre("4:15 E_PATH /models/b/source: source '../other/m.glb' leaves the "
                          "scene's folder"));
}

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

TEST(SceneLoaderTest, RotationsAndScales) {
  Loaded loaded = Load(
      "cinc: 1\nobjects:\n"
      "  a: {rotation: [10, 20, 30], scale: [1, 2, 3]}\n"
      "  b: {rotation: {quaternion: [0, 0, 2, 0]}, scale: 0.5}\n"
      "cameras:\n  c: {focus: 2.5, aperture: 4, fov: 30}\n");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  Quat expected = QuatFromEulerDegrees(Vec3(10, 20, 30));
  EXPECT_DOUBLE_EQ(loaded.scene.objects[0].rotation.w, expected.w);
  EXPECT_DOUBLE_EQ(loaded.scene.objects[0].rotation.x, expected.x);
  EXPECT_DOUBLE_EQ(loaded.scene.objects[0].rotation.y, expected.y);
  EXPECT_DOUBLE_EQ(loaded.scene.objects[0].rotation.z, expected.z);
  ExpectVec3(loaded.scene.objects[0].scale, 1, 2, 3);
  const Quat& quaternion = loaded.scene.objects[1].rotation;  // [0, 0, 2, 0] normalised
  EXPECT_EQ(quaternion.x, 0);
  EXPECT_EQ(quaternion.y, 0);
  EXPECT_EQ(quaternion.z, 1);
  EXPECT_EQ(quaternion.w, 0);
  ExpectVec3(loaded.scene.objects[1].scale, 0.5, 0.5, 0.5);
  EXPECT_EQ(loaded.scene.cameras[0].lens().focus.distance, 2.5);
  EXPECT_EQ(loaded.scene.cameras[0].lens().aperture, 4);
  EXPECT_EQ(loaded.scene.cameras[0].lens().fov, 30);
}

TEST(SceneLoaderTest, LongNamesAreOverTheLimit) {
  std::string name(257, 'a');
  EXPECT_THAT(
      Problems("cinc: 1\nobjects:\n  " + name + ": {}\n"),
      ElementsAre("3:3 E_LIMIT /objects/" + name + ": object name is longer than 256 characters"));
  EXPECT_THAT(Problems("cinc: 1\nobjects:\n  " + name.substr(1) + ": {}\n"), IsEmpty());
}

TEST(SceneLoaderTest, AliasesReuseValues) {
  Loaded loaded = Load("cinc: 1\nobjects:\n  a: {position: &p [1, 2, 3]}\n  b: {position: *p}\n");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  ExpectVec3(loaded.scene.objects[1].position, 1, 2, 3);
}

TEST(SceneLoaderTest, MergeKeysGiveDefaultsThatExplicitKeysOverride) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - &base {id: one, duration: 1, opacity: 0.5, ease: step}
      - &late {id: two, duration: 2, ease: linear, <<: *base}
      - {<<: *base, id: three, opacity: 0.25}
      - {opacity: 0.75, <<: *base, id: four}
      - <<: [*late, *base]
        id: five
      - {<<: {duration: 3, <<: *late}, id: six}
      - {<<: 5, id: seven}
      - {<<: [*base, [1]], id: eight}
      - {<<: *nothing, id: nine, duration: 1}
)");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("12:14 E_SCENE_FORMAT /objects/a/nodes/6/<<: expected a mapping or a "
                          "list of mappings to merge, got a number",
                          "13:22 E_SCENE_FORMAT /objects/a/nodes/7/<<: expected a mapping to "
                          "merge, got a list",
                          "14:14 E_SCENE_FORMAT /objects/a/nodes/8: unknown alias 'nothing'"));
  const std::vector<Node>& nodes = loaded.scene.objects[0].nodes;
  ASSERT_EQ(nodes.size(), 9u);
  struct Expected {
    const char* id;
    ExactTime duration;
    double opacity;
    Ease::Kind ease;
  };
  const Expected expected[] = {
      {"one", Seconds(1), 0.5, Ease::Kind::kStep},    {"two", Seconds(2), 0.5, Ease::Kind::kLinear},
      {"three", Seconds(1), 0.25, Ease::Kind::kStep}, {"four", Seconds(1), 0.75, Ease::Kind::kStep},
      {"five", Seconds(2), 0.5, Ease::Kind::kLinear}, {"six", Seconds(3), 0.5, Ease::Kind::kLinear},
  };
  for (size_t i = 0; i < std::size(expected); ++i) {
    SCOPED_TRACE(expected[i].id);
    EXPECT_EQ(nodes[i].id, expected[i].id);
    EXPECT_EQ(nodes[i].duration, expected[i].duration);
    EXPECT_EQ(nodes[i].opacity, expected[i].opacity);
    EXPECT_EQ(nodes[i].ease.kind, expected[i].ease);
  }
  EXPECT_EQ(nodes[6].id, "seven");
  EXPECT_EQ(nodes[7].id, "eight");
  EXPECT_EQ(nodes[7].duration, Seconds(1));
  EXPECT_EQ(nodes[8].id, "nine");
}

// Top-level `x-` keys are skipped whatever they hold: a place for anchors.
// What an anchor there brings into a field is checked where it is written.
TEST(SceneLoaderTest, TopLevelExtensionKeysHoldAnchors) {
  Loaded loaded = Load(R"(cinc: 1
x-part: &part {opacity: 0.5, position: [1, 0, 0], unknown_inside: yes}
x-notes: [1, {deep: [2]}]
objects:
  a: {<<: *part, position: [2, 0, 0]}
x_typo: 1
  )");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("2:51 E_SCENE_FORMAT /objects/a/unknown_inside: unknown field "
                          "'unknown_inside'",
                          "6:1 E_SCENE_FORMAT /x_typo: unknown field 'x_typo'"));
  ASSERT_EQ(loaded.scene.objects.size(), 1u);
  EXPECT_EQ(loaded.scene.objects[0].opacity, 0.5);
  ExpectVec3(loaded.scene.objects[0].position, 2, 0, 0);
}

// Templates merge under a node's own fields: the node wins, a `use:` list
// applies its templates in order (the later over the earlier), a template
// wins over those it uses; `<<` comes before templates. Written after the
// objects that use them.
TEST(SceneLoaderTest, TemplatesMergeUnderTheNodesOwnFields) {
  Loaded loaded = Load(R"(cinc: 1
x-own: &own {ease: ease-in}
objects:
  a:
    nodes:
      - {id: one, use: [turn, fast], position: [1, 0, 0]}
      - {id: two, <<: *own, use: turn}
      - {id: three, use: fast, duration: 4, attach: {to: b}}
templates:
  turn: {duration: 1, spin: {axis: [1, 0, 0], turns: 2}, use: base, position: [9, 9, 9]}
  fast: {duration: 0.5}
  base: {ease: linear, duration: 7, opacity: 0.5}
)");
  EXPECT_THAT(loaded.diagnostics, ElementsAre());
  const std::vector<Node>& nodes = loaded.scene.objects.at(0).nodes;
  ASSERT_EQ(nodes.size(), 3u);
  ExpectVec3(*nodes[0].position, 1, 0, 0);      // its own over turn's
  EXPECT_EQ(nodes[0].duration, Seconds(1, 2));  // fast over turn
  ASSERT_TRUE(nodes[0].rare().spin);
  ExpectVec3(nodes[0].rare().spin->axis, 1, 0, 0);
  EXPECT_EQ(nodes[0].rare().spin->degrees, 720);
  EXPECT_EQ(nodes[0].ease.name(), "linear");  // from base, through turn
  EXPECT_EQ(nodes[0].opacity, 0.5);
  EXPECT_EQ(nodes[1].ease.name(), "ease-in");  // << over the template
  EXPECT_EQ(nodes[1].duration, Seconds(1));    // turn over base
  EXPECT_EQ(nodes[2].duration, Seconds(4));
  ASSERT_TRUE(nodes[2].rare().attach);
  EXPECT_EQ(nodes[2].rare().attach->to, "b");
}

// A template's problem is reported once, at its own line and column, with the
// pointer of the first node that used it; where it may stand is checked on
// each node that uses it.
TEST(SceneLoaderTest, TemplateProblemsAreReportedOnceWhereTheTemplateSaysThem) {
  Loaded loaded = Load(R"(cinc: 1
templates:
  t: {duration: 1, opacity: 2, fov: 40}
objects:
  a:
    nodes:
      - {id: one, use: t}
      - {id: two, use: t}
cameras:
  c:
    nodes:
      - {id: one, use: t}
)");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("3:20 E_SCENE_FORMAT /cameras/c/nodes/0/opacity: 'opacity' is not "
                          "allowed on a camera",
                          "3:29 E_SCENE_VALUE /objects/a/nodes/0/opacity: opacity 2 is outside "
                          "[0, 1]",
                          "3:32 E_SCENE_FORMAT /objects/a/nodes/0/fov: 'fov' is only allowed on "
                          "cameras"));
}

// `use` is a key like the others in a node and its `<<` sources (the node's
// wins; an unknown name there is reported), while a template's own `use`
// always applies. A template is merged into a node at most once, so a cycle
// through a `<<` source ends; problems of a template's own `use` are reported
// once; `templates:` with nothing is no templates.
TEST(SceneLoaderTest, UseThroughMergeKeysCyclesAndRepeats) {
  Loaded loaded = Load(R"(cinc: 1
x-m: &m {use: loop}
x-typo: &typo {use: apear}
templates:
  loop: {use: other, <<: *m}
  other: {duration: 1}
  appear: {opacity: 1, duration: 2}
  bad: {use: [], ease: linear}
objects:
  a:
    nodes:
      - {id: one, use: loop, opacity: 1}
      - {id: two, <<: *typo, duration: 1}
      - {id: three, use: appear, <<: {use: other}}
      - {id: four, use: bad, duration: 1}
      - {id: five, use: bad, duration: 1}
)");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("3:21 E_SCENE_NAME /objects/a/nodes/1/use: unknown template 'apear' "
                          "(did you mean 'appear'?)",
                          "8:14 E_SCENE_FORMAT /templates/bad/use: 'use' is an empty list"));
  const std::vector<Node>& nodes = loaded.scene.objects.at(0).nodes;
  ASSERT_EQ(nodes.size(), 5u);
  EXPECT_EQ(nodes[0].duration, Seconds(1));  // loop -> other; m's `use: loop` adds nothing
  EXPECT_EQ(nodes[2].duration, Seconds(2));  // its own `use: appear` over the merged `use: other`
  EXPECT_EQ(nodes[3].ease.name(), "linear");
  EXPECT_TRUE(Problems("cinc: 1\ntemplates:\n").empty());
}

TEST(SceneLoaderTest, BillionLaughsIsALimitAndFast) {
  std::string text =
      "cinc: 1\ndirector:\n  nodes:\n    - cue:\n        kind: vfx\n"
      "        name: lol\n        data:\n";
  text += "          a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  const std::string names = "abcdefghi";
  for (size_t level = 1; level < names.size(); ++level) {
    text += "          " + names.substr(level, 1) + ": &" + names.substr(level, 1) + " [";
    for (int copy = 0; copy < 10; ++copy) text += (copy ? ", *" : "*") + names.substr(level - 1, 1);
    text += "]\n";
  }
  auto start = std::chrono::steady_clock::now();
  std::vector<std::string> problems = Problems(text);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5);
  // See YamlReaderTest.BillionLaughsStopsAtTheExpansionBudgetQuickly: f's 8th
  // alias crosses the budget, at value 98784 of its expansion: inside its 9th
  // d, 9th c, 10th b, 1st a.
  EXPECT_THAT(problems, ElementsAre("13:46 E_LIMIT /director/nodes/0/cue/data/f/7/8/8/9/0: the "
                                    "document expands to more than 1000000 values (aliases, "
                                    "merge keys and templates)"));
}

TEST(SceneLoaderTest, DeepNestingIsAFormatProblemAndFast) {
  auto start = std::chrono::steady_clock::now();
  std::vector<std::string> problems = Problems("cinc: 1\nx: " + std::string(100000, '['));
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5);
  EXPECT_THAT(problems, ElementsAre("2:1 E_SCENE_FORMAT /x: unknown field 'x'",
                                    "2:1003 E_SCENE_FORMAT : the document nests deeper than "
                                    "1000 levels"));
}

TEST(SceneLoaderTest, LoadSceneFileReadsTheFileOrSaysWhyNot) {
  Diagnostics diagnostics;
  Scene missing = LoadSceneFile("/nonexistent/folder/x.yaml", &diagnostics);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(testing_support::ShowDiagnostic(diagnostics.items()[0]),
            "0:0 E_SCENE_FORMAT : cannot read file: No such file or directory");
  EXPECT_EQ(diagnostics.items()[0].file, "/nonexistent/folder/x.yaml");
  EXPECT_EQ(missing.name, "x");

  std::filesystem::path path = std::filesystem::temp_directory_path() / "cinc_loader_test.yaml";
  std::ofstream(path) << "cinc: 1\nobjects: {a: {}}\n";
  Diagnostics file_diagnostics;
  Scene scene = LoadSceneFile(path.string(), &file_diagnostics);
  std::filesystem::remove(path);
  EXPECT_TRUE(file_diagnostics.items().empty());
  EXPECT_EQ(scene.name, "cinc_loader_test");
  EXPECT_EQ(scene.objects.size(), 1u);
}

TEST(SceneLoaderTest, DetectDocumentKindLooksAtFirstLevelKeys) {
  EXPECT_EQ(DetectDocumentKind("cinc: 1\n"), DocumentKind::kScene);
  EXPECT_EQ(DetectDocumentKind(R"({"name": "x", "tracks": [{"a": {"cinc": 1}}], "cinc": 1})"),
            DocumentKind::kScene);
  EXPECT_EQ(DetectDocumentKind("cinc: 1\nobjects: [\n"), DocumentKind::kScene);
  EXPECT_EQ(DetectDocumentKind(R"({"name": "seq", "tracks": [{"cinc": 1}]})"),
            DocumentKind::kSequence);
  EXPECT_EQ(DetectDocumentKind("[1, 2]"), DocumentKind::kSequence);
  EXPECT_EQ(DetectDocumentKind(""), DocumentKind::kUnreadable);
  EXPECT_EQ(DetectDocumentKind("a: [\n"), DocumentKind::kUnreadable);
}

// A 100,000-node scene loads without problems. The time is printed, not
// asserted: figures belong in docs/scene-loading.md.
TEST(SceneLoaderTest, LargeSceneLoads) {
  std::string text = "cinc: 1\nname: big\nmodels:\n  m: {source: models/m.glb}\nobjects:\n";
  for (int object = 0; object < 1000; ++object) {
    std::string name = "part" + std::to_string(object);
    text += "  " + name + ":\n    model: m\n    position: [0.1, 0, 0]\n    nodes:\n";
    for (int node = 0; node < 100; ++node) {
      std::string id = "n" + std::to_string(node);
      std::string relation =
          object > 0 ? "after: part" + std::to_string(object - 1) + "." + id : "at: 0";
      text += "      - {id: " + id + ", " + relation +
              ", duration: 0.5, position: [1.5, 2.25, 3.125], ease: ease_in_out}\n";
    }
  }
  auto start = std::chrono::steady_clock::now();
  Loaded loaded = Load(text);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("[ info ] %zu bytes, 100000 nodes loaded in %.3f s\n", text.size(), seconds);
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  ASSERT_EQ(loaded.scene.objects.size(), 1000u);
  EXPECT_EQ(loaded.scene.objects[999].nodes.size(), 100u);
  EXPECT_EQ(loaded.scene.objects[999].nodes[99].relations[0].target, "part998.n99");
}

}  // namespace
}  // namespace cinc
