// PoseWithin against WorldPoseWithin: the same poses to the bit, for chains
// of attachments on moving, turning, spinning and scaling parents, before,
// inside and after their segments; a look-at owner; an owner the rig does
// not hold. Poses and frame transforms through a PoseMemo: the same bits.
#include "markers/pose.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/test_paths.h"
#include "markers/rig.h"
#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::AddModel;
using test_support::MakeMarker;
using test_support::TestScene;
using test_support::Time;

Attach AttachTo(const std::string& to) {
  Attach attach;
  attach.to = to;
  attach.origin.location = {1, 1};
  attach.origin.pointer = testing::TestPath("/attach/" + to);
  return attach;
}

Spin SpinAbout(Vec3 axis, double degrees) {
  Spin spin;
  spin.axis = axis;
  spin.degrees = degrees;
  return spin;
}

uint64_t Bits(double value) { return std::bit_cast<uint64_t>(value); }

// Every pose of PoseWithin(select) on a grid of double times, before
// `select` too, equals WorldPoseWithin's, component by component, to the
// bit (so -0 is not 0); PositionAt is At's position to the bit.
void ExpectTheSamePoses(const Rig& rig, OwnerRef owner, const char* select) {
  PoseWithin within(rig, owner, Time(select));
  for (int step = -10; step <= 80; ++step) {
    double t = step * 0.05 + 0.0123;
    RigidPose expected = WorldPoseWithin(rig, owner, Time(select), t);
    RigidPose actual = within.At(t);
    Vec3 position = within.PositionAt(t);
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(Bits(expected.position[k]), Bits(actual.position[k]))
          << "select " << select << ", t " << t << ": " << expected.position[k] << " against "
          << actual.position[k];
      EXPECT_EQ(Bits(expected.position[k]), Bits(position[k]))
          << "PositionAt, select " << select << ", t " << t;
    }
    for (int k = 0; k < 4; ++k) {
      EXPECT_EQ(Bits(expected.rotation[k]), Bits(actual.rotation[k]))
          << "select " << select << ", t " << t << ": " << expected.rotation[k] << " against "
          << actual.rotation[k];
    }
  }
}

// washer on screw/top on body/hole. The body slides and turns eased over
// [0, 2], then spins two turns over [2, 3.5]; it shrinks over [1, 2]. The screw
// spins about its own Z over [0.25, 1.5] while attached.
TEST(PoseWithinTest, AChainOfAttachmentsPlaysWorldPoseWithinToTheBit) {
  TestScene test;
  AddModel(&test, "body-model",
           {MakeMarker("hole", Vec3(0.1, 0.05, 0), QuatFromAxisAngle(Vec3(0, 0, 1), 0.7))});
  AddModel(&test, "screw-model", {MakeMarker("top", Vec3(0, 0.03, 0))});
  size_t washer = test.AddObject("washer");
  size_t screw = test.AddObject("screw");
  size_t body = test.AddObject("body");
  test.scene.objects[body].model = "body-model";
  test.scene.objects[body].scale = Vec3(2, 3, 1);
  test.scene.objects[screw].model = "screw-model";
  Node& slide = test.AddObjectNode(body, "slide", "0", "2");
  slide.position = Vec3(2, 0, 1);
  slide.rotation = QuatFromAxisAngle(Vec3(0, 1, 0), 1.2);
  slide.ease = *Ease::FromName("ease-in-out");
  Node& turn = test.AddObjectNode(body, "turn", "2", "3.5");
  turn.mutable_rare().spin = SpinAbout(Vec3(0, 1, 0), 720);
  turn.ease = *Ease::FromName("ease-out");
  test.AddObjectNode(body, "shrink", "1", "2").scale = Vec3(1, 1, 1);
  test.AddObjectNode(screw, "in", "0", "0").mutable_rare().attach = AttachTo("body/hole");
  test.AddObjectNode(screw, "drive", "0.25", "1.5").mutable_rare().spin =
      SpinAbout(Vec3(0, 0, 1), 540);
  Attach on_top = AttachTo("screw/top");
  on_top.offset = Transform{Vec3(0, 0.01, 0), QuatFromAxisAngle(Vec3(1, 0, 0), 0.3)};
  test.AddObjectNode(washer, "on", "0", "0").mutable_rare().attach = on_top;
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  for (const auto& item : diagnostics.items()) ADD_FAILURE() << item.message;
  for (const char* select : {"0", "0.3", "0.75", "1.2", "2.5", "3"}) {
    for (size_t owner : {washer, screw, body}) {
      ExpectTheSamePoses(rig, OwnerRef::Object(static_cast<int>(owner)), select);
    }
  }
}

// Segments PoseWithin reads once: a hold whose value has a -0 component
// (a lerp between the same values plays +0 there, so it is not a hold), a
// hold of a rotation and a position, a move and a turn that share their
// timing, and a part on a turning body that holds still. `plate` holds at
// (-0, 1, 0) over [0, 1], then moves and turns eased over [1, 2] and holds
// its pose over [2, 3]; `pin` is attached to it throughout.
TEST(PoseWithinTest, HoldsAndSharedTimingsPlayWorldPoseWithinToTheBit) {
  TestScene test;
  AddModel(&test, "plate-model", {MakeMarker("hole", Vec3(0.2, 0, -0.0))});
  size_t pin = test.AddObject("pin");
  size_t plate = test.AddObject("plate");
  test.scene.objects[plate].model = "plate-model";
  test.scene.objects[plate].position = Vec3(-0.0, 1, 0);
  test.scene.objects[plate].rotation = QuatFromAxisAngle(Vec3(1, 0, 0), 0.4);
  Node& hold = test.AddObjectNode(plate, "hold", "0", "1");
  hold.position = Vec3(-0.0, 1, 0);
  hold.rotation = QuatFromAxisAngle(Vec3(1, 0, 0), 0.4);
  Node& move = test.AddObjectNode(plate, "move", "1", "2");
  move.position = Vec3(0.5, 1, -0.0);
  move.rotation = QuatFromAxisAngle(Vec3(0, 0, 1), 0.9);
  move.ease = *Ease::FromName("ease-in-out");
  Node& rest = test.AddObjectNode(plate, "rest", "2", "3");
  rest.position = Vec3(0.5, 1, -0.0);
  rest.rotation = QuatFromAxisAngle(Vec3(0, 0, 1), 0.9);
  rest.scale = Vec3(1, 1, 1);
  test.AddObjectNode(pin, "in", "0", "0").mutable_rare().attach = AttachTo("plate/hole");
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  for (const auto& item : diagnostics.items()) ADD_FAILURE() << item.message;
  for (const char* select : {"0", "0.5", "1", "1.5", "2.5", "3"}) {
    for (size_t owner : {pin, plate}) {
      ExpectTheSamePoses(rig, OwnerRef::Object(static_cast<int>(owner)), select);
    }
  }
}

// A chain whose top holds still: a scaled, turned rack that holds its
// pose, a bracket attached to it, and a bolt on the bracket that moves and
// spins over [1, 2].
TEST(PoseWithinTest, AChainUnderAStillTopPlaysWorldPoseWithinToTheBit) {
  TestScene test;
  AddModel(&test, "rack-model",
           {MakeMarker("mount", Vec3(0.3, 0.1, 0.2), QuatFromAxisAngle(Vec3(0, 1, 0), 0.5))});
  AddModel(&test, "bracket-model", {MakeMarker("hole", Vec3(0.05, 0.02, 0.01))});
  size_t bolt = test.AddObject("bolt");
  size_t bracket = test.AddObject("bracket");
  size_t rack = test.AddObject("rack");
  test.scene.objects[rack].model = "rack-model";
  test.scene.objects[rack].position = Vec3(1, 2, 3);
  test.scene.objects[rack].rotation = QuatFromAxisAngle(Vec3(1, 1, 0), 0.3);
  test.scene.objects[rack].scale = Vec3(2, 1.5, 1);
  Node& wait = test.AddObjectNode(rack, "wait", "0", "3");
  wait.position = Vec3(1, 2, 3);
  wait.scale = Vec3(2, 1.5, 1);
  test.scene.objects[bracket].model = "bracket-model";
  test.AddObjectNode(bracket, "on", "0", "0").mutable_rare().attach = AttachTo("rack/mount");
  test.AddObjectNode(bolt, "in", "0", "0").mutable_rare().attach = AttachTo("bracket/hole");
  Node& drive = test.AddObjectNode(bolt, "drive", "1", "2");
  drive.position = Vec3(0.1, 0.2, 0.3);
  drive.mutable_rare().spin = SpinAbout(Vec3(0, 1, 0), 270);
  drive.ease = *Ease::FromName("ease-in-out");
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  for (const auto& item : diagnostics.items()) ADD_FAILURE() << item.message;
  for (const char* select : {"0", "0.5", "1.5", "2.5"}) {
    for (size_t owner : {bolt, bracket, rack}) {
      ExpectTheSamePoses(rig, OwnerRef::Object(static_cast<int>(owner)), select);
    }
  }
}

// A camera that looks at a moving object is evaluated through its aim.
TEST(PoseWithinTest, ALookAtOwnerPlaysWorldPoseWithinToTheBit) {
  TestScene test;
  size_t target = test.AddObject("target");
  test.AddObjectNode(target, "go", "0", "2").position = Vec3(1, 2, -3);
  size_t camera = test.AddCamera("overview");
  test.scene.cameras[camera].position = Vec3(0, 1, 5);
  Node& aim = test.AddCameraNode(camera, "aim", "0", "1");
  aim.mutable_rare().look_at = LocatedString{"target", {}};
  aim.position = Vec3(1, 1, 4);
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  for (const char* select : {"0", "0.5", "1.5"}) {
    ExpectTheSamePoses(rig, OwnerRef::Camera(static_cast<int>(camera)), select);
  }
}

// A chain of three: `base` slides from the origin to (2, 0, 0) over [1, 2]
// and turns a quarter about +Y over [2, 3]; `arm` is attached from 0 to its
// marker `top` at (0, 1, 0), and `tip` to the arm's marker `end` at
// (0, 0, 1). After the turn the arm is at (2, 0, 0) + R_y(90°)(0, 1, 0) =
// (2, 1, 0) and the tip at (2, 1, 0) + R_y(90°)(0, 0, 1) = (3, 1, 0), both
// turned a quarter about +Y; halfway through the slide (t = 1.5) they are at
// (1, 1, 0) and (1, 1, 1).
struct ThreeLinks {
  TestScene test;
  size_t tip = 0;
  size_t arm = 0;
  size_t base = 0;
  Rig rig;

  ThreeLinks() {
    AddModel(&test, "base-model", {MakeMarker("top", Vec3(0, 1, 0))});
    AddModel(&test, "arm-model", {MakeMarker("end", Vec3(0, 0, 1))});
    tip = test.AddObject("tip");
    arm = test.AddObject("arm");
    base = test.AddObject("base");
    test.scene.objects[base].model = "base-model";
    test.scene.objects[arm].model = "arm-model";
    test.AddObjectNode(base, "slide", "1", "2").position = Vec3(2, 0, 0);
    test.AddObjectNode(base, "turn", "2", "3").rotation =
        QuatFromAxisAngle(Vec3(0, 1, 0), glm::radians(90.0));
    test.AddObjectNode(arm, "on", "0", "0").mutable_rare().attach = AttachTo("base/top");
    test.AddObjectNode(tip, "on", "0", "0").mutable_rare().attach = AttachTo("arm/end");
    Diagnostics diagnostics;
    rig = BuildRig(test.scene, test.timeline, &diagnostics);
    for (const auto& item : diagnostics.items()) ADD_FAILURE() << item.message;
  }
  OwnerRef Owner(size_t index) const { return OwnerRef::Object(static_cast<int>(index)); }
};

void ExpectNear(const Vec3& actual, const Vec3& expected) {
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(actual[k], expected[k], 1e-12) << "component " << k;
}

void ExpectSameBits(const RigidPose& actual, const RigidPose& expected) {
  for (int k = 0; k < 3; ++k) EXPECT_EQ(Bits(actual.position[k]), Bits(expected.position[k]));
  for (int k = 0; k < 4; ++k) EXPECT_EQ(Bits(actual.rotation[k]), Bits(expected.rotation[k]));
}

TEST(PoseMemoChainTest, AChainOfThreeIsWhereItsClosedFormSays) {
  ThreeLinks links;
  PoseMemo memo;
  Quat quarter = QuatFromAxisAngle(Vec3(0, 1, 0), glm::radians(90.0));
  for (size_t owner : {links.base, links.arm, links.tip}) {
    WorldPoseAt(links.rig, links.Owner(owner), Time("3"), &memo);
  }
  RigidPose arm = WorldPoseAt(links.rig, links.Owner(links.arm), Time("3"), &memo);
  RigidPose tip = WorldPoseAt(links.rig, links.Owner(links.tip), Time("3"), &memo);
  ExpectNear(arm.position, Vec3(2, 1, 0));
  ExpectNear(tip.position, Vec3(3, 1, 0));
  EXPECT_NEAR(std::abs(glm::dot(tip.rotation, quarter)), 1, 1e-12);
  PoseWithin within(links.rig, links.Owner(links.tip), Time("1"), &memo);
  ExpectNear(within.At(1.5).position, Vec3(1, 1, 1));
  ASSERT_NE(memo.Find(links.Owner(links.arm), Time("1"), 1.5), nullptr);
  ExpectNear(memo.Find(links.Owner(links.arm), Time("1"), 1.5)->position, Vec3(1, 1, 0));
}

// A frame's transform through the memo (as attachments are filled) is the
// bits of the one worked out without it, and at 3 the tip's frame is the
// arm's end: the arm at (2, 1, 0) turned a quarter about Y, its end (0, 0, 1)
// out, so (3, 1, 0).
TEST(PoseMemoChainTest, FrameTransformsThroughTheMemoAreTheSameBits) {
  ThreeLinks links;
  PoseMemo memo;
  for (const char* at : {"0", "1.5", "3", "3"}) {
    for (size_t owner : {links.arm, links.tip}) {
      const Frame& frame = links.rig.objects[owner].frames.spans.at(0).frame;
      ExpectSameBits(FrameTransformAt(links.rig, frame, Time(at), &memo),
                     FrameTransformAt(links.rig, frame, Time(at)));
    }
  }
  ASSERT_NE(memo.Find(links.Owner(links.arm), Time("3"), Time("3")), nullptr);
  const Frame& tip_frame = links.rig.objects[links.tip].frames.spans.at(0).frame;
  ExpectNear(FrameTransformAt(links.rig, tip_frame, Time("3"), &memo).position, Vec3(3, 1, 0));
}

// Whichever of the chain's owners were worked out before, and whether at
// exact or double times, a pose read through the memo is the bits of the
// pose worked out without it: the carriers first, the tip first, or the tip
// alone.
TEST(PoseMemoChainTest, PosesThroughTheMemoAreTheSameBits) {
  ThreeLinks links;
  const std::vector<std::vector<size_t>> orders = {
      {links.base, links.arm, links.tip}, {links.tip, links.arm, links.base}, {links.tip}};
  for (const std::vector<size_t>& order : orders) {
    PoseMemo memo;
    for (const char* select : {"0", "1", "1.25", "2", "2.5", "3"}) {
      for (size_t owner : order) {
        OwnerRef ref = links.Owner(owner);
        ExpectSameBits(WorldPoseAt(links.rig, ref, Time(select), &memo),
                       WorldPoseAt(links.rig, ref, Time(select)));
        ExpectSameBits(WorldPoseWithin(links.rig, ref, Time(select), Time("3.5"), &memo),
                       WorldPoseWithin(links.rig, ref, Time(select), Time("3.5")));
        PoseWithin with_memo(links.rig, ref, Time(select), &memo);
        PoseWithin without(links.rig, ref, Time(select));
        for (int step = 0; step <= 40; ++step) {
          double t = step * 0.1 + 0.0123;
          ExpectSameBits(with_memo.At(t), without.At(t));
          Vec3 position = with_memo.PositionAt(t);
          for (int k = 0; k < 3; ++k) {
            EXPECT_EQ(Bits(position[k]), Bits(without.At(t).position[k]));
          }
        }
      }
    }
  }
}

// With tabled eases (a fit's samples): a part on a marker 0.5 m out on a
// body that spins one eased turn (ease-in-out) about Y over [0, 2] is where
// the closed form puts it: at t = 2 x(s) the turn is 2 pi y(s), x and y the
// curve's Bernstein coordinates at s, and (0.5, 0, 0) turned by theta about
// Y is (0.5 cos theta, 0, -0.5 sin theta); within 1e-14 m, not to the bit.
TEST(PoseWithinTest, TabledEasesPlayTheClosedFormWithinRounding) {
  TestScene test;
  AddModel(&test, "table-model", {MakeMarker("m", Vec3(0.5, 0, 0))});
  size_t part = test.AddObject("part");
  size_t body = test.AddObject("body");
  test.scene.objects[body].model = "table-model";
  Node& turn = test.AddObjectNode(body, "turn", "0", "2");
  turn.mutable_rare().spin = SpinAbout(Vec3(0, 1, 0), 360);
  turn.ease = *Ease::FromName("ease-in-out");
  test.AddObjectNode(part, "on", "0", "0").mutable_rare().attach = AttachTo("body/m");
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  for (const auto& item : diagnostics.items()) ADD_FAILURE() << item.message;
  OwnerRef owner = OwnerRef::Object(static_cast<int>(part));
  PoseWithin tabled(rig, owner, Time("0"), nullptr, PoseWithin::EaseSolve::kTable);
  auto bernstein = [](long double p1, long double p2, long double s) {
    long double inverse = 1 - s;
    return 3 * inverse * inverse * s * p1 + 3 * inverse * s * s * p2 + s * s * s;
  };
  for (int i = 1; i < 40; ++i) {
    long double s = i / 40.0L;
    double t = static_cast<double>(2 * bernstein(0.42L, 0.58L, s));
    double theta = static_cast<double>(2 * 3.14159265358979323846L * bernstein(0, 1, s));
    Vec3 position = tabled.PositionAt(t);
    EXPECT_NEAR(0.5 * std::cos(theta), position.x, 1e-14) << "t " << t;
    EXPECT_NEAR(0.0, position.y, 1e-14) << "t " << t;
    EXPECT_NEAR(-0.5 * std::sin(theta), position.z, 1e-14) << "t " << t;
    Vec3 exact = WorldPoseWithin(rig, owner, Time("0"), t).position;
    EXPECT_NEAR(0.0, glm::length(exact - position), 1e-15) << "t " << t;
  }
}

TEST(PoseWithinTest, AnOwnerTheRigDoesNotHoldIsAtTheOrigin) {
  TestScene test;
  test.AddObject("body");
  Rig rig = BuildRig(test.scene, test.timeline, nullptr);
  RigidPose pose = PoseWithin(rig, OwnerRef::Object(7), Time("0")).At(0.5);
  EXPECT_EQ(pose.position, Vec3(0, 0, 0));
  EXPECT_EQ(pose.rotation, Quat(1, 0, 0, 0));
}

}  // namespace
}  // namespace cinc
