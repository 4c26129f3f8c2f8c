// Framing and orbits in the exact state, checked against projections and
// closed forms worked out here (docs/cameras.md "Framing", "Orbit"), never
// by calling FramingPosition.
#include "markers/camera_moves.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "markers/pose.h"
#include "markers/state.h"
#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::TestScene;
using test_support::Time;

constexpr double kPiValue = 3.14159265358979323846;

// A model "part" (inline, no file): its bounds are given to the solver.
struct FrameSetup {
  TestScene test;
  ModelBoundsList bounds;
  size_t camera = 0;
};

FrameSetup MakeSetup(const Bounds& box) {
  FrameSetup setup;
  test_support::AddModel(&setup.test, "part", {});
  setup.bounds = {box};
  setup.camera = setup.test.AddCamera("cam");
  return setup;
}

size_t AddPart(FrameSetup* setup, const std::string& name, Vec3 position) {
  size_t index = setup->test.AddObject(name);
  setup->test.scene.objects[index].model = "part";
  setup->test.scene.objects[index].position = position;
  return index;
}

Rig Solve(FrameSetup* setup, Diagnostics* diagnostics) {
  MarkerTable markers =
      BuildMarkerTable(setup->test.scene, InlineModels(setup->test.scene), diagnostics);
  return BuildRigWithCameraMoves(&setup->test.scene, setup->test.timeline, markers, setup->bounds,
                                 diagnostics);
}

// The framed objects' corners projected by hand with the camera's exact
// state at t: every |ndc| within 1 - 2 margin, and one side within 2 % of it.
// Returns the largest |ndc|.
double ExpectFramed(const Scene& scene, const Rig& rig, const Bounds& box,
                    const std::vector<size_t>& objects, const ExactTime& t, double margin) {
  SceneState state = EvaluateState(scene, rig, t);
  const CameraState& camera = state.cameras[0];
  const double tan_half = std::tan(camera.fov * kPiValue / 360);
  const double limit = 1 - 2 * margin;
  double widest = 0;
  for (size_t object : objects) {
    const ObjectState& pose = state.objects[object];
    for (int k = 0; k < 8; ++k) {
      Vec3 corner((k & 1) ? box.high.x : box.low.x, (k & 2) ? box.high.y : box.low.y,
                  (k & 4) ? box.high.z : box.low.z);
      Vec3 world = pose.position + pose.rotation * (pose.scale * corner);
      Vec3 local = glm::conjugate(camera.rotation) * (world - camera.position);
      EXPECT_GT(-local.z, 0);
      double x = local.x / (-local.z * tan_half * scene.aspect);
      double y = local.y / (-local.z * tan_half);
      EXPECT_LE(std::abs(x), limit + 1e-9);
      EXPECT_LE(std::abs(y), limit + 1e-9);
      widest = std::max({widest, std::abs(x), std::abs(y)});
    }
  }
  EXPECT_GE(widest, limit * 0.98);
  return widest;
}

const Bounds kBox{Vec3(-0.5, -0.2, -0.3), Vec3(0.5, 0.6, 0.3)};

// Several view directions, fovs, aspects and margins; the camera starts
// anywhere and keeps its rotation.
TEST(FramingTest, StaticPartsFillTheFrameFromAnyView) {
  const double yaws[] = {0, 35, -120, 180};
  const double pitches[] = {0, -30, 20};
  const double fovs[] = {30, 60, 95};
  const double aspects[] = {16.0 / 9.0, 1, 0.6};
  int trial = 0;
  for (double yaw : yaws) {
    for (double pitch : pitches) {
      FrameSetup setup = MakeSetup(kBox);
      AddPart(&setup, "a", Vec3(0, 0, 0));
      AddPart(&setup, "b", Vec3(1.5, 0.2, -0.7));
      SceneObject& camera = setup.test.scene.cameras[0];
      camera.position = Vec3(3, 2, 9);
      camera.rotation = QuatFromEulerDegrees(Vec3(pitch, yaw, 0));
      camera.mutable_lens().fov = fovs[trial % 3];
      setup.test.scene.aspect = aspects[(trial / 3) % 3];
      Node& node = setup.test.AddCameraNode(0, "frame", "1", "2");
      Framing framing;
      framing.objects = {LocatedString{"a", {}}, LocatedString{"b", {}}};
      framing.margin = 0.05 + 0.05 * (trial % 3);
      node.mutable_rare().frame = framing;
      Diagnostics diagnostics;
      Rig rig = Solve(&setup, &diagnostics);
      ASSERT_FALSE(diagnostics.HasErrors());
      SCOPED_TRACE("trial " + std::to_string(trial));
      ExpectFramed(setup.test.scene, rig, kBox, {0, 1}, Time("2"), framing.margin);
      // The rotation is kept; the move starts where the camera was.
      SceneState start = EvaluateState(setup.test.scene, rig, Time("1"));
      EXPECT_EQ(start.cameras[0].position, Vec3(3, 2, 9));
      SceneState end = EvaluateState(setup.test.scene, rig, Time("2"));
      EXPECT_LT(AngleBetween(end.cameras[0].rotation, camera.rotation), 1e-9);
      ++trial;
    }
  }
}

// A part that moves and turns while the camera frames it is framed as it is
// posed at the node's end; a pattern's name frames every copy.
TEST(FramingTest, MovingAndPatternedPartsArePosedAtTheEnd) {
  FrameSetup setup = MakeSetup(kBox);
  size_t mover = AddPart(&setup, "mover", Vec3(0, 0, 0));
  Node& move = setup.test.AddObjectNode(mover, "move", "0", "3");
  move.position = Vec3(4, 1, -2);
  move.rotation = QuatFromEulerDegrees(Vec3(0, 90, 30));
  move.scale = Vec3(2, 2, 2);
  std::vector<size_t> framed = {mover};
  for (int k = 1; k <= 3; ++k) {
    framed.push_back(AddPart(&setup, "screw-" + std::to_string(k), Vec3(-1.0 * k, 0, 0.5 * k)));
  }
  setup.test.scene.patterns.push_back({"screw", 3, {}});
  setup.test.scene.cameras[0].position = Vec3(0, 5, 10);
  setup.test.scene.cameras[0].rotation = QuatFromEulerDegrees(Vec3(-20, 10, 0));
  Node& node = setup.test.AddCameraNode(0, "frame", "0.5", "2");
  Framing framing;
  framing.objects = {LocatedString{"mover", {}}, LocatedString{"screw", {}}};
  node.mutable_rare().frame = framing;
  Diagnostics diagnostics;
  Rig rig = Solve(&setup, &diagnostics);
  ASSERT_FALSE(diagnostics.HasErrors());
  ExpectFramed(setup.test.scene, rig, kBox, framed, Time("2"), 0.1);
}

// With a look-at in charge the camera moves along its view line: the aim
// lands on the frame's centre, and a second framing node of the camera
// starts from where the first left it.
TEST(FramingTest, ALookAtStaysOnTheCentreAndFramingsFollowEachOther) {
  FrameSetup setup = MakeSetup(kBox);
  AddPart(&setup, "a", Vec3(0, 0, 0));
  AddPart(&setup, "b", Vec3(2, 0, 0));
  setup.test.scene.cameras[0].position = Vec3(1, 3, 8);
  Node& first = setup.test.AddCameraNode(0, "wide", "0", "1");
  first.mutable_rare().look_at = LocatedString{"a", {}};
  Framing both;
  both.objects = {LocatedString{"a", {}}, LocatedString{"b", {}}};
  first.mutable_rare().frame = both;
  Node& second = setup.test.AddCameraNode(0, "close", "2", "3");
  Framing one;
  one.objects = {LocatedString{"a", {}}};
  one.margin = 0.2;
  second.mutable_rare().frame = one;
  Diagnostics diagnostics;
  Rig rig = Solve(&setup, &diagnostics);
  ASSERT_FALSE(diagnostics.HasErrors());
  ExpectFramed(setup.test.scene, rig, kBox, {0, 1}, Time("1"), 0.1);
  ExpectFramed(setup.test.scene, rig, kBox, {0}, Time("3"), 0.2);
  for (const char* t : {"1", "3"}) {
    SceneState state = EvaluateState(setup.test.scene, rig, Time(t));
    Vec3 local =
        glm::conjugate(state.cameras[0].rotation) * (Vec3(0, 0, 0) - state.cameras[0].position);
    EXPECT_NEAR(local.x, 0, 1e-9) << t;
    EXPECT_NEAR(local.y, 0, 1e-9) << t;
  }
  // The second move starts where the first ended.
  SceneState at_two = EvaluateState(setup.test.scene, rig, Time("2"));
  SceneState at_one = EvaluateState(setup.test.scene, rig, Time("1"));
  EXPECT_EQ(at_two.cameras[0].position, at_one.cameras[0].position);
}

TEST(FramingTest, ObjectsWithoutBoundsAreErrorsAtTheField) {
  FrameSetup setup = MakeSetup(kBox);
  test_support::AddModel(&setup.test, "empty", {});
  setup.bounds.push_back(std::nullopt);
  AddPart(&setup, "a", Vec3(0, 0, 0));
  size_t pivot = setup.test.AddObject("pivot");
  size_t hollow = setup.test.AddObject("hollow");
  setup.test.scene.objects[hollow].model = "empty";
  (void)pivot;
  Node& node = setup.test.AddCameraNode(0, "frame", "0", "1");
  Framing framing;
  Origin at;
  at.location = {7, 12};
  framing.objects = {LocatedString{"a", {}}, LocatedString{"pivot", at},
                     LocatedString{"hollow", at}, LocatedString{"cam", at}};
  node.mutable_rare().frame = framing;
  Diagnostics diagnostics;
  Solve(&setup, &diagnostics);
  ASSERT_EQ(diagnostics.items().size(), 3u);
  EXPECT_EQ(diagnostics.items()[0].code, DiagnosticCode::kFrameBounds);
  EXPECT_EQ(diagnostics.items()[0].location.line, 7);
  EXPECT_EQ(diagnostics.items()[0].message,
            "node 'cam.frame' frames 'pivot', which has no model (no bounds to frame)");
  EXPECT_EQ(diagnostics.items()[1].message,
            "node 'cam.frame' frames 'hollow', whose model 'empty' has no meshes (no bounds to "
            "frame)");
  EXPECT_EQ(diagnostics.items()[2].message,
            "node 'cam.frame' frames camera 'cam', which has no bounds");
}

TEST(FramingTest, UnknownObjectsAreReportedByTheMarkerTable) {
  FrameSetup setup = MakeSetup(kBox);
  AddPart(&setup, "body", Vec3(0, 0, 0));
  Node& node = setup.test.AddCameraNode(0, "frame", "0", "1");
  Framing framing;
  framing.objects = {LocatedString{"bdy", {}}};
  node.mutable_rare().frame = framing;
  Diagnostics diagnostics;
  BuildMarkerTable(setup.test.scene, InlineModels(setup.test.scene), &diagnostics);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code, DiagnosticCode::kObjectMissing);
  EXPECT_EQ(diagnostics.items()[0].message,
            "node 'cam.frame' frames unknown object 'bdy' (did you mean 'body'?)");
}

// P(t) = C + Ry(A u)(P0 - C), R(t) = Ry(A u) R0, u the eased progress.
TEST(OrbitTest, CirclesTheCentreAndTurnsWithIt) {
  FrameSetup setup = MakeSetup(kBox);
  SceneObject& camera = setup.test.scene.cameras[0];
  camera.position = Vec3(4, 1.5, 2);
  camera.rotation = QuatFromEulerDegrees(Vec3(-10, 30, 0));
  Node& node = setup.test.AddCameraNode(0, "turn", "1", "3");
  Orbit orbit;
  orbit.point = Vec3(1, 0, -1);
  orbit.degrees = 120;
  node.mutable_rare().orbit = orbit;
  node.ease = *Ease::FromName("ease-in-out");
  Diagnostics diagnostics;
  Rig rig = Solve(&setup, &diagnostics);
  ASSERT_FALSE(diagnostics.HasErrors());
  for (const char* t : {"0.5", "1", "1.3", "2", "2.7", "3", "4"}) {
    double s = std::clamp((Time(t).ToDouble() - 1) / 2, 0.0, 1.0);
    double u = std::clamp(ApplyEase(node.ease, s), 0.0, 1.0);
    double angle = 120 * kPiValue / 180 * u;
    Vec3 d = Vec3(4, 1.5, 2) - Vec3(1, 0, -1);
    // Rotation about +Y by angle: x' = x cos + z sin, z' = -x sin + z cos.
    Vec3 expected = Vec3(1, 0, -1) + Vec3(d.x * std::cos(angle) + d.z * std::sin(angle), d.y,
                                          -d.x * std::sin(angle) + d.z * std::cos(angle));
    SceneState state = EvaluateState(setup.test.scene, rig, Time(t));
    EXPECT_NEAR(glm::length(state.cameras[0].position - expected), 0, 1e-12) << t;
    Quat turn(std::cos(angle / 2), 0, std::sin(angle / 2), 0);
    EXPECT_LT(AngleBetween(state.cameras[0].rotation, turn * camera.rotation), 1e-9) << t;
  }
}

// Around an object: its position at the node's start is the centre (it may
// move on); with look_at on the node the camera looks at it instead.
TEST(OrbitTest, AroundAnObjectWithALookAt) {
  FrameSetup setup = MakeSetup(kBox);
  size_t part = AddPart(&setup, "body", Vec3(0, 0, 0));
  Node& move = setup.test.AddObjectNode(part, "move", "0", "1");
  move.position = Vec3(2, 0, 0);
  setup.test.scene.cameras[0].position = Vec3(2, 1, 5);
  Node& node = setup.test.AddCameraNode(0, "turn", "1", "2");
  Orbit orbit;
  orbit.around = LocatedString{"body", {}};
  orbit.degrees = -90;
  node.mutable_rare().orbit = orbit;
  node.mutable_rare().look_at = LocatedString{"body", {}};
  Diagnostics diagnostics;
  Rig rig = Solve(&setup, &diagnostics);
  ASSERT_FALSE(diagnostics.HasErrors());
  // Centre (2, 0, 0); -90 deg about +Y takes (0, 1, 5) to (-5, 1, 0).
  SceneState end = EvaluateState(setup.test.scene, rig, Time("2"));
  EXPECT_NEAR(glm::length(end.cameras[0].position - Vec3(-3, 1, 0)), 0, 1e-12);
  Vec3 forward = end.cameras[0].rotation * Vec3(0, 0, -1);
  EXPECT_NEAR(glm::length(forward - glm::normalize(Vec3(5, -1, 0))), 0, 1e-12);
}

TEST(OrbitTest, NotOnACameraThatAttaches) {
  FrameSetup setup = MakeSetup(kBox);
  AddPart(&setup, "body", Vec3(0, 0, 0));
  Node& attach = setup.test.AddCameraNode(0, "ride", "0", "1");
  attach.mutable_rare().attach = Attach{"body", {}, "", {}};
  Node& node = setup.test.AddCameraNode(0, "turn", "1", "2");
  Orbit orbit;
  orbit.point = Vec3(0, 0, 0);
  orbit.degrees = 90;
  node.mutable_rare().orbit = orbit;
  Diagnostics diagnostics;
  Solve(&setup, &diagnostics);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code, DiagnosticCode::kSceneFormat);
  EXPECT_EQ(diagnostics.items()[0].message,
            "'orbit' is not allowed on camera 'cam', which attaches (node 'cam.ride')");
}

}  // namespace
}  // namespace cinc
