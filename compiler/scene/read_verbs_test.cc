// The assembly verbs: insert and screw attach while they move in.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::IsEmpty;
using testing_support::Load;
using testing_support::Loaded;

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

TEST(SceneNodesTest, CameraMovesFrameAndOrbit) {
  Loaded loaded = Load(R"(cinc: 1
aspect: 1.5
cameras:
  cam:
    nodes:
      - {duration: 1, frame: [a, screw], margin: 0.05}
      - {duration: 1, frame: [a]}
      - {duration: 2, orbit: {around: a/top, degrees: -90}, look_at: a}
      - {duration: 2, orbit: {around: [1, 0, 2], degrees: 360}}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  EXPECT_EQ(loaded.scene.aspect, 1.5);
  const std::vector<Node>& nodes = loaded.scene.cameras[0].nodes;
  ASSERT_TRUE(nodes[0].rare().frame && nodes[1].rare().frame);
  const Framing& framing = *nodes[0].rare().frame;
  ASSERT_EQ(framing.objects.size(), 2u);
  EXPECT_EQ(framing.objects[1].value, "screw");
  EXPECT_EQ(framing.objects[1].origin.location, (SourceLocation{6, 34}));
  EXPECT_EQ(framing.margin, 0.05);
  EXPECT_EQ(nodes[1].rare().frame->margin, 0.1);
  ASSERT_TRUE(nodes[2].rare().orbit && nodes[3].rare().orbit);
  EXPECT_EQ(nodes[2].rare().orbit->around.value, "a/top");
  EXPECT_EQ(nodes[2].rare().orbit->degrees, -90);
  EXPECT_EQ(nodes[3].rare().orbit->point, Vec3(1, 0, 2));
  EXPECT_EQ(Load("cinc: 1\n").scene.aspect, 16.0 / 9.0);
}

TEST(SceneNodesTest, CameraMoveErrors) {
  Loaded loaded = Load(R"(cinc: 1
aspect: 0
objects:
  a:
    nodes:
      - {duration: 1, frame: [b]}
cameras:
  cam:
    nodes:
      - {duration: 1, margin: 0.2}
      - {duration: 1, frame: [], margin: 0.5}
      - {duration: 1, position: [0, 0, 0], frame: [a]}
      - {duration: 1, orbit: {around: a, degrees: 10}, frame: [a]}
      - {duration: 1, orbit: {degrees: 10}}
)");
  EXPECT_THAT(loaded.diagnostics,
              ::testing::ElementsAre(
                  "2:9 E_SCENE_VALUE /aspect: aspect 0 is outside (0, 100]",
                  "6:23 E_SCENE_FORMAT /objects/a/nodes/0/frame: 'frame' is only allowed on "
                  "cameras",
                  "10:23 E_SCENE_FORMAT /cameras/cam/nodes/0/margin: 'margin' requires 'frame'",
                  "11:30 E_SCENE_FORMAT /cameras/cam/nodes/1/frame: 'frame' is an empty list",
                  "11:42 E_SCENE_VALUE /cameras/cam/nodes/1/margin: margin 0.5 is outside [0, 0.5)",
                  "12:44 E_SCENE_FORMAT /cameras/cam/nodes/2/frame: 'frame' cannot be combined "
                  "with 'position'",
                  "13:56 E_SCENE_FORMAT /cameras/cam/nodes/3/frame: 'frame' cannot be combined "
                  "with 'orbit'",
                  "14:30 E_SCENE_FORMAT /cameras/cam/nodes/4/orbit: missing field around"));
}

TEST(SceneNodesTest, ExplodeAndCollapse) {
  Loaded loaded = Load(R"(cinc: 1
director:
  nodes:
    - {id: apart, duration: 1, explode: {parts: [a, bolt], from: body, distance: 0.2}}
    - {id: out, duration: 1, explode: {parts: [a], from: [1, 2, 3], distance: 0.5}}
    - {id: back, duration: 1, collapse: {parts: [bolt], along: axis, distance: 0.1}}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const std::vector<Node>& nodes = loaded.scene.director_nodes;
  ASSERT_TRUE(nodes[0].rare().explode && nodes[1].rare().explode && nodes[2].rare().explode);
  const Explode& apart = *nodes[0].rare().explode;
  ASSERT_EQ(apart.parts.size(), 2u);
  EXPECT_EQ(apart.parts[1].value, "bolt");
  EXPECT_EQ(apart.parts[1].origin.location, (SourceLocation{4, 53}));
  EXPECT_EQ(apart.from.value, "body");
  EXPECT_FALSE(apart.point || apart.along || apart.collapse);
  EXPECT_EQ(apart.distance, 0.2);
  EXPECT_EQ(nodes[1].rare().explode->point, Vec3(1, 2, 3));
  EXPECT_TRUE(nodes[2].rare().explode->along && nodes[2].rare().explode->collapse);
}

TEST(SceneNodesTest, ExplodeErrors) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - {duration: 1, explode: {parts: [b], along: axis, distance: 1}}
director:
  nodes:
    - {duration: 1, explode: {parts: [], along: axis, distance: 1}}
    - {duration: 1, explode: {parts: [a], along: axis, distance: -0.5}}
    - {duration: 1, explode: {parts: [a], along: axis, distance: 0}}
    - {duration: 1, explode: {parts: [a], distance: 1}}
    - {duration: 1, collapse: {parts: [a], from: a, along: axis, distance: 1}}
    - {duration: 1, collapse: {parts: [a], along: up, distance: 1}}
    - {explode: {parts: [a], along: axis, distance: 1}}
)");
  EXPECT_THAT(
      loaded.diagnostics,
      ::testing::ElementsAre(
          "5:23 E_SCENE_FORMAT /objects/a/nodes/0/explode: 'explode' is only allowed on director "
          "nodes",
          "8:38 E_SCENE_FORMAT /director/nodes/0/explode/parts: 'parts' is an empty list",
          "9:66 E_SCENE_VALUE /director/nodes/1/explode/distance: distance -0.5 is outside (0, "
          "1000000]",
          "10:66 E_SCENE_VALUE /director/nodes/2/explode/distance: distance 0 is outside (0, "
          "1000000]",
          "11:30 E_SCENE_FORMAT /director/nodes/3/explode: missing field from or along",
          "12:53 E_SCENE_FORMAT /director/nodes/4/collapse/along: 'along' cannot be combined with "
          "'from'",
          "13:51 E_SCENE_VALUE /director/nodes/5/collapse/along: unknown along 'up': parts move "
          "along their frame's axis (`along: axis`)",
          "14:7 E_SCENE_FORMAT /director/nodes/6: missing field duration"));
}

}  // namespace
}  // namespace cinc
