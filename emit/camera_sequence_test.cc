// Cameras end to end: scene text -> rig -> written sequence, replayed with
// the project's evaluator (sequence/evaluator.h) and compared with closed forms
// worked by hand in each test (docs/state.md, docs/cameras.md, docs/emission.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "compiler/pipeline/pipeline.h"
#include "compiler/scene/scene_loader.h"
#include "emit/emit_sequence.h"
#include "markers/marker_table.h"
#include "resolver/resolve_timing.h"
#include "sequence/evaluator.h"
#include "sequence/sequence_json.h"
#include "sequence/validator.h"
#include "verify/verify.h"

namespace cinc {
namespace {

struct Built {
  Scene scene;
  Timeline timeline;
  Rig rig;
  Sequence sequence;
};

Built Build(const std::string& text) {
  Built built;
  Diagnostics diagnostics("scene.yaml");
  built.scene = LoadSceneFromText(text, "scene.yaml", &diagnostics);
  built.timeline = ResolveTiming(built.scene, &diagnostics);
  MarkerTable markers = BuildMarkerTable(built.scene, InlineModels(built.scene), &diagnostics);
  built.rig = BuildRig(built.scene, built.timeline, markers, &diagnostics);
  EXPECT_FALSE(diagnostics.HasErrors())
      << (diagnostics.items().empty() ? std::string() : diagnostics.items().front().message);
  built.sequence = EmitSequence(built.scene, built.timeline, built.rig, EmitSettings{},
                                FitSettingsFor(built.scene), &diagnostics);
  Diagnostics validation("out.sequence.json");
  EXPECT_TRUE(ValidateEmittedSequence(built.sequence, &validation))
      << (validation.items().empty() ? std::string() : validation.items().front().message);
  return built;
}

const TransformSample& TransformOf(const Evaluation& evaluation, const std::string& target) {
  for (const TransformSample& sample : evaluation.transforms) {
    if (sample.target == target) return sample;
  }
  static TransformSample none;
  ADD_FAILURE() << "no transform for " << target;
  return none;
}

double AngleDegrees(const Quat& a, const Quat& b) { return Degrees(AngleBetween(a, b)); }

Vec3 Forward(const Quat& rotation) { return rotation * Vec3(0, 0, -1); }

double DirectionDegrees(const Vec3& a, const Vec3& b) {
  double cosine = glm::dot(glm::normalize(a), glm::normalize(b));
  return Degrees(std::acos(std::clamp(cosine, -1.0, 1.0)));
}

// The target slides from x = 0 to x = 2 over [0, 2]; the camera at (0, 0, 5)
// looks at it with a linear look_at over [0, 1], then tracks it.
constexpr const char* kLookAtScene = R"(cinc: 1
objects:
  target:
    opacity: 1
    nodes:
      - {id: slide, at: 0, duration: 2, position: [2, 0, 0]}
cameras:
  cam:
    position: [0, 0, 5]
    nodes:
      - {id: aim, at: 0, duration: 1, look_at: target}
director:
  nodes:
    - {at: 0, shot: {camera: cam}}
)";

TEST(CameraSequenceTest, LookAtReplaysTheClosedForm) {
  Built built = Build(kLookAtScene);
  const double tolerance = built.scene.tolerance.rotation * 1.0001;
  for (int step = 0; step <= 2000; ++step) {
    double t = step / 1000.0;
    Evaluation evaluation = EvaluateSequence(built.sequence, t);
    Quat played = *TransformOf(evaluation, "cam").quaternion;
    // Target at (t, 0, 0) for t <= 2; d = (t, 0, -5): R_look is a yaw of atan2(-t, 5).
    double x = std::min(t, 2.0);
    double look_yaw = std::atan2(-x, 5.0);
    double u = std::min(t, 1.0);  // linear, from the identity: the SLERP is a yaw of u * look_yaw
    Quat expected = QuatFromAxisAngle(Vec3(0, 1, 0), look_yaw * u);
    ASSERT_LE(AngleDegrees(played, expected), tolerance) << "t = " << t;
    // The camera track shows the same pose.
    ASSERT_LE(AngleDegrees(*evaluation.camera->rotation, expected), tolerance) << "t = " << t;
  }
  // After E the forward axis points at the target: at t = 1.5, at (1.5, 0, 0).
  Quat at = *TransformOf(EvaluateSequence(built.sequence, 1.5), "cam").quaternion;
  EXPECT_LE(DirectionDegrees(Forward(at), Vec3(1.5, 0, -5)), tolerance);
}

TEST(CameraSequenceTest, AutoFocusReplaysTheLiveDistance) {
  std::string text = kLookAtScene;
  text.replace(text.find("    position: [0, 0, 5]\n"), 24,
               "    position: [0, 0, 5]\n    focus: 3\n");
  text.replace(text.find("      - {id: aim"), 0,
               "      - {id: pull, at: 0.5, duration: 1, focus: {on: target}}\n");
  Built built = Build(text);
  const CameraTrack* track = nullptr;
  for (const Track& candidate : built.sequence.tracks) {
    if (auto* camera = std::get_if<CameraTrack>(&candidate)) track = camera;
  }
  ASSERT_NE(track, nullptr);
  ASSERT_FALSE(track->focus_distance.empty());
  const double tolerance = built.scene.tolerance.position * 1.0001;
  for (int step = 0; step <= 2000; ++step) {
    double t = step / 1000.0;
    // Live distance |(x, 0, 0) - (0, 0, 5)|; from 3 at S = 0.5 over 1 s, then tracking.
    double x = std::min(t, 2.0);
    double live = std::sqrt(x * x + 25);
    double expected = t <= 0.5 ? 3 : 3 + (live - 3) * std::min(t - 0.5, 1.0);
    Evaluation evaluation = EvaluateSequence(built.sequence, t);
    ASSERT_NEAR(*evaluation.camera->focus_distance, expected, tolerance) << "t = " << t;
    ASSERT_EQ(*evaluation.camera->aperture, 2.8);
  }
}

// A: at (0, 0, 5), fov 40. B: at (5, 0, 0), yaw 90, fov 80, zooming to 100
// over [1, 2]. A cut to A at 0, a smoothstep blend to B over [1, 2].
constexpr const char* kBlendScene = R"(cinc: 1
cameras:
  a:
    position: [0, 0, 5]
    fov: 40
  b:
    position: [5, 0, 0]
    rotation: [0, 90, 0]
    fov: 80
    nodes:
      - {at: 1, duration: 1, fov: 100}
director:
  nodes:
    - {at: 0, shot: {camera: a}}
    - {at: 1, shot: {camera: b, blend: 1}}
    - {at: 3}
)";

TEST(CameraSequenceTest, BlendMixesPosesAndFovByTheBlendEasing) {
  Built built = Build(kBlendScene);
  const double fov_tolerance = built.scene.tolerance.rotation * 1.0001;
  for (int step = 0; step <= 3000; ++step) {
    double t = step / 1000.0;
    Evaluation evaluation = EvaluateSequence(built.sequence, t);
    const CameraSample& camera = *evaluation.camera;
    double b_fov = 80 + 20 * std::clamp(t - 1, 0.0, 1.0);
    double expected_fov = 40;
    if (t >= 2) {
      expected_fov = 100;
    } else if (t >= 1) {
      double u = t - 1;
      double w = u * u * (3 - 2 * u);
      expected_fov = 40 + (b_fov - 40) * w;
    }
    ASSERT_NEAR(*camera.fov, expected_fov, fov_tolerance) << "t = " << t;
  }
  // Halfway through the blend w = 1/2: position (2.5, 0, 2.5), rotation a yaw of 45.
  const CameraSample middle = *EvaluateSequence(built.sequence, 1.5).camera;
  EXPECT_NEAR(glm::length(*middle.position - Vec3(2.5, 0, 2.5)), 0, 1e-12);
  EXPECT_LE(AngleDegrees(*middle.rotation, QuatFromEulerDegrees(Vec3(0, 45, 0))), 1e-9);
  EXPECT_NEAR(*middle.fov, 40 + (90 - 40) * 0.5, fov_tolerance);
}

TEST(CameraSequenceTest, BlendBetweenConstantFovsIsExact) {
  std::string text = kBlendScene;
  const std::string fov_node = "    nodes:\n      - {at: 1, duration: 1, fov: 100}\n";
  text.replace(text.find(fov_node), fov_node.size(), "");
  Built built = Build(text);
  const CameraTrack* track = nullptr;
  for (const Track& candidate : built.sequence.tracks) {
    if (auto* camera = std::get_if<CameraTrack>(&candidate)) track = camera;
  }
  ASSERT_NE(track, nullptr);
  // 40 held, a linear key with the smoothstep ease to 80, 80 held.
  ASSERT_EQ(track->fov.size(), 3u);
  EXPECT_EQ(track->fov[1].t, 1);
  EXPECT_EQ(track->fov[1].value, std::vector<double>{40});
  EXPECT_EQ(track->fov[1].interp, Interpolation::kLinear);
  EXPECT_EQ(track->fov[2].value, std::vector<double>{80});
  EXPECT_TRUE(track->focus_distance.empty());
  EXPECT_NEAR(*EvaluateSequence(built.sequence, 1.25).camera->fov, 40 + 40 * (0.0625 * (3 - 0.5)),
              1e-9);
}

// A camera's rotation move is linear in its Euler triple: two exact keys,
// roll 0 all the way in the played sequence.
TEST(CameraSequenceTest, ALevelRotationMoveIsExact) {
  Built built = Build(R"(cinc: 1
cameras:
  cam:
    rotation: [-40, 0, 0]
    nodes:
      - {at: 0, duration: 2, rotation: [0, 120, 0], ease: ease_in_out}
director:
  nodes:
    - {at: 0, shot: {camera: cam}}
)");
  const TransformTrack* track = nullptr;
  for (const Track& candidate : built.sequence.tracks) {
    if (auto* transform = std::get_if<TransformTrack>(&candidate)) track = transform;
  }
  ASSERT_NE(track, nullptr);
  ASSERT_EQ(track->rotation.size(), 2u);
  auto expect_triple = [](const std::vector<double>& value, const Vec3& expected) {
    ASSERT_EQ(value.size(), 3u);
    for (int k = 0; k < 3; ++k) EXPECT_NEAR(value[k], expected[k], 1e-12);
  };
  expect_triple(track->rotation[0].value, Vec3(-40, 0, 0));
  EXPECT_EQ(track->rotation[0].interp, Interpolation::kLinear);
  EXPECT_TRUE(track->rotation[0].ease.has_value());
  EXPECT_EQ(track->rotation[1].t, 2);
  expect_triple(track->rotation[1].value, Vec3(0, 120, 0));
  for (double t : {0.3, 1.0, 1.6}) {
    double u = t / 2 * (t / 2) * (3 - 2 * (t / 2));  // smoothstep
    Quat played = *TransformOf(EvaluateSequence(built.sequence, t), "cam").quaternion;
    EXPECT_LE(AngleDegrees(played, QuatFromEulerDegrees(Vec3(-40 + 40 * u, 120 * u, 0))), 1e-9)
        << "t = " << t;
  }
}

TEST(CameraSequenceTest, PathFollowsTheCatmullRomSpline) {
  Built built = Build(R"(cinc: 1
cameras:
  cam:
    nodes:
      - {at: 0, duration: 2, position: [2, 0, 0], path: [[1, 1, 0]]}
)");
  const double tolerance = built.scene.tolerance.position * 1.0001;
  // P-1 = (-1, -1, 0), P0 = 0, P1 = (1, 1, 0), P2 = (2, 0, 0), P3 = (3, -1, 0):
  // x(s) = k + s on span k (the mirrored ends keep x uniform), and
  // y(s) = 0.5 * (2s + 2s^2 - 2s^3) = s + s^2 - s^3 on span 0, mirrored on span 1.
  for (int step = 0; step <= 2000; ++step) {
    double t = step / 1000.0;
    double s = t <= 1 ? t : 2 - t;
    Vec3 expected(t, s + s * s - s * s * s, 0);
    Vec3 played = *TransformOf(EvaluateSequence(built.sequence, t), "cam").position;
    ASSERT_LE(glm::length(played - expected), tolerance) << "t = " << t;
  }
}

// kLookAtScene with a cart at (0, 0, 5) turned 30 degrees about +Y, and the
// camera attaching to it over [2, 3] once the look-at has tracked.
constexpr const char* kAttachAfterLookAtScene = R"(cinc: 1
objects:
  target:
    opacity: 1
    nodes:
      - {id: slide, at: 0, duration: 2, position: [2, 0, 0]}
  cart:
    opacity: 1
    position: [0, 0, 5]
    rotation: [0, 30, 0]
cameras:
  cam:
    position: [0, 0, 5]
    nodes:
      - {id: aim, at: 0, duration: 1, look_at: target}
      - {id: mount, at: 2, duration: 1, attach: {to: cart}}
director:
  nodes:
    - {at: 0, shot: {camera: cam}}
)";

TEST(CameraSequenceTest, AnAttachAfterALookAtStartsFromTheTrackedRotation) {
  Built built = Build(kAttachAfterLookAtScene);
  const double tolerance = built.scene.tolerance.rotation * 1.0001;
  const double look_yaw_at_two = std::atan2(-2.0, 5.0);
  const double cart_yaw = Radians(30);
  for (int step = 0; step <= 3000; ++step) {
    double t = step / 1000.0;
    // Up to 2 as in LookAtReplaysTheClosedForm; then L goes from
    // F^-1 * R_look(2) to the identity in the cart's frame, all yaws about
    // +Y: the world yaw goes linearly from R_look(2)'s to the cart's 30.
    double yaw = 0;
    if (t <= 2) {
      yaw = std::atan2(-t, 5.0) * std::min(t, 1.0);
    } else {
      yaw = look_yaw_at_two + (cart_yaw - look_yaw_at_two) * std::min(t - 2, 1.0);
    }
    Quat expected = QuatFromAxisAngle(Vec3(0, 1, 0), yaw);
    Evaluation evaluation = EvaluateSequence(built.sequence, t);
    ASSERT_LE(AngleDegrees(*TransformOf(evaluation, "cam").quaternion, expected), tolerance)
        << "t = " << t;
  }
}

// A lamp carried by a camera, 1 m in front of it; the camera looks at the
// part over [0, 1] (the part is straight ahead: no turn), then tracks it
// while the part slides from x = 0 to 2 over [2, 4].
constexpr const char* kCarriedByLookAtScene = R"(cinc: 1
objects:
  part:
    opacity: 1
    nodes:
      - {id: slide, at: 2, duration: 2, position: [2, 0, 0]}
  lamp:
    opacity: 1
    nodes:
      - {id: mount, at: 0, duration: 0, attach: {to: cam, offset: {position: [0, 0, -1]}}}
cameras:
  cam:
    position: [0, 0, 5]
    nodes:
      - {id: aim, at: 0, duration: 1, look_at: part}
director:
  nodes:
    - {at: 0, shot: {camera: cam}}
)";

TEST(CameraSequenceTest, AnOwnerCarriedByALookAtFollowsTheTarget) {
  Built built = Build(kCarriedByLookAtScene);
  const double position_tolerance = built.scene.tolerance.position * 1.0001;
  const double rotation_tolerance = built.scene.tolerance.rotation * 1.0001;
  for (int step = 0; step <= 4000; ++step) {
    double t = step / 1000.0;
    // Part at (x, 0, 0), d = (x, 0, -5): the camera's -Z is d / |d| and its
    // rotation a yaw of atan2(-x, 5); the lamp is at cam + that axis.
    double x = std::clamp(t - 2, 0.0, 2.0);
    Vec3 position = Vec3(0, 0, 5) + glm::normalize(Vec3(x, 0, -5));
    Quat rotation = QuatFromAxisAngle(Vec3(0, 1, 0), std::atan2(-x, 5.0));
    const Evaluation evaluation = EvaluateSequence(built.sequence, t);
    const TransformSample& lamp = TransformOf(evaluation, "lamp");
    ASSERT_LE(glm::length(*lamp.position - position), position_tolerance) << "t = " << t;
    ASSERT_LE(AngleDegrees(*lamp.quaternion, rotation), rotation_tolerance) << "t = " << t;
  }
  // `cinc build --verify`: the written sequence against the exact state.
  Diagnostics diagnostics("out.sequence.json");
  VerifyReport report = VerifySequence(built.scene, built.timeline, built.rig, built.sequence,
                                       VerifySettings{built.scene.tolerance}, &diagnostics);
  EXPECT_TRUE(report.passed) << VerifyReportToText(report);
}

#ifdef CINC_SOURCE_DIR
TEST(InstructionsExampleTest, ChaptersCuesAndClipsComeAtTheResolvedTimes) {
  Diagnostics diagnostics("instructions.yaml");
  Compilation compilation = CompileScene(
      std::string(CINC_SOURCE_DIR) + "/examples/instructions/instructions.yaml", {}, &diagnostics);
  ASSERT_TRUE(compilation.ready);
  Sequence sequence = EmitSequence(compilation.scene, compilation.timeline, compilation.rig,
                                   EmitSettings{}, FitSettingsFor(compilation.scene), &diagnostics);
  Diagnostics validation("instructions.sequence.json");
  ASSERT_TRUE(ValidateEmittedSequence(sequence, &validation));
  // By hand from the timing graph: base.in [0, 0.5]; bracket.show after it
  // with lag 0.3: [0.8, 1.1]; fit [1.1, 2.1]; screw1.show [2.1, 2.3], drive
  // [2.3, 2.9]; screw2.show [2.9, 3.1], drive [3.1, 3.7]; to-overview at 3.7.
  std::vector<std::pair<double, std::string>> chapters, actions;
  std::vector<double> clips;
  const CameraTrack* camera = nullptr;
  const TimeTrack* time = nullptr;
  for (const Track& track : sequence.tracks) {
    if (auto* cues = std::get_if<CuesTrack>(&track)) {
      for (const SequenceCue& cue : cues->cues) {
        if (cue.kind == "marker") chapters.emplace_back(cue.t, cue.name);
        if (cue.kind == "script") actions.emplace_back(cue.t, cue.name + " " + *cue.target);
      }
    }
    if (auto* audio = std::get_if<AudioTrack>(&track)) {
      for (const AudioClip& clip : audio->clips) {
        clips.push_back(clip.start);
        EXPECT_EQ(clip.sound, "screw-drive");
        EXPECT_NEAR(*clip.duration, 0.6, 1e-12);
      }
    }
    if (auto* found = std::get_if<CameraTrack>(&track)) camera = found;
    if (auto* found = std::get_if<TimeTrack>(&track)) time = found;
  }
  using Chapter = std::pair<double, std::string>;
  EXPECT_EQ(chapters, (std::vector<Chapter>{{0, "Step 1: the base plate"},
                                            {0.8, "Step 2: the bracket"},
                                            {2.1, "Step 3: the screws"},
                                            {3.7, "Step 4: done"}}));
  EXPECT_EQ(actions, (std::vector<Chapter>{{2.3, "tighten screw1"}, {3.1, "tighten screw2"}}));
  EXPECT_EQ(clips, (std::vector<double>{2.3, 3.1}));
  ASSERT_NE(camera, nullptr);
  ASSERT_EQ(camera->shots.size(), 4u);
  EXPECT_EQ(camera->shots[1].start, 0.8);
  EXPECT_EQ(camera->shots[1].blend, 0.4);
  EXPECT_EQ(camera->shots[2].start, 2.1);
  EXPECT_EQ(camera->shots[3].start, 3.7);
  EXPECT_FALSE(camera->fov.empty());
  EXPECT_FALSE(camera->focus_distance.empty());
  ASSERT_NE(time, nullptr);
  // Slow motion from 3.1 (0.3 reached at 3.3), back to 1 over [3.5, 3.7].
  EXPECT_NEAR(TimeScaleAt(sequence, 3.4), 0.3, 1e-12);
  EXPECT_NEAR(TimeScaleAt(sequence, 3.8), 1, 1e-12);
  EXPECT_EQ(sequence.duration, 4.5);
}

// A build lets the relations go once timing is resolved: none are left, and
// the sequence is the one made with them kept. The bookcase has `after:`,
// `with:` and an `until:` chapter.
TEST(RelationsAfterTimingTest, ReleasedRelationsLeaveTheSequenceAsItWas) {
  const std::string scene = std::string(CINC_SOURCE_DIR) + "/examples/bookcase/bookcase.yaml";
  auto compile = [&](RelationsAfterTiming relations, size_t* relation_count) {
    Diagnostics diagnostics("bookcase.yaml");
    Compilation compilation = CompileScene(scene, {}, &diagnostics, relations);
    EXPECT_TRUE(compilation.ready);
    *relation_count = 0;
    for (const SceneObject& object : compilation.scene.objects) {
      for (const Node& node : object.nodes) {
        *relation_count += node.relations.size() + node.until.size();
      }
    }
    for (const Node& node : compilation.scene.director_nodes) {
      *relation_count += node.relations.size() + node.until.size();
    }
    return WriteSequence(EmitSequence(compilation.scene, compilation.timeline, compilation.rig,
                                      EmitSettings{}, FitSettingsFor(compilation.scene),
                                      &diagnostics));
  };
  size_t kept = 0;
  size_t released = 0;
  const std::string with_relations = compile(RelationsAfterTiming::kKeep, &kept);
  const std::string without = compile(RelationsAfterTiming::kRelease, &released);
  EXPECT_GT(kept, 24u);
  EXPECT_EQ(released, 0u);
  EXPECT_EQ(without, with_relations);
}
#endif

}  // namespace
}  // namespace cinc
