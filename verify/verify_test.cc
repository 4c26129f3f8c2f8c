#include "verify/verify.h"

#include <gtest/gtest.h>

#include <cmath>

#include "emit/test_support.h"

namespace cinc {
namespace {

using testing::MakeSegment;
using testing::MakeTrack;
using testing::Time;

// One object `box` at 4:3 of scene.yaml: visible, moving from the origin to
// [1, 0, 0] over [0, 1] s, linearly; the scene lasts 1 s.
struct OneBox {
  Scene scene;
  Timeline timeline;
  Rig rig;
};

OneBox MakeOneBox() {
  OneBox setup;
  setup.scene.name = "demo";
  SceneObject box;
  box.name = "box";
  box.origin = {.location = {4, 3}, .pointer = "/objects/box"};
  setup.scene.objects = {box};
  setup.timeline.duration = Time("1");
  ObjectRig rig;
  rig.position = MakeTrack(Vec3(0), {MakeSegment("0", "1", Vec3(0), Vec3(1, 0, 0))});
  rig.rotation.initial = Quat(1, 0, 0, 0);
  rig.scale.initial = Vec3(1);
  rig.opacity.initial = 1;
  setup.rig.objects = {rig};
  return setup;
}

Key MakeKey(double t, Vec3 value, Interpolation interp) {
  Key key;
  key.t = t;
  key.value = {value.x, value.y, value.z};
  key.interp = interp;
  return key;
}

// A sequence of duration 1 with one transform track for `box`.
Sequence BoxSequence(Keys position, Keys rotation, Keys scale = {}) {
  Sequence sequence;
  sequence.name = "demo";
  sequence.duration = 1;
  TransformTrack track;
  track.target = "box";
  track.position = std::move(position);
  track.rotation = std::move(rotation);
  track.scale = std::move(scale);
  sequence.tracks.push_back(std::move(track));
  return sequence;
}

Keys StillRotation() { return {MakeKey(0, Vec3(0), Interpolation::kStep)}; }

VerifyReport Verify(const OneBox& setup, const Sequence& sequence, Diagnostics* diagnostics) {
  return VerifySequence(setup.scene, setup.timeline, setup.rig, sequence, VerifySettings{},
                        diagnostics);
}

// RMS of c * t over t = 0, 0.001, ..., 1 (1001 samples):
// c * sqrt(sum k^2 / 1000^2 / 1001) = c * sqrt(1000 * 1001 * 2001 / 6 / 1e6 / 1001)
// = c * sqrt(2001 / 6000).
double RampRms(double c) { return c * std::sqrt(2001.0 / 6000.0); }

TEST(VerifySequenceTest, ExactKeysPassWithZeroError) {
  OneBox setup = MakeOneBox();
  Sequence sequence = BoxSequence({MakeKey(0, Vec3(0), Interpolation::kLinear),
                                   MakeKey(1, Vec3(1, 0, 0), Interpolation::kStep)},
                                  StillRotation());
  Diagnostics diagnostics("scene.yaml");
  VerifyReport report = Verify(setup, sequence, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  EXPECT_TRUE(report.passed);
  ASSERT_EQ(report.owners.size(), 1u);
  EXPECT_EQ(report.owners[0].name, "box");
  EXPECT_EQ(report.owners[0].samples, 1001u);  // every ms of [0, 1]; keys at 0 and 1 among them
  EXPECT_EQ(report.owners[0].visible_samples, 1001u);
  EXPECT_EQ(report.owners[0].position.max, 0);
  EXPECT_EQ(report.owners[0].rotation.max, 0);
}

// Played y drifts to 0.01 at t = 1: error 0.01 t.
TEST(VerifySequenceTest, PositionOffByARampReportsMaxAndRms) {
  OneBox setup = MakeOneBox();
  Sequence sequence = BoxSequence({MakeKey(0, Vec3(0), Interpolation::kLinear),
                                   MakeKey(1, Vec3(1, 0.01, 0), Interpolation::kStep)},
                                  StillRotation());
  Diagnostics diagnostics("scene.yaml");
  VerifyReport report = Verify(setup, sequence, &diagnostics);
  const OwnerVerification& box = report.owners[0];
  EXPECT_NEAR(box.position.max, 0.01, 1e-15);
  EXPECT_EQ(box.position.max_time, 1);
  EXPECT_NEAR(box.position.rms, RampRms(0.01), 1e-15);
  EXPECT_EQ(box.rotation.max, 0);
  EXPECT_FALSE(report.passed);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  const Diagnostic& problem = diagnostics.items()[0];
  EXPECT_EQ(problem.code_name(), "E_VERIFY");
  EXPECT_EQ(problem.file, "scene.yaml");
  EXPECT_EQ(problem.location, (SourceLocation{4, 3}));
  EXPECT_EQ(problem.path, "/objects/box");
  EXPECT_EQ(problem.message,
            "object 'box' is off by 0.01 m at 1 s, over the position tolerance of 0.0001 m");
}

// Played yaw turns to 2 degrees at t = 1 while the exact rotation stays:
// the angle of q_exact^-1 q_played is 2 t degrees.
TEST(VerifySequenceTest, RotationOffByARampReportsDegrees) {
  OneBox setup = MakeOneBox();
  Sequence sequence = BoxSequence({MakeKey(0, Vec3(0), Interpolation::kLinear),
                                   MakeKey(1, Vec3(1, 0, 0), Interpolation::kStep)},
                                  {MakeKey(0, Vec3(0), Interpolation::kLinear),
                                   MakeKey(1, Vec3(0, 2, 0), Interpolation::kStep)});
  Diagnostics diagnostics("scene.yaml");
  VerifyReport report = Verify(setup, sequence, &diagnostics);
  const OwnerVerification& box = report.owners[0];
  EXPECT_NEAR(box.rotation.max, 2, 1e-12);
  EXPECT_EQ(box.rotation.max_time, 1);
  EXPECT_NEAR(box.rotation.rms, RampRms(2), 1e-12);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].message,
            "object 'box' is off by 2 degrees at 1 s, over the rotation tolerance of 0.01 "
            "degrees");
}

// The exact position jumps from the origin to [0, 0, 1] at 0.5 s (a d = 0
// node). Keyed there, nothing is off; keyed 1 ms late, the sample at 0.5 s
// alone is 1 m off: max 1 at 0.5, RMS sqrt(1 / 1001).
TEST(VerifySequenceTest, JumpsAreComparedAtTheExactInstant) {
  OneBox setup = MakeOneBox();
  setup.rig.objects[0].position =
      MakeTrack(Vec3(0), {MakeSegment("0.5", "0", Vec3(0), Vec3(0, 0, 1))});
  Keys right = {MakeKey(0, Vec3(0), Interpolation::kStep),
                MakeKey(0.5, Vec3(0, 0, 1), Interpolation::kStep)};
  Diagnostics diagnostics("scene.yaml");
  VerifyReport report = Verify(setup, BoxSequence(right, StillRotation()), &diagnostics);
  EXPECT_TRUE(report.passed);
  EXPECT_EQ(report.owners[0].position.max, 0);

  Keys late = {MakeKey(0, Vec3(0), Interpolation::kStep),
               MakeKey(0.501, Vec3(0, 0, 1), Interpolation::kStep)};
  report = Verify(setup, BoxSequence(late, StillRotation()), &diagnostics);
  EXPECT_EQ(report.owners[0].position.max, 1);
  EXPECT_EQ(report.owners[0].position.max_time, 0.5);
  EXPECT_NEAR(report.owners[0].position.rms, std::sqrt(1.0 / 1001), 1e-15);
}

// A move that ends in a jump: emission keys the end of the move at the
// largest double below the jump. That key is compared with the left limit.
TEST(VerifySequenceTest, TheKeyJustBeforeAJumpIsTheLeftLimit) {
  OneBox setup = MakeOneBox();
  setup.rig.objects[0].position =
      MakeTrack(Vec3(0), {MakeSegment("0", "0.5", Vec3(0), Vec3(1, 0, 0)),
                          MakeSegment("0.5", "0", Vec3(1, 0, 0), Vec3(0, 0, 0))});
  double before = std::nextafter(0.5, -1.0);
  Keys keys = {MakeKey(0, Vec3(0), Interpolation::kLinear),
               MakeKey(before, Vec3(before / 0.5, 0, 0), Interpolation::kStep),
               MakeKey(0.5, Vec3(0), Interpolation::kStep)};
  Diagnostics diagnostics("scene.yaml");
  VerifyReport report = Verify(setup, BoxSequence(keys, StillRotation()), &diagnostics);
  EXPECT_TRUE(report.passed);
  EXPECT_EQ(report.owners[0].samples, 1002u);  // the ms grid and the key below 0.5
  EXPECT_LT(report.owners[0].position.max, 1e-15);
}

// Hidden until 0.5 s: the scale written 0 there is not compared, and the
// exact scale 1 is compared from 0.5 on (501 samples).
TEST(VerifySequenceTest, ScaleIsComparedOnlyWhereVisible) {
  OneBox setup = MakeOneBox();
  setup.rig.objects[0].opacity = MakeTrack(0.0, {MakeSegment("0.5", "0", 0.0, 1.0)});
  Keys position = {MakeKey(0, Vec3(0), Interpolation::kLinear),
                   MakeKey(1, Vec3(1, 0, 0), Interpolation::kStep)};
  Keys scale = {MakeKey(0, Vec3(0), Interpolation::kStep),
                MakeKey(0.5, Vec3(1), Interpolation::kStep)};
  Diagnostics diagnostics("scene.yaml");
  VerifyReport report = Verify(setup, BoxSequence(position, StillRotation(), scale), &diagnostics);
  EXPECT_TRUE(report.passed);
  EXPECT_EQ(report.owners[0].visible_samples, 501u);
  EXPECT_EQ(report.owners[0].scale.max, 0);

  // Shown half size from 0.75 s: 0.5 off at 250 visible samples.
  scale.push_back(MakeKey(0.75, Vec3(0.5), Interpolation::kStep));
  report = Verify(setup, BoxSequence(position, StillRotation(), scale), &diagnostics);
  EXPECT_EQ(report.owners[0].scale.max, 0.5);
  EXPECT_EQ(report.owners[0].scale.max_time, 0.75);
  EXPECT_NEAR(report.owners[0].scale.rms, 0.5 * std::sqrt(251.0 / 501), 1e-15);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].message,
            "object 'box' has its scale off by 0.5 at 0.75 s, over the position tolerance of "
            "0.0001 (scale is held to it as a plain number)");
}

TEST(VerifySequenceTest, AMissingTrackOrChannelIsReported) {
  OneBox setup = MakeOneBox();
  Sequence empty;
  empty.name = "demo";
  empty.duration = 1;
  Diagnostics diagnostics("scene.yaml");
  VerifyReport report = Verify(setup, empty, &diagnostics);
  EXPECT_FALSE(report.passed);
  EXPECT_FALSE(report.owners[0].played);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code_name(), "E_VERIFY");
  EXPECT_EQ(diagnostics.items()[0].location, (SourceLocation{4, 3}));
  EXPECT_EQ(diagnostics.items()[0].message, "object 'box' has no transform track in the sequence");

  Diagnostics no_rotation("scene.yaml");
  Verify(setup, BoxSequence({MakeKey(0, Vec3(0), Interpolation::kStep)}, {}), &no_rotation);
  ASSERT_EQ(no_rotation.items().size(), 1u);
  EXPECT_EQ(no_rotation.items()[0].message, "object 'box' has no rotation keys in the sequence");
}

TEST(VerifySequenceTest, ADifferentDurationIsReported) {
  OneBox setup = MakeOneBox();
  Sequence sequence = BoxSequence({MakeKey(0, Vec3(0), Interpolation::kLinear),
                                   MakeKey(1, Vec3(1, 0, 0), Interpolation::kStep)},
                                  StillRotation());
  sequence.duration = 2;
  Diagnostics diagnostics("scene.yaml");
  EXPECT_FALSE(Verify(setup, sequence, &diagnostics).passed);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].location, (SourceLocation{0, 0}));
  EXPECT_EQ(diagnostics.items()[0].message, "the sequence lasts 2 s, the scene 1 s");
}

TEST(VerifySequenceTest, TextTableRoundsToThreeDigits) {
  VerifyReport report;
  OwnerVerification box;
  box.name = "box";
  box.played = true;
  box.position = {0.01, 1, RampRms(0.01)};
  box.samples = 1001;
  OwnerVerification cam;
  cam.name = "camera1";
  cam.is_camera = true;
  report.owners = {box, cam};
  EXPECT_EQ(VerifyReportToText(report),
            "tolerance: 0.0001 m, 0.01 deg\n"
            "owner    kind    max position (m)  rms position (m)  max rotation (deg)  "
            "rms rotation (deg)  samples\n"
            "box      object  0.01              0.00577           0                   "
            "0                   1001\n"
            "camera1  camera  -                 -                 -                   "
            "-                   0\n"
            "failed: see the E_VERIFY diagnostics\n");
}

TEST(MergeShardsTest, ChecksNamesAndDurations) {
  Sequence first;
  first.name = "demo";
  first.duration = 1;
  first.tracks.push_back(TransformTrack{"a", {}, {}, {}});
  Sequence second = first;
  second.name = "demo.2";
  second.tracks = {TransformTrack{"b", {}, {}, {}}};
  Diagnostics diagnostics("scene.yaml");
  MergedShards merged =
      MergeShards({first, second}, {"x.sequence.json", "x.2.sequence.json"}, &diagnostics);
  EXPECT_TRUE(merged.ok);
  EXPECT_EQ(merged.sequence.tracks.size(), 2u);
  EXPECT_TRUE(diagnostics.items().empty());

  second.name = "other";
  second.duration = 3;
  merged = MergeShards({first, second}, {"x.sequence.json", "x.2.sequence.json"}, &diagnostics);
  EXPECT_FALSE(merged.ok);
  ASSERT_EQ(diagnostics.items().size(), 2u);
  EXPECT_EQ(diagnostics.items()[0].message,
            "shard x.2.sequence.json is named 'other', expected 'demo.2'");
  EXPECT_EQ(diagnostics.items()[1].message,
            "shard x.2.sequence.json lasts 3 s, the first shard 1 s");
}

}  // namespace
}  // namespace cinc
