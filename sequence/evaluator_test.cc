// The evaluator against hand-worked values: the sample flythrough, a half-way
// blend, FOV and focus rules, audio gains, the time scale, determinism.
#include "sequence/evaluator.h"

#include <gtest/gtest.h>

#include <cmath>

#include "sequence/evaluation_json.h"
#include "sequence/recorded_sequence.h"
#include "sequence/sequence_parse.h"

namespace cinc {
namespace {

constexpr double kExact = 1e-12;

Sequence LoadSource(const std::string& relative) {
  Diagnostics diagnostics;
  std::optional<Sequence> sequence =
      LoadSequenceFile(std::string(CINC_SOURCE_DIR) + "/" + relative, &diagnostics);
  EXPECT_TRUE(sequence.has_value()) << relative;
  return sequence.value_or(Sequence{});
}

Sequence Flythrough() { return LoadSource("examples/flythrough/flythrough.sequence.json"); }

void ExpectVec(const std::optional<Vec3>& actual, Vec3 expected) {
  ASSERT_TRUE(actual.has_value());
  EXPECT_NEAR(actual->x, expected.x, kExact);
  EXPECT_NEAR(actual->y, expected.y, kExact);
  EXPECT_NEAR(actual->z, expected.z, kExact);
}

void ExpectQuat(const std::optional<Quat>& actual, double x, double y, double z, double w) {
  ASSERT_TRUE(actual.has_value());
  double sign = actual->w * w + actual->x * x + actual->y * y + actual->z * z < 0 ? -1 : 1;
  EXPECT_NEAR(sign * actual->x, x, kExact);
  EXPECT_NEAR(sign * actual->y, y, kExact);
  EXPECT_NEAR(sign * actual->z, z, kExact);
  EXPECT_NEAR(sign * actual->w, w, kExact);
}

// Ry(yaw) Rx(pitch) as a quaternion, by hand: qy * qx with half angles.
void ExpectYawPitch(const std::optional<Quat>& actual, double pitch_degrees, double yaw_degrees) {
  double p = Radians(pitch_degrees) / 2;
  double y = Radians(yaw_degrees) / 2;
  ExpectQuat(actual, std::cos(y) * std::sin(p), std::sin(y) * std::cos(p),
             -std::sin(y) * std::sin(p), std::cos(y) * std::cos(p));
}

TEST(Evaluator, FlythroughAtOneSecond) {
  Evaluation evaluation = EvaluateSequence(Flythrough(), 1);
  EXPECT_EQ(evaluation.time, 1);
  ASSERT_EQ(evaluation.transforms.size(), 1u);
  const TransformSample& fly = evaluation.transforms[0];
  EXPECT_EQ(fly.target, "FlyCam");
  // Two smooth keys: both tangents are the chord's slope, so the Hermite is
  // the straight line: half way is the midpoint.
  ExpectVec(fly.position, Vec3(-7, 1.6, 7));
  // The rotation leaves key 0 linearly (the ease sits on the last key).
  ExpectVec(fly.rotation, Vec3(-5.5, -47.5, 0));
  ExpectYawPitch(fly.quaternion, -5.5, -47.5);
  EXPECT_FALSE(fly.scale.has_value());

  ASSERT_TRUE(evaluation.camera.has_value());
  const CameraSample& camera = *evaluation.camera;
  EXPECT_EQ(camera.camera, "FlyCam");
  ExpectVec(camera.position, Vec3(-7, 1.6, 7));
  ExpectYawPitch(camera.rotation, -5.5, -47.5);
  EXPECT_EQ(camera.fov, 60);
  EXPECT_EQ(camera.focus_distance, 9);
  EXPECT_EQ(camera.aperture, 2);
  EXPECT_EQ(evaluation.missing_cameras, std::vector<std::string>{"WideCam"});
  ASSERT_EQ(evaluation.audio.size(), 1u);
  EXPECT_EQ(evaluation.audio[0].sound, "ambience");
  EXPECT_EQ(evaluation.audio[0].offset, 1);
  EXPECT_EQ(evaluation.audio[0].gain, 1);  // the 1 s fade-in just ended
  EXPECT_EQ(evaluation.time_scale, 1);     // held before the first scale key
}

TEST(Evaluator, FlythroughQuarterPositionFadesAndSlowMotion) {
  Sequence sequence = Flythrough();
  Evaluation early = EvaluateSequence(sequence, 0.5);
  ExpectVec(early.transforms[0].position, Vec3(-8, 1.8, 8));
  EXPECT_EQ(early.audio[0].gain, 0.5);  // half way through the fade-in
  Evaluation late = EvaluateSequence(sequence, 7.5);
  EXPECT_EQ(late.audio[0].gain, 0.5);  // half way through the fade-out
  EXPECT_EQ(late.audio[0].offset, 7.5);
  // Scale keys 1 at 5, 0.35 at 5.8, 1 at 7.4: half way down is 0.675.
  EXPECT_NEAR(EvaluateSequence(sequence, 5.4).time_scale, 0.675, kExact);
  EXPECT_NEAR(EvaluateSequence(sequence, 6.6).time_scale, 0.675, kExact);
  EXPECT_EQ(EvaluateSequence(sequence, 8).time_scale, 1);
  EXPECT_TRUE(EvaluateSequence(sequence, 8).audio.empty());  // the clip ends at 8
  // Times are clamped to the sequence.
  EXPECT_EQ(EvaluateSequence(sequence, -3).time, 0);
  EXPECT_EQ(EvaluateSequence(sequence, 99).time, 8);
  EXPECT_EQ(EvaluateSequence(sequence, NAN).time, 0);
}

TEST(Evaluator, FlythroughBlendToAMissingCameraKeepsTheOldView) {
  Evaluation evaluation = EvaluateSequence(Flythrough(), 5.5);
  ASSERT_TRUE(evaluation.camera.has_value());
  EXPECT_EQ(evaluation.camera->camera, "WideCam");
  ExpectVec(evaluation.camera->position, Vec3(-5, 1.2, 5));
  ExpectYawPitch(evaluation.camera->rotation, -3, -50);
  // After the blend the missing camera leaves no pose at all.
  Evaluation after = EvaluateSequence(Flythrough(), 7);
  EXPECT_FALSE(after.camera->position.has_value());
  EXPECT_EQ(after.camera->fov, 60);
}

TEST(Evaluator, FlythroughJsonAtFourSeconds) {
  Json json = EvaluateSequenceToJson(Flythrough(), 4);
  Json quaternion = json["transforms"]["FlyCam"]["quaternion"];
  EXPECT_EQ(quaternion, json["camera"]["quaternion"]);
  double p = Radians(-3) / 2;
  double y = Radians(-50) / 2;
  EXPECT_NEAR(quaternion[0].get<double>(), std::cos(y) * std::sin(p), kExact);
  EXPECT_NEAR(quaternion[1].get<double>(), std::sin(y) * std::cos(p), kExact);
  EXPECT_NEAR(quaternion[2].get<double>(), -std::sin(y) * std::sin(p), kExact);
  EXPECT_NEAR(quaternion[3].get<double>(), std::cos(y) * std::cos(p), kExact);
  json["transforms"]["FlyCam"]["quaternion"] = "q";
  json["camera"]["quaternion"] = "q";
  EXPECT_EQ(WriteCompactJson(json),
            R"({"time":4,"transforms":{"FlyCam":{"position":[-5,1.2,5],"rotation":[-3,-50,0],)"
            R"("quaternion":"q"}},"camera":{"camera":"FlyCam","position":[-5,1.2,5],)"
            R"("quaternion":"q","fov":60,"focus_distance":9,"aperture":2},)"
            R"("missing_cameras":["WideCam"],"audio":[{"track":3,"clip":0,"sound":"ambience",)"
            R"("offset":4,"gain":1}],"time_scale":1})");
}

TEST(Evaluator, SameTimeSameBitsInAnyOrder) {
  for (const char* file : {"examples/flythrough/flythrough.sequence.json",
                           "tests/sequences/every_field.sequence.json"}) {
    Sequence sequence = LoadSource(file);
    std::vector<double> times;
    for (int step = 0; step <= 400; ++step) times.push_back(step * 0.025 + 0.0001 * (step % 7));
    std::vector<std::string> forward;
    for (double t : times) forward.push_back(WriteJson(EvaluateSequenceToJson(sequence, t)));
    for (size_t index = times.size(); index-- > 0;) {
      EXPECT_EQ(WriteJson(EvaluateSequenceToJson(sequence, times[index])), forward[index])
          << file << " at " << times[index];
    }
  }
}

Key MakeKey(double t, std::vector<double> value) {
  Key key;
  key.t = t;
  key.value = std::move(value);
  return key;
}

// Shots A (0 s) and B (2 s, blend 2 s); A at the origin looking ahead with a
// 40 degree lens, B 10 m along +X turned 90 degrees of yaw with 60 degrees.
Sequence TwoShots(std::optional<std::array<double, 4>> blend_ease = std::nullopt) {
  Sequence sequence;
  sequence.name = "blend";
  sequence.duration = 6;
  CameraTrack camera;
  camera.shots = {{0, "A", std::nullopt, std::nullopt}, {2, "B", 2.0, blend_ease}};
  sequence.tracks.push_back(camera);
  return sequence;
}

CameraPoses TwoPoses() {
  CameraPoses poses;
  poses["A"] = {Vec3(0, 0, 0), Quat(1, 0, 0, 0), 40.0};
  poses["B"] = {Vec3(10, 0, 0), QuatFromEulerDegrees(Vec3(0, 90, 0)), 60.0};
  return poses;
}

TEST(Evaluator, HalfWayBlendLerpsSlerpsAndMixesTheLens) {
  std::optional<CameraSample> camera = EvaluateCamera(TwoShots(), 3, TwoPoses());
  ASSERT_TRUE(camera.has_value());
  EXPECT_EQ(camera->camera, "B");
  // u = 0.5, smoothstep 0.5: half way in position, yaw 45, FOV 50.
  ExpectVec(camera->position, Vec3(5, 0, 0));
  ExpectQuat(camera->rotation, 0, std::sin(Radians(22.5)), 0, std::cos(Radians(22.5)));
  EXPECT_NEAR(*camera->fov, 50, kExact);
  EXPECT_FALSE(camera->focus_distance.has_value());
  EXPECT_FALSE(camera->aperture.has_value());
  testing::ExpectValidSequence(TwoShots());
  testing::ExpectValidSequence(TwoShots(std::array<double, 4>{1.0 / 3.0, 1, 2.0 / 3.0, 1}));
}

TEST(Evaluator, BlendEasings) {
  // u = 0.25: smoothstep 0.0625 * 2.5 = 0.15625.
  std::optional<CameraSample> smooth = EvaluateCamera(TwoShots(), 2.5, TwoPoses());
  ExpectVec(smooth->position, Vec3(1.5625, 0, 0));
  EXPECT_NEAR(*smooth->fov, 43.125, kExact);
  // blend_ease [1/3, 1, 2/3, 1] at u = 0.5 is 0.875 (x(s) = s).
  std::optional<CameraSample> eased =
      EvaluateCamera(TwoShots(std::array<double, 4>{1.0 / 3.0, 1, 2.0 / 3.0, 1}), 3, TwoPoses());
  ExpectVec(eased->position, Vec3(8.75, 0, 0));
  // Before the first shot starts, at the cut and after the blend.
  Sequence late_first = TwoShots();
  std::get<CameraTrack>(late_first.tracks[0]).shots[0].start = 1;
  EXPECT_EQ(EvaluateCamera(late_first, 0.5, TwoPoses())->camera, "A");
  std::optional<CameraSample> at_cut = EvaluateCamera(TwoShots(), 2, TwoPoses());
  EXPECT_EQ(at_cut->camera, "B");
  ExpectVec(at_cut->position, Vec3(0, 0, 0));
  ExpectVec(EvaluateCamera(TwoShots(), 4, TwoPoses())->position, Vec3(10, 0, 0));
  // A hard cut (no blend) shows the new camera at once.
  Sequence cut = TwoShots();
  std::get<CameraTrack>(cut.tracks[0]).shots[1].blend = 0;
  ExpectVec(EvaluateCamera(cut, 2, TwoPoses())->position, Vec3(10, 0, 0));
}

TEST(Evaluator, FovChannelOverridesAndFocusSwitchesDepthOfField) {
  Sequence sequence = TwoShots();
  CameraTrack& camera = std::get<CameraTrack>(sequence.tracks[0]);
  camera.fov = {MakeKey(0, {30}), MakeKey(4, {70})};
  camera.aperture = {MakeKey(0, {4})};
  std::optional<CameraSample> without_focus = EvaluateCamera(sequence, 3, TwoPoses());
  EXPECT_NEAR(*without_focus->fov, 60, kExact);
  EXPECT_FALSE(without_focus->aperture.has_value());  // aperture alone: no depth of field
  camera.focus_distance = {MakeKey(0, {9}), MakeKey(2, {5})};
  std::optional<CameraSample> focused = EvaluateCamera(sequence, 1, TwoPoses());
  EXPECT_EQ(focused->focus_distance, 7);
  EXPECT_EQ(focused->aperture, 4);
  camera.aperture.clear();
  EXPECT_EQ(EvaluateCamera(sequence, 1, TwoPoses())->aperture, 2.8);  // the default f-stop
  testing::ExpectValidSequence(sequence);
  EXPECT_EQ(MissingCameras(sequence, TwoPoses()), std::vector<std::string>{});
  EXPECT_EQ(MissingCameras(sequence, {}), (std::vector<std::string>{"A", "B"}));
}

TEST(Evaluator, LaterTransformTrackWinsPerChannel) {
  Sequence sequence;
  sequence.name = "merge";
  sequence.duration = 2;
  TransformTrack first;
  first.target = "Box";
  first.position = {MakeKey(0, {1, 2, 3})};
  first.scale = {MakeKey(0, {2, 2, 2})};
  TransformTrack second;
  second.target = "Box";
  second.position = {MakeKey(0, {9, 9, 9})};
  second.rotation = {MakeKey(0, {0, 90, 0})};
  sequence.tracks = {first, second};
  std::vector<TransformSample> samples = EvaluateTransforms(sequence, 1);
  ASSERT_EQ(samples.size(), 1u);
  ExpectVec(samples[0].position, Vec3(9, 9, 9));
  ExpectVec(samples[0].scale, Vec3(2, 2, 2));
  ExpectQuat(samples[0].quaternion, 0, std::sqrt(0.5), 0, std::sqrt(0.5));
  testing::ExpectValidSequence(sequence);
}

TEST(Evaluator, AudioOffsetsGainsAndTimeScale) {
  Sequence sequence = LoadSource("tests/sequences/every_field.sequence.json");
  // "hit": start 3, offset 0.25, duration 2, volume 0.8, fades 0.5 in and 1 out.
  std::vector<SoundingClip> early = EvaluateAudio(sequence, 3.25);
  ASSERT_EQ(early.size(), 2u);
  EXPECT_EQ(early[0].sound, "ambience");  // no duration: sounds on
  EXPECT_EQ(early[0].offset, 3.25);
  EXPECT_EQ(early[1].sound, "hit");
  EXPECT_EQ(early[1].offset, 0.5);
  EXPECT_NEAR(early[1].gain, 0.4, kExact);
  std::vector<SoundingClip> late = EvaluateAudio(sequence, 4.5);
  EXPECT_NEAR(late[1].gain, 0.4, kExact);
  EXPECT_EQ(late[1].offset, 1.75);
  EXPECT_EQ(EvaluateAudio(sequence, 5).size(), 1u);  // "hit" ended at 5
  EXPECT_EQ(TimeScaleAt(sequence, 2.5), 0.5);
  EXPECT_EQ(TimeScaleAt(sequence, 5.5), 0);  // a step key: frozen world
  EXPECT_EQ(TimeScaleAt(sequence, 6), 16);
}

TEST(Evaluator, NonFiniteTimeIsTheTimeError) {
  Diagnostics diagnostics;
  EXPECT_TRUE(CheckEvaluationTime(1.5, &diagnostics));
  EXPECT_FALSE(CheckEvaluationTime(INFINITY, &diagnostics));
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code_name(), "E_CINEMA_TIME");
}

}  // namespace
}  // namespace cinc
