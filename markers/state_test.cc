// Tests of EvaluateState and StateToJson (docs/state.md, `cinc eval`).
#include "markers/state.h"

#include <gtest/gtest.h>

#include "core/json_writer.h"
#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::TestScene;
using test_support::Time;

SceneState Evaluate(const TestScene& test, std::string_view time) {
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  return EvaluateState(test.scene, rig, Time(time));
}

TEST(StateTest, ExactShapeAndBytes) {
  // A box moving 0 -> (2, 4, 6) over [0, 2] and fading in, read at 0.5
  // (u = 0.25); a camera with no focus. Keys in the documented order.
  TestScene test;
  size_t box = test.AddObject("box");
  Node& move = test.AddObjectNode(box, "in", "0", "2");
  move.position = Vec3(2, 4, 6);
  move.opacity = 1;
  test.AddCamera("main");
  std::string text = WriteJson(StateToJson(test.scene, Evaluate(test, "0.5")));
  EXPECT_EQ(R"({
  "time": 0.5,
  "objects": {
    "box": {"position": [0.5, 1, 1.5], "quaternion": [0, 0, 0, 1], "rotation": [0, 0, 0], "scale": [1, 1, 1], "opacity": 0.25, "frame": "world"}
  },
  "cameras": {
    "main": {"position": [0, 0, 0], "quaternion": [0, 0, 0, 1], "rotation": [0, 0, 0], "fov": 60, "focus": null, "aperture": 2.8, "frame": "world"}
  }
}
)",
            text);
}

TEST(StateTest, ObjectsAndCamerasInFileOrder) {
  TestScene test;
  test.AddObject("zeta");
  test.AddObject("alpha");
  test.AddCamera("side");
  test.AddCamera("main");
  Json json = StateToJson(test.scene, Evaluate(test, "0"));
  std::vector<std::string> objects;
  for (auto& [name, value] : json["objects"].items()) objects.push_back(name);
  std::vector<std::string> cameras;
  for (auto& [name, value] : json["cameras"].items()) cameras.push_back(name);
  EXPECT_EQ((std::vector<std::string>{"zeta", "alpha"}), objects);
  EXPECT_EQ((std::vector<std::string>{"side", "main"}), cameras);
}

TEST(StateTest, OpacityDefaultsToZero) {
  TestScene test;
  test.AddObject("hidden");
  Json json = StateToJson(test.scene, Evaluate(test, "0"));
  EXPECT_EQ(0.0, json["objects"]["hidden"]["opacity"].get<double>());
}

TEST(StateTest, CanonicalEulerRoundTrips) {
  // [30, 45, 0] written as a rotation comes back as [30, 45, 0].
  TestScene test;
  size_t a = test.AddObject("a");
  test.scene.objects[a].rotation = QuatFromEulerDegrees(Vec3(30, 45, 0));
  Json json = StateToJson(test.scene, Evaluate(test, "0"));
  const Json& rotation = json["objects"]["a"]["rotation"];
  ASSERT_EQ(3u, rotation.size());
  EXPECT_NEAR(30, rotation[0].get<double>(), 1e-12);
  EXPECT_NEAR(45, rotation[1].get<double>(), 1e-12);
  EXPECT_NEAR(0, rotation[2].get<double>(), 1e-12);
}

TEST(StateTest, PitchBeyondNinetyIsWrittenCanonically) {
  // [120, 0, 0] is [60, 180, 180] (the canonical pitch is in [-90, 90]).
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "tilt", "0", "1").rotation = QuatFromEulerDegrees(Vec3(120, 0, 0));
  Json json = StateToJson(test.scene, Evaluate(test, "1"));
  const Json& rotation = json["objects"]["a"]["rotation"];
  EXPECT_NEAR(60, rotation[0].get<double>(), 1e-12);
  EXPECT_NEAR(180, rotation[1].get<double>(), 1e-12);
  EXPECT_NEAR(180, rotation[2].get<double>(), 1e-12);
}

TEST(StateTest, QuaternionIsWrittenWithNonNegativeW) {
  // (x, y, z, w) = (0, -0.6, 0, -0.8) is the rotation (0, 0.6, 0, 0.8).
  TestScene test;
  size_t a = test.AddObject("a");
  test.scene.objects[a].rotation = Quat(-0.8, 0, -0.6, 0);
  Json json = StateToJson(test.scene, Evaluate(test, "0"));
  const Json& quaternion = json["objects"]["a"]["quaternion"];
  EXPECT_EQ(0, quaternion[0].get<double>());
  EXPECT_EQ(0.6, quaternion[1].get<double>());
  EXPECT_EQ(0, quaternion[2].get<double>());
  EXPECT_EQ(0.8, quaternion[3].get<double>());
  // No "-0" in the bytes.
  EXPECT_EQ("[0,0.6,0,0.8]", WriteCompactJson(quaternion));
}

TEST(StateTest, HalfTurnQuaternionHasAPositiveAxis) {
  // w = 0: q and -q both qualify; the largest vector component is made positive.
  Quat canonical = CanonicalQuaternion(Quat(0, 0.6, -0.8, 0));
  EXPECT_EQ(Quat(0, -0.6, 0.8, 0), canonical);
  EXPECT_FALSE(std::signbit(canonical.w));
}

TEST(StateTest, CameraFocusIsNullUntilSetThenANumber) {
  TestScene test;
  size_t main = test.AddCamera("main");
  test.AddCameraNode(main, "focus", "1", "2").mutable_rare().focus = FocusTarget{3, "", {}};
  EXPECT_TRUE(StateToJson(test.scene, Evaluate(test, "0.5"))["cameras"]["main"]["focus"].is_null());
  EXPECT_EQ(3.0,
            StateToJson(test.scene, Evaluate(test, "1"))["cameras"]["main"]["focus"].get<double>());
}

TEST(StateTest, EvaluatesEveryChannel) {
  TestScene test;
  size_t a = test.AddObject("a");
  Node& node = test.AddObjectNode(a, "grow", "0", "4");
  node.scale = Vec3(3, 3, 3);
  node.rotation = QuatFromEulerDegrees(Vec3(0, 90, 0));
  size_t main = test.AddCamera("main");
  Node& zoom = test.AddCameraNode(main, "zoom", "0", "4");
  zoom.mutable_rare().fov = 40;
  zoom.mutable_rare().aperture = 4.8;
  zoom.rotation = QuatFromEulerDegrees(Vec3(-20, 0, 0));
  SceneState state = Evaluate(test, "2");
  EXPECT_EQ(Time("2"), state.time);
  EXPECT_EQ(Vec3(2, 2, 2), state.objects[0].scale);
  EXPECT_NEAR(45, CanonicalEulerDegrees(state.objects[0].rotation).y, 1e-12);
  EXPECT_EQ("world", state.objects[0].frame);
  EXPECT_EQ(50, state.cameras[0].fov);
  EXPECT_EQ(3.8, state.cameras[0].aperture);
  EXPECT_NEAR(-10, CanonicalEulerDegrees(state.cameras[0].rotation).x, 1e-12);
  EXPECT_FALSE(state.cameras[0].focus.has_value());
  EXPECT_EQ("world", state.cameras[0].frame);
}

}  // namespace
}  // namespace cinc
