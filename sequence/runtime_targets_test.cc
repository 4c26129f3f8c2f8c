#include "sequence/runtime_targets.h"

#include <gtest/gtest.h>

#include "sequence/recorded_sequence.h"

namespace cinc {
namespace {

std::vector<std::string> Report(const Sequence& sequence, const RuntimeScene& scene) {
  Diagnostics diagnostics("intro.sequence.json");
  CheckRuntimeTargets(sequence, scene, &diagnostics);
  std::vector<std::string> lines;
  for (const Diagnostic& diagnostic : diagnostics.items()) {
    lines.push_back(std::string(diagnostic.code_name()) + " " + diagnostic.path + ": " +
                    diagnostic.message);
  }
  return lines;
}

Sequence TwoTracksAndShots() {
  Sequence sequence;
  sequence.name = "intro";
  sequence.duration = 4;
  TransformTrack lid;
  lid.target = "lid";
  TransformTrack ghost;
  ghost.target = "ghost";
  CameraTrack camera;
  camera.shots = {{0, "main", std::nullopt, std::nullopt}, {2, "side", 1.0, std::nullopt}};
  sequence.tracks = {lid, ghost, camera};
  return sequence;
}

TEST(RuntimeTargetsTest, EverythingPresentIsFine) {
  RuntimeScene scene{{"lid", "ghost", "main", "side"}, {"main", "side"}, "CinemaCamera"};
  Diagnostics diagnostics;
  EXPECT_TRUE(CheckRuntimeTargets(TwoTracksAndShots(), scene, &diagnostics));
  testing::ExpectValidSequence(TwoTracksAndShots());
  EXPECT_TRUE(diagnostics.items().empty());
}

TEST(RuntimeTargetsTest, ReportsEveryMissingTargetInTrackOrder) {
  // "ghost" and the shot camera "side" are not in the scene; the output
  // camera is missing too, which is fine (the runtime creates it).
  RuntimeScene scene{{"lid", "main"}, {"main"}, "CinemaCamera"};
  EXPECT_EQ(
      Report(TwoTracksAndShots(), scene),
      (std::vector<std::string>{
          "E_CINEMA_TARGET /tracks/1/target: track target 'ghost' is not in the scene",
          "E_CINEMA_TARGET /tracks/2/shots/1/camera: shot camera 'side' is not in the scene"}));
}

TEST(RuntimeTargetsTest, OutputCameraWithoutCameraComponent) {
  RuntimeScene scene{{"lid", "ghost", "main", "side", "Director"}, {"main", "side"}, "Director"};
  EXPECT_EQ(Report(TwoTracksAndShots(), scene),
            (std::vector<std::string>{
                "E_CINEMA_TARGET /tracks/2: output camera 'Director' has no Camera component"}));
}

TEST(RuntimeTargetsTest, NoCameraTrackNeedsNoOutputCamera) {
  Sequence sequence = TwoTracksAndShots();
  sequence.tracks.pop_back();
  RuntimeScene scene{{"lid", "ghost", "Director"}, {}, "Director"};
  EXPECT_EQ(Report(sequence, scene), std::vector<std::string>{});
}

}  // namespace
}  // namespace cinc
