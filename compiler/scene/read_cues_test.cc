// What a node cues: shots, cues, sounds and their problems.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using testing_support::Load;
using testing_support::Loaded;
using testing_support::Seconds;

TEST(SceneNodesTest, EventFieldsAndTheirProblems) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a:
    nodes:
      - cue: {kind: script, name: go, target: a, data: {speed: 2, tags: [x, "y"], on: true, none: ~, big: 1.5e3}}
        sound: {name: clank, volume: 0.5, offset: 0.25, fade_in: 0.1, fade_out: 0.2}
        label: "Step 1"
        ease: [0.25, 0.1, 0.25, 1]
      - cue: [{kind: scrip, name: x}, {name: y}, {kind: script, name: z}, {kind: vfx, name: w, data: .nan}, 5]
        sound: {volume: -1, fade_in: -0.5}
        ease: ease-inn
      - {cue: hello, ease: 1, label: [x]}
)");
  EXPECT_THAT(
      loaded.diagnostics,
      ElementsAre(
          "9:22 E_SCENE_VALUE /objects/a/nodes/1/cue/0/kind: unknown cue kind 'scrip' (did you "
          "mean 'script'?)",
          "9:39 E_SCENE_FORMAT /objects/a/nodes/1/cue/1: missing field kind",
          "9:50 E_SCENE_FORMAT /objects/a/nodes/1/cue/2: missing field target",
          "9:102 E_SCENE_VALUE /objects/a/nodes/1/cue/3/data: data .nan is not a finite number",
          "9:109 E_SCENE_FORMAT /objects/a/nodes/1/cue/4: expected a mapping, got a number",
          "10:16 E_SCENE_FORMAT /objects/a/nodes/1/sound: missing field name",
          "10:25 E_SCENE_VALUE /objects/a/nodes/1/sound/volume: volume -1 is negative",
          "10:38 E_SCENE_VALUE /objects/a/nodes/1/sound/fade_in: fade_in -0.5 is negative",
          "11:15 E_SCENE_VALUE /objects/a/nodes/1/ease: unknown ease 'ease-inn' (did you mean "
          "'ease-in'?)",
          "12:15 E_SCENE_FORMAT /objects/a/nodes/2/cue: expected a cue or a list of cues, got a "
          "string",
          "12:28 E_SCENE_FORMAT /objects/a/nodes/2/ease: expected an ease name or a list of 4 "
          "numbers, got a number",
          "12:38 E_SCENE_FORMAT /objects/a/nodes/2/label: expected a string, got a list"));
  const Node& node = loaded.scene.objects[0].nodes[0];
  ASSERT_EQ(node.rare().cues.size(), 1u);
  EXPECT_EQ(node.rare().cues[0].kind, "script");
  EXPECT_EQ(node.rare().cues[0].name, "go");
  EXPECT_EQ(node.rare().cues[0].target, "a");
  EXPECT_EQ(node.rare().cues[0].data_json,
            R"({"speed":2,"tags":["x","y"],"on":true,"none":null,"big":1500})");
  EXPECT_EQ(node.rare().cues[0].origin.path(), "/objects/a/nodes/0/cue");
  ASSERT_TRUE(node.rare().sound.has_value());
  EXPECT_EQ(node.rare().sound->name, "clank");
  EXPECT_EQ(node.rare().sound->volume, 0.5);
  EXPECT_EQ(node.rare().sound->offset, Seconds(1, 4));
  EXPECT_EQ(node.rare().sound->fade_in, Seconds(1, 10));
  EXPECT_EQ(node.rare().sound->fade_out, Seconds(1, 5));
  ASSERT_TRUE(node.rare().label);
  EXPECT_EQ(node.rare().label->value, "Step 1");
  EXPECT_EQ(node.rare().label->origin.location, (SourceLocation{7, 16}));
  EXPECT_EQ(node.ease.kind, Ease::Kind::kCubicBezier);
  EXPECT_EQ(node.ease.control(), (std::array<double, 4>{0.25, 0.1, 0.25, 1}));
  EXPECT_FALSE(node.has_duration);
  EXPECT_TRUE(loaded.scene.objects[0].nodes[1].rare().cues.empty());
  EXPECT_FALSE(loaded.scene.objects[0].nodes[1].rare().sound.has_value());
}

}  // namespace
}  // namespace cinc
