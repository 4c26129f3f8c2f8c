// Keys of attached and spinning owners (emit/pose_keys.h): exact where the
// format can say it, and the runtime's playback within the tolerance at
// 1 kHz where baked.
#include "emit/pose_keys.h"

#include <gtest/gtest.h>

#include <cmath>

#include "emit/emit_transforms.h"
#include "emit/test_support.h"
#include "fit/pose_pieces.h"
#include "markers/pose.h"
#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::TestScene;

Marker MakeMarker(const std::string& name, Vec3 position, Quat rotation = Quat(1, 0, 0, 0)) {
  Marker marker;
  marker.name = name;
  marker.pose = Transform{position, rotation};
  return marker;
}

Attach AttachTo(const std::string& to, const std::string& mate = "") {
  Attach attach;
  attach.to = to;
  attach.mate = mate;
  return attach;
}

Vec3 ToVec3(const std::vector<double>& value) { return Vec3(value[0], value[1], value[2]); }

// The largest position (metres) and rotation (degrees) error of the played
// keys against the exact state at every millisecond of [0, end].
struct ReplayError {
  double position = 0;
  double rotation = 0;
};

ReplayError Replay(const Rig& rig, OwnerRef owner, const PoseKeys& keys, int64_t end_ms) {
  ReplayError error;
  for (int64_t ms = 0; ms <= end_ms; ++ms) {
    RigidPose exact = WorldPoseAt(rig, owner, ExactTime::FromRatio(ms, 1000));
    double t = static_cast<double>(ms) / 1000;
    Vec3 position = ToVec3(testing::PlayKeys(keys.position, t));
    Quat rotation = QuatFromEulerDegrees(ToVec3(testing::PlayKeys(keys.rotation, t)));
    error.position = std::max(error.position, glm::length(position - exact.position));
    error.rotation = std::max(error.rotation, Degrees(AngleBetween(exact.rotation, rotation)));
  }
  return error;
}

void ExpectNoJumpPairs(const Keys& keys) {
  for (size_t i = 1; i < keys.size(); ++i) {
    EXPECT_GT(keys[i].t - keys[i - 1].t, 1e-9) << "keys " << i - 1 << " and " << i;
  }
}

// A body that moves and turns (eased) over [0, 2]; a screw mates with its
// hole over [0.5, 1.5] and then rides along.
TestScene MovingBodyScene() {
  TestScene test;
  Model body_model;
  body_model.name = "body-model";
  body_model.markers = {
      MakeMarker("hole", Vec3(0.1, 0.05, 0.02), QuatFromAxisAngle(Vec3(0, 0, 1), kPi / 2))};
  Model screw_model;
  screw_model.name = "screw-model";
  screw_model.markers = {MakeMarker("tip", Vec3(0, -0.02, 0))};
  test.scene.models = {body_model, screw_model};
  size_t body = test.AddObject("body");
  size_t screw = test.AddObject("screw");
  test.scene.objects[body].model = "body-model";
  test.scene.objects[screw].model = "screw-model";
  test.scene.objects[screw].position = Vec3(0.4, 0.6, 0.1);
  Node& move = test.AddObjectNode(body, "move", "0", "2");
  move.position = Vec3(1, 0.2, -0.5);
  move.rotation = QuatFromEulerDegrees(Vec3(15, 120, -20));
  move.ease = *Ease::FromName("ease_in_out");
  test.AddObjectNode(screw, "place", "0.5", "1.5").mutable_rare().attach =
      AttachTo("body/hole", "tip");
  return test;
}

TEST(PoseKeysTest, AttachedPartOnAMovingBodyPlaysWithinTolerance) {
  TestScene test = MovingBodyScene();
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  ASSERT_TRUE(diagnostics.items().empty());
  OwnerRef screw = OwnerRef::Object(1);
  ASSERT_TRUE(NeedsPoseKeys(rig, screw));
  EXPECT_FALSE(NeedsPoseKeys(rig, OwnerRef::Object(0)));
  Tolerance tolerance;
  PoseKeys keys = EmitPoseKeys(rig, screw, FitSettings{});
  ReplayError error = Replay(rig, screw, keys, 3000);
  EXPECT_LE(error.position, tolerance.position);
  EXPECT_LE(error.rotation, tolerance.rotation);
  EXPECT_EQ(0, keys.position.front().t);
  EXPECT_EQ(0, keys.rotation.front().t);
  EXPECT_EQ(Interpolation::kStep, keys.position.back().interp);
  ExpectNoJumpPairs(keys.position);
  ExpectNoJumpPairs(keys.rotation);
  // Baked, but not wastefully: well under one key per millisecond.
  EXPECT_LT(keys.position.size(), 200u);
  EXPECT_LT(keys.rotation.size(), 200u);
}

TEST(PoseKeysTest, TighterToleranceStillHolds) {
  TestScene test = MovingBodyScene();
  test.scene.tolerance = {0.00001, 0.001};
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  PoseKeys keys = EmitPoseKeys(rig, OwnerRef::Object(1), FitSettingsFor(test.scene));
  ReplayError error = Replay(rig, OwnerRef::Object(1), keys, 3000);
  EXPECT_LE(error.position, 0.00001);
  EXPECT_LE(error.rotation, 0.001);
}

TEST(PoseKeysTest, SpinAboutYIsExactYawTo720) {
  TestScene test;
  size_t wheel = test.AddObject("wheel");
  test.scene.objects[wheel].position = Vec3(1, 2, 3);
  Node& spin = test.AddObjectNode(wheel, "spin", "0", "2");
  spin.mutable_rare().spin = Spin{Vec3(0, 1, 0), 720, {}};
  spin.ease = *Ease::FromName("ease_in_out");
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  PoseKeys keys = EmitPoseKeys(rig, OwnerRef::Object(wheel), FitSettings{});
  ASSERT_EQ(2u, keys.rotation.size());
  EXPECT_EQ(std::vector<double>({0, 0, 0}), keys.rotation[0].value);
  EXPECT_EQ(Interpolation::kLinear, keys.rotation[0].interp);
  EXPECT_EQ((std::array<double, 4>{1.0 / 3, 0, 2.0 / 3, 1}), keys.rotation[0].ease);
  EXPECT_EQ(2, keys.rotation[1].t);
  EXPECT_NEAR(0, keys.rotation[1].value[0], 1e-12);
  EXPECT_NEAR(720, keys.rotation[1].value[1], 1e-9);
  EXPECT_NEAR(0, keys.rotation[1].value[2], 1e-12);
  ASSERT_EQ(1u, keys.position.size());
  EXPECT_EQ(std::vector<double>({1, 2, 3}), keys.position[0].value);
  ReplayError error = Replay(rig, OwnerRef::Object(wheel), keys, 2500);
  EXPECT_LE(error.rotation, 1e-9);
}

TEST(PoseKeysTest, SpinAboutATiltedAxisIsBaked) {
  TestScene test;
  size_t wheel = test.AddObject("wheel");
  test.AddObjectNode(wheel, "spin", "0", "1").mutable_rare().spin =
      Spin{glm::normalize(Vec3(1, 1, 0)), 540, {}};
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  PoseKeys keys = EmitPoseKeys(rig, OwnerRef::Object(wheel), FitSettings{});
  EXPECT_GT(keys.rotation.size(), 2u);
  EXPECT_EQ(Interpolation::kHermite, keys.rotation[0].interp);
  EXPECT_LE(Replay(rig, OwnerRef::Object(wheel), keys, 1500).rotation, Tolerance{}.rotation);
}

TEST(PoseKeysTest, AttachingToAStillParentIsExact) {
  // The body holds at (1, 0, 0) with yaw 90; the part moves onto it over
  // [0, 1]: in world space a lerp (position) and a SLERP about Y (rotation),
  // both written as two linear keys.
  TestScene test;
  size_t body = test.AddObject("body");
  size_t part = test.AddObject("part");
  test.scene.objects[body].position = Vec3(1, 0, 0);
  test.scene.objects[body].rotation = QuatFromAxisAngle(Vec3(0, 1, 0), kPi / 2);
  test.AddObjectNode(part, "on", "0", "1").mutable_rare().attach = AttachTo("body");
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  PoseKeys keys = EmitPoseKeys(rig, OwnerRef::Object(part), FitSettings{});
  ASSERT_EQ(2u, keys.position.size());
  EXPECT_EQ(Interpolation::kLinear, keys.position[0].interp);
  EXPECT_EQ(std::vector<double>({0, 0, 0}), keys.position[0].value);
  EXPECT_NEAR(1, keys.position[1].value[0], 1e-15);
  ASSERT_EQ(2u, keys.rotation.size());
  EXPECT_EQ(Interpolation::kLinear, keys.rotation[0].interp);
  EXPECT_NEAR(90, keys.rotation[1].value[1], 1e-9);
  ReplayError error = Replay(rig, OwnerRef::Object(part), keys, 1500);
  EXPECT_LE(error.position, 1e-12);
  EXPECT_LE(error.rotation, 1e-9);
}

// A part "child" attached at 0 (d = 0) 0.5 above "body", where it stands.
size_t AttachChildAbove(TestScene* test) {
  size_t child = test->AddObject("child");
  test->scene.objects[child].position = Vec3(0, 0.5, 0);
  Attach attach = AttachTo("body");
  attach.offset = Transform{Vec3(0, 0.5, 0), Quat(1, 0, 0, 0)};
  test->AddObjectNode(child, "on", "0", "0").mutable_rare().attach = attach;
  return child;
}

TEST(PoseKeysTest, ASlidingParentCarriesItsChildExactly) {
  // The child is attached at 0 (d = 0) 0.5 above the body; the body slides
  // with ease over [1, 3]: the child's world position is the body's plus a
  // constant, so its keys are the body's move: 2 keys with the ease.
  TestScene test;
  size_t body = test.AddObject("body");
  size_t child = AttachChildAbove(&test);
  Node& slide = test.AddObjectNode(body, "slide", "1", "3");
  slide.position = Vec3(2, 0, 0);
  slide.ease = *Ease::FromName("ease-out");
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  PoseKeys keys = EmitPoseKeys(rig, OwnerRef::Object(child), FitSettings{});
  ASSERT_EQ(3u, keys.position.size());
  EXPECT_EQ(1, keys.position[1].t);
  EXPECT_EQ(Interpolation::kLinear, keys.position[1].interp);
  EXPECT_TRUE(keys.position[1].ease.has_value());
  EXPECT_EQ(std::vector<double>({2, 0.5, 0}), keys.position[2].value);
  ASSERT_EQ(1u, keys.rotation.size());
}

TEST(PoseKeysTest, ACarriersScaleThatScalesNoMarkerAddsNoKeys) {
  // As above, and the body scales over [4, 5] after its slide: the child is
  // on the body's origin, so its pose does not read that scale and holds at
  // (2, 0.5, 0) from 3 on: no key at 4 or 5, with or without the memo of
  // the body written before.
  TestScene test;
  size_t body = test.AddObject("body");
  size_t child = AttachChildAbove(&test);
  test.AddObjectNode(body, "slide", "1", "3").position = Vec3(2, 0, 0);
  test.AddObjectNode(body, "grow", "4", "5").scale = Vec3(2, 2, 2);
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  ChainMemo memo;
  EmitPoseKeys(rig, OwnerRef::Object(body), FitSettings{}, &memo);
  for (ChainMemo* with : {static_cast<ChainMemo*>(nullptr), &memo}) {
    PoseKeys keys = EmitPoseKeys(rig, OwnerRef::Object(child), FitSettings{}, with);
    ASSERT_EQ(3u, keys.position.size());
    EXPECT_EQ(std::vector<double>({0, 0.5, 0}), keys.position[0].value);
    EXPECT_EQ(1, keys.position[1].t);
    EXPECT_EQ(3, keys.position[2].t);
    EXPECT_EQ(std::vector<double>({2, 0.5, 0}), keys.position[2].value);
    ASSERT_EQ(1u, keys.rotation.size());
  }
}

TEST(PoseKeysTest, TransformTrackUsesThePoseKeysOnlyWhenNeeded) {
  TestScene test = MovingBodyScene();
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  EmitSettings settings;
  TransformTrack body = EmitObjectTransform(test.scene.objects[0], rig, 0, settings, FitSettings{});
  TransformTrack plain =
      EmitObjectTransform(test.scene.objects[0], rig.objects[0], settings, FitSettings{});
  EXPECT_EQ(plain.position.size(), body.position.size());
  EXPECT_EQ(plain.rotation.size(), body.rotation.size());
  TransformTrack screw =
      EmitObjectTransform(test.scene.objects[1], rig, 1, settings, FitSettings{});
  EXPECT_EQ("screw", screw.target);
  EXPECT_GT(screw.position.size(), 2u);
  // Hidden (opacity 0) the whole time: scale 0, as for any object.
  ASSERT_EQ(1u, screw.scale.size());
  EXPECT_EQ(std::vector<double>({0, 0, 0}), screw.scale[0].value);
}

}  // namespace
}  // namespace cinc

namespace cinc {
namespace {

// A screw (4 turns of a 5 mm right-hand thread) over [1, 3] into a hole of
// a body that never moves; `mate` sits on the screw's axis or off it.
TestScene ScrewScene(const Quat& hole_rotation, const Vec3& mate) {
  TestScene test;
  Model body_model;
  body_model.name = "body-model";
  body_model.markers = {MakeMarker("hole", Vec3(0.05, 0.01, 0), hole_rotation)};
  Model screw_model;
  screw_model.name = "screw-model";
  screw_model.markers = {MakeMarker("tip", mate)};
  test.scene.models = {body_model, screw_model};
  size_t body = test.AddObject("body");
  size_t screw = test.AddObject("screw");
  test.scene.objects[body].model = "body-model";
  test.scene.objects[body].position = Vec3(0.2, 0, 0);
  test.scene.objects[body].rotation = QuatFromEulerDegrees(Vec3(0, 30, 0));
  test.scene.objects[screw].model = "screw-model";
  Attach screw_in = AttachTo("body/hole", "tip");
  screw_in.verb = AttachVerb::kScrew;
  screw_in.approach = 4 * 0.005;
  screw_in.screw_degrees = -360 * 4;
  test.AddObjectNode(screw, "drive", "1", "3").mutable_rare().attach = screw_in;
  return test;
}

bool AnyHermite(const Keys& keys) {
  return std::any_of(keys.begin(), keys.end(),
                     [](const Key& key) { return key.interp == Interpolation::kHermite; });
}

TEST(PoseKeysTest, AScrewIntoAnUprightHoleIsExact) {
  // The hole's +Y is the world's (the body only turns about Y): the turn is
  // one Euler component (yaw 30 -> 30 - 1440) and the advance a straight line.
  TestScene test = ScrewScene(Quat(1, 0, 0, 0), Vec3(0, -0.02, 0));
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  OwnerRef screw = OwnerRef::Object(1);
  PoseKeys keys = EmitPoseKeys(rig, screw, FitSettings{});
  EXPECT_FALSE(AnyHermite(keys.position));
  EXPECT_FALSE(AnyHermite(keys.rotation));
  ASSERT_EQ(keys.rotation.size(), 3u);  // held before S, the linear turn, held after
  EXPECT_NEAR(keys.rotation[1].value[1], 30, 1e-9);
  EXPECT_NEAR(keys.rotation[2].value[1], 30 - 1440, 1e-9);
  ReplayError error = Replay(rig, screw, keys, 4000);
  EXPECT_LE(error.position, 1e-12);
  EXPECT_LE(error.rotation, 1e-9);
}

TEST(PoseKeysTest, AScrewWhoseMateIsOffItsAxisIsBakedWithinTolerance) {
  // The helix of an off-axis mate, in a tilted hole: no exact form, so
  // hermite keys within the tolerance.
  TestScene test =
      ScrewScene(QuatFromAxisAngle(Vec3(1, 0, 0), Radians(35)), Vec3(0.004, -0.02, 0.002));
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  OwnerRef screw = OwnerRef::Object(1);
  PoseKeys keys = EmitPoseKeys(rig, screw, FitSettings{});
  EXPECT_TRUE(AnyHermite(keys.position));
  Tolerance tolerance;
  ReplayError error = Replay(rig, screw, keys, 4000);
  EXPECT_LE(error.position, tolerance.position);
  EXPECT_LE(error.rotation, tolerance.rotation);
}

}  // namespace
}  // namespace cinc
