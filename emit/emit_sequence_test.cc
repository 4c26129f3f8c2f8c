#include "emit/emit_sequence.h"

#include <gtest/gtest.h>

#include "emit/shards.h"
#include "emit/test_support.h"
#include "sequence/recorded_sequence.h"
#include "sequence/sequence_json.h"

namespace cinc {
namespace {

using testing::MakeSegment;
using testing::MakeTrack;
using testing::Named;
using testing::Time;

// box: visible (opacity 1), moves to [1, 0, 0] over [0, 1] with
// ease_in_out; cam: still at [0, 1, 5]; director: open at 0 cuts to cam
// with label "Go".
struct SmallScene {
  Scene scene;
  Timeline timeline;
  Rig rig;
};

SmallScene MakeSmallScene() {
  SmallScene setup;
  setup.scene.name = "demo";
  SceneObject box;
  box.name = "box";
  box.opacity = 1;
  Node move;
  move.owner = "box";
  move.id = "move";
  move.position = Vec3(1, 0, 0);
  move.ease = Named("ease_in_out");
  box.nodes = {move};
  SceneObject cam;
  cam.name = "cam";
  cam.is_camera = true;
  cam.position = Vec3(0, 1, 5);
  Node open;
  open.owner = "director";
  open.id = "open";
  open.mutable_rare().label = LocatedString{"Go", {}};
  open.mutable_rare().shot = Shot{"cam", {}, std::nullopt, {}};
  setup.scene.objects = {box};
  setup.scene.cameras = {cam};
  setup.scene.director_nodes = {open};
  setup.timeline.duration = Time("1");
  setup.timeline.objects = {{{Time("0"), Time("1"), true}}};
  setup.timeline.cameras = {{}};
  setup.timeline.director = {{Time("0"), Time("0"), true}};
  ObjectRig box_rig;
  box_rig.position =
      MakeTrack(Vec3(0), {MakeSegment("0", "1", Vec3(0), Vec3(1, 0, 0), Named("ease_in_out"))});
  box_rig.scale.initial = Vec3(1);
  box_rig.opacity.initial = 1;
  CameraRig cam_rig;
  cam_rig.position.initial = Vec3(0, 1, 5);
  cam_rig.fov.initial = 60;  // the camera track always keys the shown camera's fov
  setup.rig.objects = {box_rig};
  setup.rig.cameras = {cam_rig};
  return setup;
}

TEST(EmitSequence, SmallSceneBytes) {
  SmallScene setup = MakeSmallScene();
  Diagnostics diagnostics;
  Sequence sequence = EmitSequence(setup.scene, setup.timeline, setup.rig, EmitSettings{},
                                   FitSettingsFor(setup.scene), &diagnostics);
  EXPECT_FALSE(diagnostics.HasErrors());
  const char* expected = R"({
  "version": 1,
  "name": "demo",
  "duration": 1,
  "loop": false,
  "tracks": [
    {
      "type": "transform",
      "target": "box",
      "position": [
        {"t": 0, "value": [0, 0, 0], "interp": "linear", "ease": [0.3333333333333333, 0, 0.6666666666666666, 1]},
        {"t": 1, "value": [1, 0, 0], "interp": "step"}
      ],
      "rotation": [
        {"t": 0, "value": [0, 0, 0], "interp": "step"}
      ]
    },
    {
      "type": "transform",
      "target": "cam",
      "position": [
        {"t": 0, "value": [0, 1, 5], "interp": "step"}
      ],
      "rotation": [
        {"t": 0, "value": [0, 0, 0], "interp": "step"}
      ]
    },
    {
      "type": "camera",
      "shots": [
        {"start": 0, "camera": "cam"}
      ],
      "fov": [
        {"t": 0, "value": 60, "interp": "step"}
      ]
    },
    {
      "type": "cues",
      "cues": [
        {
          "t": 0,
          "kind": "vfx",
          "name": "opacity",
          "target": "box",
          "data": {"from": 1, "to": 1, "duration": 0, "ease": "linear"}
        },
        {
          "t": 0,
          "kind": "marker",
          "name": "Go",
          "data": {"label": "Go", "node": "director.open", "end": 0}
        }
      ]
    }
  ]
}
)";
  EXPECT_EQ(WriteSequence(sequence), expected);
  testing::ExpectValidSequence(sequence);
}

TEST(EmitSequence, CuesBeyond256GoToFurtherTracks) {
  SmallScene setup = MakeSmallScene();
  Node& open = setup.scene.director_nodes[0];
  for (int index = 0; index < 300; ++index) {
    Cue cue;
    cue.kind = "marker";
    cue.name = "c" + std::to_string(index);
    open.mutable_rare().cues.push_back(cue);
  }
  Sequence sequence = EmitSequence(setup.scene, setup.timeline, setup.rig, EmitSettings{},
                                   FitSettingsFor(setup.scene), nullptr);
  ASSERT_EQ(sequence.tracks.size(), 5u);
  EXPECT_EQ(std::get<CuesTrack>(sequence.tracks[3]).cues.size(), 256u);
  EXPECT_EQ(std::get<CuesTrack>(sequence.tracks[4]).cues.size(), 302u - 256u);
  EXPECT_EQ(std::get<CuesTrack>(sequence.tracks[4]).cues.back().name, "c299");
  testing::ExpectValidSequence(sequence);
}

// 300 objects o0..o299 beside the small scene's box (each still, visible:
// an opacity cue each), and the director's node with a cue that targets
// o299: 301 object tracks, the camera's, the camera track and 303 cues are
// more than one sequence holds. Made shard by shard, the shards are the
// ones cut from the whole sequence, to the byte.
TEST(EmitShards, TheShardsOfTheWholeSequence) {
  SmallScene setup = MakeSmallScene();
  for (int index = 0; index < 300; ++index) {
    SceneObject object;
    object.name = "o" + std::to_string(index);
    object.opacity = 1;
    setup.scene.objects.push_back(object);
    setup.timeline.objects.emplace_back();
    ObjectRig rig;
    rig.position.initial = Vec3(index, 0, 0);
    rig.scale.initial = Vec3(1);
    rig.opacity.initial = 1;
    setup.rig.objects.push_back(rig);
  }
  Cue spark;
  spark.kind = "vfx";
  spark.name = "spark";
  spark.target = "o299";
  setup.scene.director_nodes[0].mutable_rare().cues.push_back(spark);
  // And the camera's node has a cue for o298, which goes with o298 too.
  Node framing;
  framing.owner = "cam";
  Cue flash;
  flash.kind = "vfx";
  flash.name = "flash";
  flash.target = "o298";
  framing.mutable_rare().cues.push_back(flash);
  setup.scene.cameras[0].nodes.push_back(framing);
  setup.timeline.cameras[0].push_back({Time("0.5"), Time("0.5"), true});
  std::vector<std::string> names;
  for (const SceneObject& object : setup.scene.objects) names.push_back(object.name);
  std::vector<Sequence> expected =
      ShardSequence(EmitSequence(setup.scene, setup.timeline, setup.rig, EmitSettings{},
                                 FitSettingsFor(setup.scene), nullptr),
                    names);
  ASSERT_EQ(expected.size(), 2u);

  Diagnostics diagnostics;
  std::vector<std::string> texts;
  bool made = EmitShards(setup.scene, setup.timeline, setup.rig, EmitSettings{},
                         FitSettingsFor(setup.scene), &diagnostics,
                         [&](Sequence shard, size_t index, size_t count) {
                           EXPECT_EQ(index, texts.size());
                           EXPECT_EQ(count, 2u);
                           texts.push_back(WriteSequence(shard));
                         });
  EXPECT_TRUE(made);
  EXPECT_FALSE(diagnostics.HasErrors());
  ASSERT_EQ(texts.size(), 2u);
  EXPECT_EQ(texts[0], WriteSequence(expected[0]));
  EXPECT_EQ(texts[1], WriteSequence(expected[1]));
  // The cues for o299 and o298 went with them to the second shard.
  EXPECT_NE(texts[1].find("\"name\": \"spark\""), std::string::npos);
  EXPECT_NE(texts[1].find("\"name\": \"flash\""), std::string::npos);
  EXPECT_EQ(texts[0].find("\"name\": \"flash\""), std::string::npos);
}

// A scene whose sequence fits one file: EmitShards takes one shard, the
// whole sequence, to the byte.
void ExpectOneShardThatIsTheWholeSequence(const SmallScene& setup) {
  std::vector<std::string> texts;
  EXPECT_TRUE(EmitShards(setup.scene, setup.timeline, setup.rig, EmitSettings{},
                         FitSettingsFor(setup.scene), nullptr,
                         [&](Sequence shard, size_t, size_t count) {
                           EXPECT_EQ(count, 1u);
                           texts.push_back(WriteSequence(shard));
                         }));
  ASSERT_EQ(texts.size(), 1u);
  EXPECT_EQ(texts[0],
            WriteSequence(EmitSequence(setup.scene, setup.timeline, setup.rig, EmitSettings{},
                                       FitSettingsFor(setup.scene), nullptr)));
}

TEST(EmitShards, OneShardIsTheWholeSequence) {
  ExpectOneShardThatIsTheWholeSequence(MakeSmallScene());
}

// Without objects, the one shard is the camera's and director's tracks and
// every cue.
TEST(EmitShards, NoObjectsIsOneShard) {
  SmallScene setup = MakeSmallScene();
  setup.scene.objects.clear();
  setup.timeline.objects.clear();
  setup.rig.objects.clear();
  ExpectOneShardThatIsTheWholeSequence(setup);
}

// EmitShards on a scene it cannot emit: it returns false, takes nothing and
// reports one problem, returned.
Diagnostic OnlyProblemOfEmittingNothing(const SmallScene& setup) {
  Diagnostics diagnostics;
  bool taken = false;
  EXPECT_FALSE(EmitShards(setup.scene, setup.timeline, setup.rig, EmitSettings{},
                          FitSettingsFor(setup.scene), &diagnostics,
                          [&](Sequence, size_t, size_t) { taken = true; }));
  EXPECT_FALSE(taken);
  EXPECT_EQ(diagnostics.items().size(), 1u);
  return diagnostics.items().empty() ? Diagnostic() : diagnostics.items()[0];
}

// 300 cameras leave no room for the object's track: E_LIMIT, nothing
// taken, false.
TEST(EmitShards, AFirstShardThatCannotHoldItsOwnTracksTakesNothing) {
  SmallScene setup = MakeSmallScene();
  const SceneObject cam = setup.scene.cameras[0];
  const CameraRig cam_rig = setup.rig.cameras[0];
  for (int index = 1; index < 300; ++index) {
    SceneObject camera = cam;
    camera.name = "cam" + std::to_string(index);
    setup.scene.cameras.push_back(camera);
    setup.timeline.cameras.emplace_back();
    setup.rig.cameras.push_back(cam_rig);
  }
  Diagnostic problem = OnlyProblemOfEmittingNothing(setup);
  EXPECT_EQ(problem.code, DiagnosticCode::kLimit);
  EXPECT_EQ(problem.message,
            "the first sequence file would need 302 tracks for 300 cameras and 2 camera, time, "
            "audio and cue tracks, more than the 255 it holds; use fewer cameras");
}

TEST(EmitShards, ARigThatDoesNotMatchTakesNothing) {
  SmallScene setup = MakeSmallScene();
  setup.rig = Rig{};
  EXPECT_EQ(OnlyProblemOfEmittingNothing(setup).code, DiagnosticCode::kInternal);
}

// Emission takes the rig BuildRig made of an error-free scene; a rig that
// does not hold every object and camera is a bug in the caller.
TEST(EmitSequence, ARigThatDoesNotMatchTheSceneIsAnInternalError) {
  SmallScene setup = MakeSmallScene();
  setup.rig = Rig{};
  Diagnostics diagnostics;
  Sequence sequence = EmitSequence(setup.scene, setup.timeline, setup.rig, EmitSettings{},
                                   FitSettingsFor(setup.scene), &diagnostics);
  EXPECT_TRUE(sequence.tracks.empty());
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code_name(), "E_INTERNAL");
  EXPECT_EQ(diagnostics.items()[0].message,
            "emission was given a rig that does not hold every object and camera");
}

}  // namespace
}  // namespace cinc
