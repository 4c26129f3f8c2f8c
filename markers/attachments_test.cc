// Attachments, mates, spins and chains (docs/attachments.md) against closed forms
// worked out in the comments, plus E_MARKER_CYCLE.
#include <gtest/gtest.h>

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtx/quaternion.hpp>

#include "core/test_paths.h"
#include "markers/pose.h"
#include "markers/rig.h"
#include "markers/state.h"
#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::AddModel;
using test_support::MakeMarker;
using test_support::TestScene;
using test_support::Time;

void ExpectNear(const Vec3& expected, const Vec3& actual, double tolerance) {
  EXPECT_NEAR(expected.x, actual.x, tolerance);
  EXPECT_NEAR(expected.y, actual.y, tolerance);
  EXPECT_NEAR(expected.z, actual.z, tolerance);
}

void ExpectSameRotation(const Quat& expected, const Quat& actual, double radians) {
  EXPECT_LE(AngleBetween(expected, actual), radians)
      << "expected " << expected.w << " " << expected.x << " " << expected.y << " " << expected.z
      << ", got " << actual.w << " " << actual.x << " " << actual.y << " " << actual.z;
}

Attach AttachTo(const std::string& to, const std::string& mate = "") {
  Attach attach;
  attach.to = to;
  attach.mate = mate;
  attach.origin.location = {1, 1};
  attach.origin.pointer = testing::TestPath("/attach/" + to);
  return attach;
}

// An independent composition by 4x4 matrices, for the closed forms.
glm::dmat4 Matrix(const Vec3& position, const Quat& rotation) {
  return glm::translate(glm::dmat4(1), position) * glm::mat4_cast(rotation);
}
Vec3 Origin(const glm::dmat4& matrix) { return Vec3(matrix[3]); }

const Quat kYaw90 = QuatFromAxisAngle(Vec3(0, 1, 0), kPi / 2);
const Quat kRoll90 = QuatFromAxisAngle(Vec3(0, 0, 1), kPi / 2);

TEST(AttachmentsTest, PartOnABodySpinningAboutYTracesTheCircle) {
  // body at p_B = (1, 0, 2) spins one turn about +Y over [0, 4]: theta(t) =
  // 90 t degrees. The part is attached at 0 (d = 0) with offset (0.5, 0, 0),
  // so W_part(t) = R_y(theta) (0.5, 0, 0) + p_B = (1 + 0.5 cos, 0, 2 - 0.5 sin).
  TestScene test;
  size_t body = test.AddObject("body");
  size_t part = test.AddObject("part");
  test.scene.objects[body].position = Vec3(1, 0, 2);
  Node& spin = test.AddObjectNode(body, "spin", "0", "4");
  spin.mutable_rare().spin = Spin{Vec3(0, 1, 0), 360, {}};
  Attach attach = AttachTo("body");
  attach.offset = Transform{Vec3(0.5, 0, 0), Quat(1, 0, 0, 0)};
  test.AddObjectNode(part, "place", "0", "0").mutable_rare().attach = attach;
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  for (const char* t : {"0.5", "1", "2.5", "3", "4"}) {
    double theta = Radians(90 * Time(t).ToDouble());
    RigidPose pose = WorldPoseAt(rig, OwnerRef::Object(part), Time(t));
    ExpectNear(Vec3(1 + 0.5 * std::cos(theta), 0, 2 - 0.5 * std::sin(theta)), pose.position, 1e-12);
    ExpectSameRotation(QuatFromAxisAngle(Vec3(0, 1, 0), theta), pose.rotation, 1e-12);
  }
  SceneState state = EvaluateState(test.scene, rig, Time("1"));
  EXPECT_EQ("body", state.objects[part].frame);
  EXPECT_EQ("world", state.objects[body].frame);
}

TEST(AttachmentsTest, MateOfTwoMarkersLandsOnTheProduct) {
  // Hole at t_m = (0.1, 0.05, 0) turned 90 degrees about Z; the screw's mate
  // marker at t_a = (0, -0.02, 0). After E: W = [Rz90, t_m] * [I, -t_a]
  // = (0.1, 0.05, 0) + Rz90 (0, 0.02, 0) = (0.1 - 0.02, 0.05, 0) = (0.08, 0.05, 0),
  // turned Rz90; its mate marker is then W * t_a = (0.08, 0.05, 0) +
  // Rz90 (0, -0.02, 0) = (0.1, 0.05, 0): on the hole.
  TestScene test;
  AddModel(&test, "body-model", {MakeMarker("hole", Vec3(0.1, 0.05, 0), kRoll90)});
  AddModel(&test, "screw-model", {MakeMarker("tip", Vec3(0, -0.02, 0))});
  size_t body = test.AddObject("body");
  size_t screw = test.AddObject("screw");
  test.scene.objects[body].model = "body-model";
  test.scene.objects[screw].model = "screw-model";
  test.scene.objects[screw].position = Vec3(0.3, 0.4, 0);
  test.AddObjectNode(screw, "place", "0", "1").mutable_rare().attach = AttachTo("body/hole", "tip");
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  RigidPose landed = WorldPoseAt(rig, OwnerRef::Object(screw), Time("1"));
  ExpectNear(Vec3(0.08, 0.05, 0), landed.position, 1e-15);
  ExpectSameRotation(kRoll90, landed.rotation, 1e-12);
  ExpectNear(Vec3(0.1, 0.05, 0), landed.position + landed.rotation * Vec3(0, -0.02, 0), 1e-15);
  // Nothing jumps at S: the initial pose.
  RigidPose start = WorldPoseAt(rig, OwnerRef::Object(screw), Time("0"));
  ExpectNear(Vec3(0.3, 0.4, 0), start.position, 1e-15);
  ExpectSameRotation(Quat(1, 0, 0, 0), start.rotation, 1e-12);
  EXPECT_EQ("body/hole", EvaluateState(test.scene, rig, Time("0.5")).objects[screw].frame);
}

TEST(AttachmentsTest, MateOnAMovedAndTurnedBody) {
  // The same mate on a body at (1, 2, 3) with yaw 90: Ry90 (x, y, z) = (z, y, -x),
  // so W = (1, 2, 3) + Ry90 (0.08, 0.05, 0) = (1, 2.05, 2.92).
  TestScene test;
  AddModel(&test, "body-model", {MakeMarker("hole", Vec3(0.1, 0.05, 0), kRoll90)});
  AddModel(&test, "screw-model", {MakeMarker("tip", Vec3(0, -0.02, 0))});
  size_t body = test.AddObject("body");
  size_t screw = test.AddObject("screw");
  test.scene.objects[body].model = "body-model";
  test.scene.objects[body].position = Vec3(1, 2, 3);
  test.scene.objects[body].rotation = kYaw90;
  test.scene.objects[screw].model = "screw-model";
  test.AddObjectNode(screw, "place", "0", "1").mutable_rare().attach = AttachTo("body/hole", "tip");
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  RigidPose landed = WorldPoseAt(rig, OwnerRef::Object(screw), Time("2"));
  ExpectNear(Vec3(1, 2.05, 2.92), landed.position, 1e-14);
  ExpectSameRotation(kYaw90 * kRoll90, landed.rotation, 1e-12);
}

// The world pose just before t (segments and frames chosen a nanosecond
// earlier, evaluated at t): the left limit.
RigidPose LeftLimit(const Rig& rig, OwnerRef owner, const ExactTime& t) {
  return WorldPoseWithin(rig, owner, t - Time("0.000000001"), t);
}

TEST(AttachmentsTest, SeparateAndRecombineDoNotJump) {
  // The body moves and turns over [0, 4]. The screw attaches over [1, 2],
  // separates (position) over [2.5, 3], re-attaches over [3.2, 3.8].
  TestScene test;
  AddModel(&test, "body-model", {MakeMarker("hole", Vec3(0.1, 0.2, 0.3), kRoll90)});
  size_t body = test.AddObject("body");
  size_t screw = test.AddObject("screw");
  test.scene.objects[body].model = "body-model";
  Node& move = test.AddObjectNode(body, "move", "0", "4");
  move.position = Vec3(4, 1, -2);
  move.rotation = QuatFromEulerDegrees(Vec3(20, 130, -10));
  move.ease = *Ease::FromName("ease_in_out");
  test.scene.objects[screw].position = Vec3(0.5, 0.5, 0.5);
  test.AddObjectNode(screw, "attach", "1", "2").mutable_rare().attach = AttachTo("body/hole");
  Node& separate = test.AddObjectNode(screw, "separate", "2.5", "3");
  separate.position = Vec3(0, 1, 0);
  test.AddObjectNode(screw, "again", "3.2", "3.8").mutable_rare().attach = AttachTo("body/hole");
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  OwnerRef owner = OwnerRef::Object(screw);
  for (const char* s : {"1", "2.5", "3.2"}) {
    RigidPose before = LeftLimit(rig, owner, Time(s));
    RigidPose at = WorldPoseAt(rig, owner, Time(s));
    ExpectNear(before.position, at.position, 1e-12);
    ExpectSameRotation(before.rotation, at.rotation, 1e-12);
  }
  // While attached after E it moves with the body: on the hole.
  for (const char* t : {"2", "2.25", "3.8", "3.9"}) {
    RigidPose body_pose = WorldPoseAt(rig, OwnerRef::Object(body), Time(t));
    glm::dmat4 hole =
        Matrix(body_pose.position, body_pose.rotation) * Matrix(Vec3(0.1, 0.2, 0.3), kRoll90);
    RigidPose pose = WorldPoseAt(rig, owner, Time(t));
    ExpectNear(Origin(hole), pose.position, 1e-12);
    ExpectSameRotation(glm::quat_cast(glm::dmat3(hole)), pose.rotation, 1e-9);
  }
  // Separated: the position arrives at its world target, the rotation keeps W(2.5)'s.
  RigidPose separated = WorldPoseAt(rig, owner, Time("3"));
  ExpectNear(Vec3(0, 1, 0), separated.position, 0);
  ExpectSameRotation(WorldPoseAt(rig, owner, Time("2.5")).rotation, separated.rotation, 1e-12);
  EXPECT_EQ("world", EvaluateState(test.scene, rig, Time("3")).objects[screw].frame);
  EXPECT_EQ("body/hole", EvaluateState(test.scene, rig, Time("3.2")).objects[screw].frame);
}

TEST(AttachmentsTest, AChainOfTwoFollowsTheBody) {
  // washer on screw/top on body/hole, all attached at 0 (d = 0); the body
  // slides from 0 to (2, 0, 0) with yaw 90 over [0, 2]. Closed form:
  // W_washer = [Ry90, p_B(t)] * [Rz90, hole] * [I, top].
  TestScene test;
  AddModel(&test, "body-model", {MakeMarker("hole", Vec3(0.1, 0.05, 0), kRoll90)});
  AddModel(&test, "screw-model", {MakeMarker("top", Vec3(0, 0.03, 0))});
  size_t washer = test.AddObject("washer");  // first in the file: evaluated in dependency order
  size_t screw = test.AddObject("screw");
  size_t body = test.AddObject("body");
  test.scene.objects[body].model = "body-model";
  test.scene.objects[body].rotation = kYaw90;
  test.scene.objects[screw].model = "screw-model";
  test.AddObjectNode(body, "slide", "0", "2").position = Vec3(2, 0, 0);
  test.AddObjectNode(washer, "on", "0", "0").mutable_rare().attach = AttachTo("screw/top");
  test.AddObjectNode(screw, "in", "0", "0").mutable_rare().attach = AttachTo("body/hole");
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  for (const char* t : {"0", "0.5", "1.25", "2", "3"}) {
    double x = std::min(2.0, Time(t).ToDouble());
    glm::dmat4 expected = Matrix(Vec3(x, 0, 0), kYaw90) * Matrix(Vec3(0.1, 0.05, 0), kRoll90) *
                          Matrix(Vec3(0, 0.03, 0), Quat(1, 0, 0, 0));
    RigidPose pose = WorldPoseAt(rig, OwnerRef::Object(washer), Time(t));
    ExpectNear(Origin(expected), pose.position, 1e-12);
    ExpectSameRotation(glm::quat_cast(glm::dmat3(expected)), pose.rotation, 1e-9);
  }
  EXPECT_EQ("screw/top", EvaluateState(test.scene, rig, Time("1")).objects[washer].frame);
}

TEST(AttachmentsTest, MarkerTranslationIsScaledByTheParentsScale) {
  // Hole at (0.1, 0.1, 0.1) on a body of scale (2, 3, 1) -> (0.2, 0.3, 0.1);
  // the scale goes to 1 over [0, 2], so at 1 it is (1.5, 2, 1) -> (0.15, 0.2, 0.1).
  // Offsets and the child's own scale are not scaled.
  TestScene test;
  AddModel(&test, "body-model", {MakeMarker("hole", Vec3(0.1, 0.1, 0.1))});
  size_t body = test.AddObject("body");
  size_t screw = test.AddObject("screw");
  test.scene.objects[body].model = "body-model";
  test.scene.objects[body].scale = Vec3(2, 3, 1);
  test.scene.objects[screw].scale = Vec3(5, 5, 5);
  test.AddObjectNode(body, "shrink", "0", "2").scale = Vec3(1, 1, 1);
  Attach attach = AttachTo("body/hole");
  attach.offset = Transform{Vec3(0, 0.01, 0), Quat(1, 0, 0, 0)};
  test.AddObjectNode(screw, "in", "0", "0").mutable_rare().attach = attach;
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  ExpectNear(Vec3(0.2, 0.31, 0.1), WorldPoseAt(rig, OwnerRef::Object(screw), Time("0")).position,
             1e-15);
  ExpectNear(Vec3(0.15, 0.21, 0.1), WorldPoseAt(rig, OwnerRef::Object(screw), Time("1")).position,
             1e-15);
  EXPECT_EQ(Vec3(5, 5, 5), EvaluateState(test.scene, rig, Time("1")).objects[screw].scale);
}

TEST(AttachmentsTest, SpinCombinesWithAttachAndStaysApplied) {
  // A screw driven in: attach to the hole over [0, 2] while spinning 2 turns
  // about its own +Y. L(t) = interp(L_from, I, u) * Ry(720 u); after E the
  // turn stays: at 3 the rotation is the hole's (identity) turned 720 = identity;
  // at 1.5 (u = 0.75 linear, L_from's rotation identity) it is Ry(540) = Ry(180).
  TestScene test;
  AddModel(&test, "body-model", {MakeMarker("hole", Vec3(0, 0.1, 0))});
  size_t body = test.AddObject("body");
  size_t screw = test.AddObject("screw");
  test.scene.objects[body].model = "body-model";
  test.scene.objects[screw].position = Vec3(0, 0.5, 0);
  Node& drive = test.AddObjectNode(screw, "drive", "0", "2");
  drive.mutable_rare().attach = AttachTo("body/hole");
  drive.mutable_rare().spin = Spin{Vec3(0, 1, 0), 720, {}};
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  RigidPose mid = WorldPoseAt(rig, OwnerRef::Object(screw), Time("1.5"));
  ExpectNear(Vec3(0, 0.1 + 0.4 * 0.25, 0), mid.position, 1e-15);
  ExpectSameRotation(QuatFromAxisAngle(Vec3(0, 1, 0), kPi), mid.rotation, 1e-12);
  ExpectSameRotation(Quat(1, 0, 0, 0),
                     WorldPoseAt(rig, OwnerRef::Object(screw), Time("3")).rotation, 1e-12);
}

TEST(AttachmentsTest, RotationWithoutPositionStaysAttached) {
  // Attached to the moving body, a rotation node turns L in the frame; the
  // object keeps following the body.
  TestScene test;
  size_t body = test.AddObject("body");
  size_t part = test.AddObject("part");
  test.AddObjectNode(body, "slide", "0", "4").position = Vec3(4, 0, 0);
  test.AddObjectNode(part, "on", "0", "0").mutable_rare().attach = AttachTo("body");
  test.AddObjectNode(part, "turn", "1", "2").rotation = kYaw90;
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  RigidPose pose = WorldPoseAt(rig, OwnerRef::Object(part), Time("3"));
  ExpectNear(Vec3(3, 0, 0), pose.position, 1e-15);
  ExpectSameRotation(kYaw90, pose.rotation, 1e-12);
  EXPECT_EQ("body", EvaluateState(test.scene, rig, Time("3")).objects[part].frame);
}

TEST(AttachmentsTest, CameraAttachedToAnObject) {
  TestScene test;
  size_t body = test.AddObject("body");
  size_t main = test.AddCamera("main");
  test.scene.cameras[main].position = Vec3(0, 1, 5);
  test.AddObjectNode(body, "slide", "0", "2").position = Vec3(2, 0, 0);
  test.AddCameraNode(main, "follow", "0", "0").mutable_rare().attach = AttachTo("body");
  // Attached with d = 0 and no offset, L_to is identity: the camera jumps to the body.
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  ExpectNear(Vec3(1, 0, 0), WorldPoseAt(rig, OwnerRef::Camera(main), Time("1")).position, 1e-15);
  EXPECT_EQ("body", EvaluateState(test.scene, rig, Time("1")).cameras[main].frame);
}

// --- E_MARKER_CYCLE -----------------------------------------------------------

std::vector<std::string> Messages(const Diagnostics& diagnostics, std::string_view code) {
  std::vector<std::string> messages;
  for (const Diagnostic& diagnostic : diagnostics.items()) {
    if (diagnostic.code_name() == code) messages.push_back(diagnostic.message);
  }
  return messages;
}

TEST(AttachmentsTest, TwoCycleOverTheOverlap) {
  // a follows b over [1, 3), b follows a over [1.5, 4): the cycle is [1.5, 3).
  TestScene test;
  size_t a = test.AddObject("a");
  size_t b = test.AddObject("b");
  test.AddObjectNode(a, "on-b", "1", "1.2").mutable_rare().attach = AttachTo("b");
  test.AddObjectNode(a, "off", "3", "3.5").position = Vec3(0, 0, 0);
  test.AddObjectNode(b, "on-a", "1.5", "2").mutable_rare().attach = AttachTo("a");
  test.AddObjectNode(b, "off", "4", "4.5").position = Vec3(1, 0, 0);
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  ASSERT_EQ(std::vector<std::string>{"attachment cycle: a -> b -> a over [1.5, 3) s"},
            Messages(diagnostics, "E_MARKER_CYCLE"));
  // Reported at a's attach (a comes first in the file).
  for (const Diagnostic& diagnostic : diagnostics.items()) {
    if (diagnostic.code_name() == "E_MARKER_CYCLE") {
      EXPECT_EQ("/attach/b", diagnostic.path);
    }
  }
  // The rig stays evaluable (the closing attachment is cut).
  WorldPoseAt(rig, OwnerRef::Object(a), Time("2"));
}

TEST(AttachmentsTest, ThreeCycleIsRotatedToTheFirstObjectInTheFile) {
  // a -> b from 0.5, c -> a from 1, b -> c from 2 closes it; all last to the
  // end of the sequence (3 s): closed on the right.
  TestScene test;
  size_t a = test.AddObject("a");
  size_t b = test.AddObject("b");
  size_t c = test.AddObject("c");
  test.AddObjectNode(a, "x", "0.5", "0.5").mutable_rare().attach = AttachTo("b");
  test.AddObjectNode(c, "x", "1", "1").mutable_rare().attach = AttachTo("a");
  test.AddObjectNode(b, "x", "2", "3").mutable_rare().attach = AttachTo("c");
  Diagnostics diagnostics;
  BuildRig(test.scene, test.timeline, &diagnostics);
  EXPECT_EQ(std::vector<std::string>{"attachment cycle: a -> b -> c -> a over [2, 3] s"},
            Messages(diagnostics, "E_MARKER_CYCLE"));
}

TEST(AttachmentsTest, CycleOnlyAtDifferentTimesIsFine) {
  // a follows b over [0, 1); b follows a from 1 (half-open: no overlap).
  TestScene test;
  size_t a = test.AddObject("a");
  size_t b = test.AddObject("b");
  test.AddObjectNode(a, "on", "0", "0.5").mutable_rare().attach = AttachTo("b");
  test.AddObjectNode(a, "off", "1", "1.5").position = Vec3(0, 1, 0);
  test.AddObjectNode(b, "on", "1", "2").mutable_rare().attach = AttachTo("a");
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  EXPECT_TRUE(Messages(diagnostics, "E_MARKER_CYCLE").empty());
  // b lands on a's origin at 2, where a has arrived at (0, 1, 0).
  ExpectNear(Vec3(0, 1, 0), WorldPoseAt(rig, OwnerRef::Object(b), Time("2")).position, 1e-15);
}

TEST(AttachmentsTest, SelfAttachmentIsACycle) {
  TestScene test;
  size_t a = test.AddObject("a");
  test.AddObjectNode(a, "self", "1", "2").mutable_rare().attach = AttachTo("a");
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  EXPECT_EQ(std::vector<std::string>{"attachment cycle: a -> a over [1, 2] s"},
            Messages(diagnostics, "E_MARKER_CYCLE"));
  EXPECT_EQ("world", EvaluateState(test.scene, rig, Time("1.5")).objects[a].frame);
}

}  // namespace
}  // namespace cinc

namespace cinc {
namespace {

Attach Inserting(const std::string& into, const std::string& mate, double from) {
  Attach attach = AttachTo(into, mate);
  attach.verb = AttachVerb::kInsert;
  attach.approach = from;
  return attach;
}

// A screw as the loader writes it: D = turns x pitch, -360 turns degrees
// for a right-hand thread.
Attach Screwing(const std::string& into, const std::string& mate, double turns, double pitch,
                bool left_hand) {
  Attach attach = AttachTo(into, mate);
  attach.verb = AttachVerb::kScrew;
  attach.approach = turns * pitch;
  attach.screw_degrees = (left_hand ? 360 : -360) * turns;
  return attach;
}

TEST(AssemblyVerbsTest, AnInsertGoesStraightDownTheTurnedHolesAxis) {
  // The hole at t_m = (0.1, 0.05, 0) turned Rz90, so its +Y is the world's
  // -X; the part's mate at (0, -0.02, 0), so L_mate = [I, (0, 0.02, 0)].
  // Over [1, 3] with u = (t - 1) / 2 the world position is
  // t_m + Rz90 (0, 0.02 + 0.04 (1 - u), 0) = (0.1 - 0.02 - 0.04 (1 - u), 0.05, 0),
  // turned Rz90 all the way; before S the part is where it was.
  TestScene test;
  AddModel(&test, "body-model", {MakeMarker("hole", Vec3(0.1, 0.05, 0), kRoll90)});
  AddModel(&test, "pin-model", {MakeMarker("tip", Vec3(0, -0.02, 0))});
  size_t body = test.AddObject("body");
  size_t pin = test.AddObject("pin");
  test.scene.objects[body].model = "body-model";
  test.scene.objects[pin].model = "pin-model";
  test.scene.objects[pin].position = Vec3(0.3, 0.4, 0);
  test.AddObjectNode(pin, "in", "1", "3").mutable_rare().attach =
      Inserting("body/hole", "tip", 0.04);
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  ASSERT_TRUE(diagnostics.items().empty());
  OwnerRef part = OwnerRef::Object(pin);
  ExpectNear(Vec3(0.3, 0.4, 0), WorldPoseAt(rig, part, Time("0.5")).position, 1e-15);
  const struct {
    const char* time;
    Vec3 position;
  } expected[] = {{"1", Vec3(0.04, 0.05, 0)},
                  {"2", Vec3(0.06, 0.05, 0)},
                  {"3", Vec3(0.08, 0.05, 0)},
                  {"4", Vec3(0.08, 0.05, 0)}};
  for (const auto& at : expected) {
    RigidPose pose = WorldPoseAt(rig, part, Time(at.time));
    ExpectNear(at.position, pose.position, 1e-15);
    ExpectSameRotation(kRoll90, pose.rotation, 1e-12);
  }
  EXPECT_EQ("body/hole", EvaluateState(test.scene, rig, Time("4")).objects[pin].frame);
}

// L(u) = T(0, D (1 - u), 0) Ry(a u) L_mate in the hole's frame, composed
// with 4x4 matrices apart from the rig's own code.
glm::dmat4 ScrewMatrix(const Vec3& hole, double travel, double degrees, const Vec3& mate,
                       double u) {
  return Matrix(hole, Quat(1, 0, 0, 0)) * Matrix(Vec3(0, travel * (1 - u), 0), Quat(1, 0, 0, 0)) *
         Matrix(Vec3(0), QuatFromAxisAngle(Vec3(0, 1, 0), Radians(degrees * u))) *
         Matrix(-mate, Quat(1, 0, 0, 0));
}

void ExpectScrewPath(bool left_hand) {
  // An upright hole at (0, 0.01, 0); the screw's mate off its axis at
  // (0.01, -0.02, 0), so the position turns with the thread (a helix).
  // 2 turns of a 5 mm pitch over [0, 2]: D = 0.01, u = t / 2.
  TestScene test;
  AddModel(&test, "body-model", {MakeMarker("hole", Vec3(0, 0.01, 0))});
  AddModel(&test, "screw-model", {MakeMarker("tip", Vec3(0.01, -0.02, 0))});
  size_t body = test.AddObject("body");
  size_t screw = test.AddObject("screw");
  test.scene.objects[body].model = "body-model";
  test.scene.objects[screw].model = "screw-model";
  test.AddObjectNode(screw, "drive", "0", "2").mutable_rare().attach =
      Screwing("body/hole", "tip", 2, 0.005, left_hand);
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  OwnerRef part = OwnerRef::Object(screw);
  const double degrees = left_hand ? 720 : -720;
  for (const char* time : {"0", "0.25", "0.5", "0.8", "1", "1.5", "2", "2.5"}) {
    double u = std::min(std::stod(time) / 2, 1.0);
    glm::dmat4 expected = ScrewMatrix(Vec3(0, 0.01, 0), 0.01, degrees, Vec3(0.01, -0.02, 0), u);
    RigidPose pose = WorldPoseAt(rig, part, Time(time));
    ExpectNear(Origin(expected), pose.position, 1e-15);
    ExpectSameRotation(glm::quat_cast(glm::dmat3(expected)), pose.rotation, 1e-12);
  }
  // By hand at t = 0.25 (u = 1/8, a quarter turn): Ry(-90) (-0.01, 0.02, 0)
  // = (0, 0.02, -0.01) for a right hand, Ry(+90) gives (0, 0.02, +0.01);
  // plus the hole and 7/8 of D: y = 0.01 + 0.00875 + 0.02.
  RigidPose quarter = WorldPoseAt(rig, part, Time("0.25"));
  ExpectNear(Vec3(0, 0.03875, left_hand ? 0.01 : -0.01), quarter.position, 1e-15);
  ExpectSameRotation(QuatFromAxisAngle(Vec3(0, 1, 0), Radians(left_hand ? 90 : -90)),
                     quarter.rotation, 1e-12);
  // Seen from +Y a right-hand thread turns clockwise: +X goes to +Z first.
  Vec3 x_axis = quarter.rotation * Vec3(1, 0, 0);
  ExpectNear(left_hand ? Vec3(0, 0, -1) : Vec3(0, 0, 1), x_axis, 1e-12);
  // At the end the mate marker sits on the hole.
  RigidPose landed = WorldPoseAt(rig, part, Time("2"));
  ExpectNear(Vec3(0, 0.01, 0), landed.position + landed.rotation * Vec3(0.01, -0.02, 0), 1e-15);
}

TEST(AssemblyVerbsTest, ARightHandScrewTurnsClockwiseAsItAdvances) { ExpectScrewPath(false); }
TEST(AssemblyVerbsTest, ALeftHandScrewTurnsTheOtherWay) { ExpectScrewPath(true); }

}  // namespace
}  // namespace cinc
