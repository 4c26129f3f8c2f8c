// Look-at, auto-focus and Catmull-Rom paths in the exact state, checked
// against closed forms worked by hand (docs/state.md, docs/cameras.md).
#include "markers/camera_aim.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/test_paths.h"
#include "markers/marker_table.h"
#include "markers/pose.h"
#include "markers/state.h"
#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::TestScene;
using test_support::Time;

constexpr double kPiValue = 3.14159265358979323846;

Vec3 Forward(const Quat& rotation) { return rotation * Vec3(0, 0, -1); }

void ExpectNear(const Vec3& actual, const Vec3& expected, double tolerance) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
  EXPECT_NEAR(actual.z, expected.z, tolerance);
}

TEST(LookRotationTest, YawAndPitchFromTheDirection) {
  // d = (-1, 1, -1): yaw = atan2(1, 1) = 45, pitch = atan2(1, sqrt 2) = 35.264...
  Vec3 euler = CanonicalEulerDegrees(LookRotation(Vec3(-1, 1, -1), Quat(1, 0, 0, 0)));
  EXPECT_NEAR(euler.x, std::atan2(1.0, std::sqrt(2.0)) * 180 / kPiValue, 1e-12);
  EXPECT_NEAR(euler.y, 45, 1e-12);
  EXPECT_NEAR(euler.z, 0, 1e-12);
  ExpectNear(Forward(LookRotation(Vec3(3, 0, 4), Quat(1, 0, 0, 0))), Vec3(0.6, 0, 0.8), 1e-15);
}

TEST(LookRotationTest, StraightUpKeepsThePreviousYaw) {
  Quat previous = QuatFromEulerDegrees(Vec3(10, 30, 0));
  Vec3 euler = CanonicalEulerDegrees(LookRotation(Vec3(0, 2, 0), previous));
  EXPECT_NEAR(euler.x, 90, 1e-9);
  // At the lock the canonical triple folds roll into yaw: yaw 30 holds.
  ExpectNear(QuatFromEulerDegrees(Vec3(90, 30, 0)) * Vec3(1, 0, 0),
             LookRotation(Vec3(0, 2, 0), previous) * Vec3(1, 0, 0), 1e-12);
  (void)euler;
}

TEST(LookRotationTest, ZeroDirectionKeepsThePreviousRotation) {
  Quat previous = QuatFromEulerDegrees(Vec3(10, 30, 5));
  Quat kept = LookRotation(Vec3(0, 0, 0), previous);
  EXPECT_EQ(kept, previous);
}

struct LookScene {
  TestScene test;
  size_t target;
  size_t camera;
};

// target moves from (0,0,0) to (2,0,0) over [0, 2]; the camera at (0,0,5)
// looking down -Z starts a linear look_at over [0, 1].
LookScene MakeLookScene() {
  LookScene setup;
  setup.target = setup.test.AddObject("target");
  setup.camera = setup.test.AddCamera("cam");
  setup.test.scene.cameras[setup.camera].position = Vec3(0, 0, 5);
  Node& move = setup.test.AddObjectNode(setup.target, "move", "0", "2");
  move.position = Vec3(2, 0, 0);
  Node& aim = setup.test.AddCameraNode(setup.camera, "aim", "0", "1");
  aim.mutable_rare().look_at = LocatedString{"target", {}};
  return setup;
}

TEST(LookAtStateTest, TurnsTowardTheLiveDirectionThenTracks) {
  LookScene setup = MakeLookScene();
  Rig rig = BuildRig(setup.test.scene, setup.test.timeline, nullptr);
  // t = 0.5: target at (0.5, 0, 0), d = (0.5, 0, -5), R_look yaw = atan2(-0.5, 5);
  // u = 0.5 from the identity: half that yaw.
  RigidPose half = WorldPoseAt(rig, OwnerRef::Camera(0), Time("0.5"));
  double look_yaw = std::atan2(-0.5, 5.0);
  Quat expected = QuatFromAxisAngle(Vec3(0, 1, 0), look_yaw / 2);
  EXPECT_LT(AngleBetween(half.rotation, expected), 1e-12);
  // After E it tracks: t = 1.5, target at (1.5, 0, 0).
  RigidPose later = WorldPoseAt(rig, OwnerRef::Camera(0), Time("1.5"));
  ExpectNear(Forward(later.rotation), glm::normalize(Vec3(1.5, 0, -5)), 1e-12);
  // And holds once the target stops (t = 2 and after).
  RigidPose end = WorldPoseAt(rig, OwnerRef::Camera(0), Time("2"));
  ExpectNear(Forward(end.rotation), glm::normalize(Vec3(2, 0, -5)), 1e-12);
}

// Roll stays 0 through a look-at that turns and tilts the camera at once,
// and yaw and pitch go linearly from the start's to R_look's.
TEST(LookAtStateTest, TheHorizonStaysLevel) {
  TestScene test;
  size_t target = test.AddObject("target");
  test.scene.objects[target].position = Vec3(-1, 1, -1);
  size_t camera = test.AddCamera("cam");
  test.scene.cameras[camera].rotation = QuatFromEulerDegrees(Vec3(-40, -60, 0));
  Node& aim = test.AddCameraNode(camera, "aim", "0", "2");
  aim.mutable_rare().look_at = LocatedString{"target", {}};
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  // d = (-1, 1, -1) from the origin: yaw atan2(1, 1) = 45, pitch
  // atan2(1, sqrt 2); from [-40, -60, 0] by u = t / 2.
  const double look_pitch = Degrees(std::atan2(1.0, std::sqrt(2.0)));
  for (const char* time : {"0.25", "0.5", "1", "1.5", "1.75", "2", "3"}) {
    double u = std::min(std::stod(time) / 2, 1.0);
    Vec3 euler =
        CanonicalEulerDegrees(WorldPoseAt(rig, OwnerRef::Camera(camera), Time(time)).rotation);
    ExpectNear(euler, Vec3(-40 + (look_pitch + 40) * u, -60 + 105 * u, 0), 1e-9);
  }
}

// A camera's rotation node keeps the horizon level the same way; an
// object's is a SLERP, which rolls mid-way between the same two rotations.
TEST(LookAtStateTest, ACameraRotationNodeKeepsTheHorizonAndAnObjectSlerps) {
  TestScene test;
  size_t camera = test.AddCamera("cam");
  size_t object = test.AddObject("part");
  const Quat from = QuatFromEulerDegrees(Vec3(-40, 0, 0));
  const Quat to = QuatFromEulerDegrees(Vec3(0, 120, 0));
  test.scene.cameras[camera].rotation = from;
  test.scene.objects[object].rotation = from;
  test.AddCameraNode(camera, "turn", "0", "2").rotation = to;
  test.AddObjectNode(object, "turn", "0", "2").rotation = to;
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  Vec3 camera_half =
      CanonicalEulerDegrees(WorldPoseAt(rig, OwnerRef::Camera(camera), Time("1")).rotation);
  ExpectNear(camera_half, Vec3(-20, 60, 0), 1e-9);
  Quat object_half = WorldPoseAt(rig, OwnerRef::Object(object), Time("1")).rotation;
  EXPECT_LT(AngleBetween(object_half, Slerp(from, to, 0.5)), 1e-12);
  EXPECT_GT(std::abs(CanonicalEulerDegrees(object_half).z), 10);
}

TEST(LookAtStateTest, AMarkerIsScaledByItsOwner) {
  TestScene test;
  Model model;
  model.name = "m";
  model.markers.push_back({"tip", {Vec3(0, 1, 0), Quat(1, 0, 0, 0)}, {}});
  test.scene.models.push_back(model);
  size_t target = test.AddObject("post");
  test.scene.objects[target].model = "m";
  test.scene.objects[target].scale = Vec3(1, 2, 1);
  size_t camera = test.AddCamera("cam");
  test.scene.cameras[camera].position = Vec3(0, 0, 2);
  Node& aim = test.AddCameraNode(camera, "aim", "0", "0");
  aim.mutable_rare().look_at = LocatedString{"post/tip", {}};
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  // The marker at (0, 1 * 2, 0): d = (0, 2, -2), pitch 45 degrees, yaw 0.
  Vec3 euler = CanonicalEulerDegrees(WorldPoseAt(rig, OwnerRef::Camera(0), Time("0")).rotation);
  ExpectNear(euler, Vec3(45, 0, 0), 1e-12);
}

TEST(LookAtStateTest, ARotationNodeEndsTheTracking) {
  LookScene setup = MakeLookScene();
  Node& turn = setup.test.AddCameraNode(setup.camera, "turn", "1.5", "1.5");
  turn.rotation = QuatFromEulerDegrees(Vec3(0, 90, 0));
  Rig rig = BuildRig(setup.test.scene, setup.test.timeline, nullptr);
  Quat at_two = WorldPoseAt(rig, OwnerRef::Camera(0), Time("2")).rotation;
  EXPECT_LT(AngleBetween(at_two, QuatFromEulerDegrees(Vec3(0, 90, 0))), 1e-12);
}

TEST(LookAtStateTest, ALaterRotationStartsFromTheTrackedRotation) {
  LookScene setup = MakeLookScene();
  Node& turn = setup.test.AddCameraNode(setup.camera, "turn", "1", "2");
  turn.rotation = Quat(1, 0, 0, 0);
  Rig rig = BuildRig(setup.test.scene, setup.test.timeline, nullptr);
  // At S = 1 the look-at had reached R_look(1): target (1, 0, 0).
  const Segment<Quat>& segment = rig.cameras[0].rotation.segments[1];
  ExpectNear(Forward(segment.from), glm::normalize(Vec3(1, 0, -5)), 1e-12);
}

Quat Yaw(double radians) { return QuatFromAxisAngle(Vec3(0, 1, 0), radians); }

// cart at (0, 0, 5) turned 30 degrees about +Y; R_look(2) of the camera at
// (0, 0, 5) and the target at (2, 0, 0): d = (2, 0, -5), a yaw of atan2(-2, 5).
constexpr double kCartYaw = 30 * kPiValue / 180;
const double kLookYawAtTwo = std::atan2(-2.0, 5.0);

size_t AddCart(TestScene* test) {
  size_t cart = test->AddObject("cart");
  test->scene.objects[cart].position = Vec3(0, 0, 5);
  test->scene.objects[cart].rotation = Yaw(kCartYaw);
  return cart;
}

// The world pose just before t (the segments and frames in charge at
// `before`, evaluated at t) and at t must be one: nothing jumps.
void ExpectNoJump(const Rig& rig, const char* before, const char* at) {
  RigidPose left = WorldPoseWithin(rig, OwnerRef::Camera(0), Time(before), Time(at));
  RigidPose exact = WorldPoseAt(rig, OwnerRef::Camera(0), Time(at));
  EXPECT_LT(AngleBetween(left.rotation, exact.rotation), 1e-12) << "at " << at;
  ExpectNear(left.position, exact.position, 1e-12);
}

TEST(LookAtStateTest, AnAttachStartsFromTheTrackedRotation) {
  LookScene setup = MakeLookScene();
  AddCart(&setup.test);
  Node& mount = setup.test.AddCameraNode(setup.camera, "mount", "2", "3");
  mount.mutable_rare().attach = Attach{"cart", std::nullopt, "", {}};
  Rig rig = BuildRig(setup.test.scene, setup.test.timeline, nullptr);
  // W(2) = R_look(2); L goes from F^-1 W(2) to the identity in the cart's
  // frame, all about +Y: the world yaw goes linearly from R_look(2)'s to 30.
  ExpectNoJump(rig, "1.5", "2");
  for (const char* t : {"2", "2.25", "2.5", "3", "4"}) {
    double u = std::clamp(Time(t).ToDouble() - 2, 0.0, 1.0);
    RigidPose pose = WorldPoseAt(rig, OwnerRef::Camera(0), Time(t));
    EXPECT_LT(AngleBetween(pose.rotation, Yaw(kLookYawAtTwo + (kCartYaw - kLookYawAtTwo) * u)),
              1e-12)
        << "t = " << t;
    ExpectNear(pose.position, Vec3(0, 0, 5), 1e-12);
  }
}

// The camera rides the cart from 0 and looks at the target (the LookScene
// motion) over [0.5, 1.5], then tracks it.
LookScene MakeAttachedLookScene() {
  LookScene setup;
  setup.target = setup.test.AddObject("target");
  AddCart(&setup.test);
  setup.camera = setup.test.AddCamera("cam");
  setup.test.scene.cameras[setup.camera].position = Vec3(0, 0, 5);
  Node& move = setup.test.AddObjectNode(setup.target, "move", "0", "2");
  move.position = Vec3(2, 0, 0);
  Node& mount = setup.test.AddCameraNode(setup.camera, "mount", "0", "0");
  mount.mutable_rare().attach = Attach{"cart", std::nullopt, "", {}};
  Node& aim = setup.test.AddCameraNode(setup.camera, "aim", "0.5", "1.5");
  aim.mutable_rare().look_at = LocatedString{"target", {}};
  return setup;
}

TEST(LookAtStateTest, ADetachStartsFromTheTrackedRotation) {
  LookScene setup = MakeAttachedLookScene();
  Node& leave = setup.test.AddCameraNode(setup.camera, "leave", "2", "3");
  leave.position = Vec3(0, 0, 6);
  Rig rig = BuildRig(setup.test.scene, setup.test.timeline, nullptr);
  // Separating keeps W(2)'s rotation, R_look(2), while the position slides
  // in the world from (0, 0, 5) to (0, 0, 6).
  ExpectNoJump(rig, "1.75", "2");
  for (const char* t : {"2", "2.5", "3"}) {
    double u = Time(t).ToDouble() - 2;
    RigidPose pose = WorldPoseAt(rig, OwnerRef::Camera(0), Time(t));
    EXPECT_LT(AngleBetween(pose.rotation, Yaw(kLookYawAtTwo)), 1e-12) << "t = " << t;
    ExpectNear(pose.position, Vec3(0, 0, 5 + u), 1e-12);
  }
}

TEST(LookAtStateTest, OnAnAttachedCameraASpinThenARotationContinue) {
  LookScene setup = MakeAttachedLookScene();
  Node& spin = setup.test.AddCameraNode(setup.camera, "spin", "2", "3");
  spin.mutable_rare().spin = Spin{Vec3(0, 1, 0), 90, {}};
  Node& turn = setup.test.AddCameraNode(setup.camera, "turn", "3", "4");
  turn.rotation = Quat(1, 0, 0, 0);  // local: the cart's rotation
  Rig rig = BuildRig(setup.test.scene, setup.test.timeline, nullptr);
  // Local at 2: F^-1 R_look(2) = yaw (a - 30); the spin adds 90 * u about +Y;
  // the rotation then SLERPs the local yaw (a + 60) to 0. World = yaw 30 * L.
  ExpectNoJump(rig, "1.75", "2");
  ExpectNoJump(rig, "2.5", "3");
  const double quarter = kPiValue / 2;
  for (const char* t : {"2", "2.5", "3", "3.5", "4"}) {
    double time = Time(t).ToDouble();
    double local = time <= 3 ? kLookYawAtTwo - kCartYaw + quarter * (time - 2)
                             : (kLookYawAtTwo - kCartYaw + quarter) * (4 - time);
    Quat rotation = WorldPoseAt(rig, OwnerRef::Camera(0), Time(t)).rotation;
    EXPECT_LT(AngleBetween(rotation, Yaw(kCartYaw + local)), 1e-12) << "t = " << t;
  }
}

TEST(AutoFocusStateTest, InterpolatesToTheLiveDistanceThenTracks) {
  LookScene setup = MakeLookScene();
  setup.test.scene.cameras[setup.camera].mutable_lens().focus.distance = 3;
  Node& pull = setup.test.AddCameraNode(setup.camera, "pull", "0", "1");
  pull.mutable_rare().focus = FocusTarget{std::nullopt, "target", {}};
  Rig rig = BuildRig(setup.test.scene, setup.test.timeline, nullptr);
  // t = 0.5: live = |(0.5, 0, -5)| = sqrt(25.25); u = 0.5 from 3.
  EXPECT_NEAR(*FocusAt(rig, 0, Time("0.5")), 3 + (std::sqrt(25.25) - 3) * 0.5, 1e-12);
  EXPECT_NEAR(*FocusAt(rig, 0, Time("1.5")), std::sqrt(1.5 * 1.5 + 25), 1e-12);
  SceneState state = EvaluateState(setup.test.scene, rig, Time("2"));
  EXPECT_NEAR(*state.cameras[0].focus, std::sqrt(29.0), 1e-12);
}

TEST(AutoFocusStateTest, ACameraFocusOnTracksFromTheStart) {
  LookScene setup = MakeLookScene();
  setup.test.scene.cameras[setup.camera].mutable_lens().focus.on = "target";
  Rig rig = BuildRig(setup.test.scene, setup.test.timeline, nullptr);
  EXPECT_NEAR(*FocusAt(rig, 0, Time("1")), std::sqrt(26.0), 1e-12);
}

TEST(AutoFocusStateTest, WithoutDepthOfFieldItStartsAtTheLiveDistance) {
  LookScene setup = MakeLookScene();
  Node& pull = setup.test.AddCameraNode(setup.camera, "pull", "1", "2");
  pull.mutable_rare().focus = FocusTarget{std::nullopt, "target", {}};
  Rig rig = BuildRig(setup.test.scene, setup.test.timeline, nullptr);
  EXPECT_FALSE(FocusAt(rig, 0, Time("0.5")).has_value());
  EXPECT_NEAR(*FocusAt(rig, 0, Time("1.5")), std::sqrt(1.5 * 1.5 + 25), 1e-12);
}

TEST(PathStateTest, CatmullRomThroughTheWaypointsWithMirroredEnds) {
  TestScene test;
  size_t object = test.AddObject("box");
  Node& move = test.AddObjectNode(object, "move", "0", "2");
  move.position = Vec3(2, 0, 0);
  move.mutable_rare().path = {Vec3(1, 1, 0)};
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  // P0 = 0, P1 = (1,1,0), P2 = (2,0,0); P-1 = 2P0 - P1 = (-1,-1,0).
  // Span 0 at s = 0.5 (t = 0.5): 0.5 * [2P0 + (P1 - P-1) s + (2P-1 - 5P0 + 4P1 - P2) s^2
  //   + (-P-1 + 3P0 - 3P1 + P2) s^3] = (0.5, 0.625, 0).
  ExpectNear(WorldPoseAt(rig, OwnerRef::Object(0), Time("0.5")).position, Vec3(0.5, 0.625, 0),
             1e-15);
  ExpectNear(WorldPoseAt(rig, OwnerRef::Object(0), Time("1")).position, Vec3(1, 1, 0), 1e-15);
  // Span 1 at s = 0.5, P3 = 2P2 - P1 = (3, -1, 0): (1.5, 0.625, 0) by symmetry.
  ExpectNear(WorldPoseAt(rig, OwnerRef::Object(0), Time("1.5")).position, Vec3(1.5, 0.625, 0),
             1e-15);
  ExpectNear(WorldPoseAt(rig, OwnerRef::Object(0), Time("2")).position, Vec3(2, 0, 0), 0);
}

// --- reference checks (markers/marker_table.cc) -------------------------------

struct Reported {
  std::string code;
  std::string path;
  int line;
  int column;
  std::string message;
  friend bool operator==(const Reported&, const Reported&) = default;
};

void PrintTo(const Reported& reported, std::ostream* out) {
  *out << reported.code << " " << reported.path << " " << reported.line << ":" << reported.column
       << " " << reported.message;
}

std::vector<Reported> CheckReferences(const TestScene& test) {
  Diagnostics diagnostics;
  BuildMarkerTable(test.scene, InlineModels(test.scene), &diagnostics);
  std::vector<Reported> reports;
  for (const Diagnostic& diagnostic : diagnostics.items()) {
    reports.push_back({std::string(diagnostic.code_name()), diagnostic.path,
                       diagnostic.location.line, diagnostic.location.column, diagnostic.message});
  }
  return reports;
}

// body (model plate: hole-1), cam (camera).
TestScene CameraReferenceScene() {
  TestScene test;
  Model plate;
  plate.name = "plate";
  plate.markers.push_back({"hole-1", {Vec3(0, 0.01, 0), Quat(1, 0, 0, 0)}, {}});
  test.scene.models.push_back(plate);
  size_t body = test.AddObject("body");
  test.scene.objects[body].model = "plate";
  test.AddCamera("cam");
  return test;
}

Origin At(int line, int column, const std::string& path) {
  return {.location = {line, column}, .pointer = testing::TestPath(path)};
}

TEST(CameraReferenceTest, KnownTargetsAreQuiet) {
  TestScene test = CameraReferenceScene();
  Node& aim = test.AddCameraNode(0, "aim", "0", "1");
  aim.mutable_rare().look_at = LocatedString{"body/hole-1", {}};
  aim.mutable_rare().focus = FocusTarget{std::nullopt, "body", {}};
  test.scene.cameras[0].mutable_lens().focus.on = "body/hole-1";
  Node shot;
  shot.owner = "director";
  shot.mutable_rare().shot = Shot{"cam", {}, std::nullopt, {}};
  test.scene.director_nodes.push_back(shot);
  EXPECT_TRUE(CheckReferences(test).empty());
}

TEST(CameraReferenceTest, LookAtAndFocusTargetsThatNameNothing) {
  TestScene test = CameraReferenceScene();
  test.scene.cameras[0].mutable_lens().focus.on = "bdy";
  test.scene.cameras[0].mutable_lens().focus.origin = At(3, 12, "/cameras/cam/focus");
  Node& aim = test.AddCameraNode(0, "aim", "0", "1");
  aim.mutable_rare().look_at = LocatedString{"bdy", At(5, 40, "/cameras/cam/nodes/0/look_at")};
  Node& mark = test.AddCameraNode(0, "mark", "1", "2");
  mark.mutable_rare().look_at =
      LocatedString{"body/hole-9", At(6, 40, "/cameras/cam/nodes/1/look_at")};
  Node& pull = test.AddCameraNode(0, "pull", "0", "1");
  pull.mutable_rare().focus =
      FocusTarget{std::nullopt, "body/hol-1", At(7, 41, "/cameras/cam/nodes/2/focus")};
  Node& lens = test.AddCameraNode(0, "lens", "0", "1");
  lens.mutable_rare().look_at = LocatedString{"cam/tip", At(8, 40, "/cameras/cam/nodes/3/look_at")};
  size_t pivot = test.AddObject("pivot");
  Node& far = test.AddCameraNode(0, "far", "0", "1");
  far.mutable_rare().look_at = LocatedString{"pivot/x", At(9, 40, "/cameras/cam/nodes/4/look_at")};
  (void)pivot;
  EXPECT_EQ(
      (std::vector<Reported>{
          {"E_OBJECT_MISSING", "/cameras/cam/focus", 3, 12,
           "camera 'cam' focuses on unknown object 'bdy' (did you mean 'body'?)"},
          {"E_OBJECT_MISSING", "/cameras/cam/nodes/0/look_at", 5, 40,
           "node 'cam.aim' looks at unknown object 'bdy' (did you mean 'body'?)"},
          {"E_MARKER_MISSING", "/cameras/cam/nodes/1/look_at", 6, 40,
           "node 'cam.mark' looks at unknown marker 'hole-9' of object 'body' (model 'plate') "
           "(did you mean 'hole-1'?)"},
          {"E_MARKER_MISSING", "/cameras/cam/nodes/2/focus", 7, 41,
           "node 'cam.pull' focuses on unknown marker 'hol-1' of object 'body' (model 'plate') "
           "(did you mean 'hole-1'?)"},
          {"E_MARKER_MISSING", "/cameras/cam/nodes/3/look_at", 8, 40,
           "node 'cam.lens' looks at marker 'tip' of camera 'cam', which has no markers"},
          {"E_MARKER_MISSING", "/cameras/cam/nodes/4/look_at", 9, 40,
           "node 'cam.far' looks at marker 'x' of object 'pivot', which has no model"}}),
      CheckReferences(test));
}

TEST(CameraReferenceTest, ShotsMustNameACamera) {
  TestScene test = CameraReferenceScene();
  Node open;
  open.owner = "director";
  open.id = "open";
  open.mutable_rare().shot = Shot{"cma", {}, std::nullopt, At(20, 22, "/director/nodes/0/shot")};
  Node second;
  second.owner = "director";
  second.index = 1;
  second.mutable_rare().shot = Shot{"body", {}, std::nullopt, At(21, 22, "/director/nodes/1/shot")};
  test.scene.director_nodes = {open, second};
  EXPECT_EQ((std::vector<Reported>{
                {"E_OBJECT_MISSING", "/director/nodes/0/shot", 20, 22,
                 "node 'director.open' shows unknown camera 'cma' (did you mean 'cam'?)"},
                {"E_OBJECT_MISSING", "/director/nodes/1/shot", 21, 22,
                 "node 'director#1' shows 'body', which is an object, not a camera"}}),
            CheckReferences(test));
}

}  // namespace
}  // namespace cinc
