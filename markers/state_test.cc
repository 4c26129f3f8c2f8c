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

// A scene's `disassembly:` (docs/reverse.md "Disassembly in the scene"): a
// box moves linearly 0 -> (2, 4, 6) over [0, 2] and fades in, then rises to
// (2, 4, 10) over [2, 3]; steps [0, 2] come back from T = 3.5 to 5.5. In
// closed form, at t >= 3.5 the forward time is f = 5.5 - t, the position
// (f, 2f, 3f) and the opacity f / 2; over [3, 3.5) the state at 3 holds.
TEST(StateTest, TheDisassemblyIsTheForwardStateAtTheMirroredTime) {
  TestScene test;
  size_t box = test.AddObject("box");
  Node& in = test.AddObjectNode(box, "in", "0", "2");
  in.position = Vec3(2, 4, 6);
  in.opacity = 1;
  test.AddObjectNode(box, "up", "2", "3").position = Vec3(2, 4, 10);
  DisassemblyTimes disassembly;
  disassembly.start = Time("3.5");
  disassembly.from = Time("0");
  disassembly.to = Time("2");
  disassembly.end = Time("5.5");
  test.timeline.disassembly = disassembly;
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  EXPECT_EQ(PlayedDuration(test.timeline), Time("5.5"));
  for (int k = 0; k <= 128; ++k) {  // t = 3.5 + k / 64: f = 2 - k / 64, exact in binary
    const ExactTime t = Time("3.5") + ExactTime::FromRatio(k, 64);
    const double f = 2 - k / 64.0;
    SceneState played = EvaluatePlayedState(test.scene, test.timeline, rig, t);
    EXPECT_EQ(played.time, t);
    EXPECT_EQ(played.objects[0].position, Vec3(f, 2 * f, 3 * f)) << k;
    EXPECT_EQ(played.objects[0].opacity, f / 2) << k;
    SceneState forward = EvaluateState(test.scene, rig, Time("2") - ExactTime::FromRatio(k, 64));
    EXPECT_EQ(played.objects[0].position, forward.objects[0].position) << k;
    EXPECT_EQ(played.objects[0].rotation, forward.objects[0].rotation) << k;
    EXPECT_EQ(played.objects[0].scale, forward.objects[0].scale) << k;
  }
  // Before T: the forward state, held at its end (3) until T.
  for (const char* held : {"3", "3.2", "3.4999"}) {
    EXPECT_EQ(EvaluatePlayedState(test.scene, test.timeline, rig, Time(held)).objects[0].position,
              Vec3(2, 4, 10))
        << held;
  }
  EXPECT_EQ(EvaluatePlayedState(test.scene, test.timeline, rig, Time("2.5")).objects[0].position,
            Vec3(2, 4, 8));
  // Decimals: 3.8 shows the forward 1.7 exactly (5.5 - 3.8 in exact time).
  EXPECT_EQ(ForwardTime(test.timeline, Time("3.8")), Time("1.7"));
  EXPECT_EQ(ForwardTime(test.timeline, Time("3.5")), Time("2"));
  EXPECT_EQ(ForwardTime(test.timeline, Time("5.5")), Time("0"));
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
