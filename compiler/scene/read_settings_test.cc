// The scene's settings: version, name, time unit and ticks, snap.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using testing_support::Load;
using testing_support::Loaded;
using testing_support::Problems;
using testing_support::Seconds;

TEST(SceneLoaderTest, TickTimesAreConvertedWhateverTheKeyOrder) {
  Loaded loaded = Load(
      "cinc: 1\n"
      "objects:\n"
      "  a:\n"
      "    nodes:\n"
      "      - {at: 30, duration: 10}\n"
      "      - {after: n, lag: 5, duration: 2.0}\n"
      "      - {duration: 2.5}\n"
      "time: {ticks: 20}\n");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("7:20 E_SCENE_VALUE /objects/a/nodes/2/duration: duration 2.5 is not a "
                          "whole number of ticks"));
  EXPECT_EQ(loaded.scene.ticks_per_second, 20);
  const std::vector<Node>& nodes = loaded.scene.objects[0].nodes;
  ASSERT_EQ(nodes.size(), 3u);
  EXPECT_EQ(nodes[0].relations[0].offset, Seconds(3, 2));
  EXPECT_EQ(nodes[0].duration, Seconds(1, 2));
  EXPECT_EQ(nodes[1].relations[0].offset, Seconds(1, 4));
  EXPECT_EQ(nodes[1].duration, Seconds(1, 10));
}

TEST(SceneLoaderTest, TickTimesWithTheUnitFirst) {
  Loaded loaded = Load(
      "cinc: 1\n"
      "time: {ticks: 4}\n"
      "director: {nodes: [{shot: {camera: c, blend: 0.5}, sound: {name: s, fade_out: 2}}]}\n");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("3:46 E_SCENE_VALUE /director/nodes/0/shot/blend: blend 0.5 is not a "
                          "whole number of ticks"));
  ASSERT_EQ(loaded.scene.director_nodes.size(), 1u);
  EXPECT_EQ(loaded.scene.director_nodes[0].rare().sound->fade_out, Seconds(1, 2));
}

TEST(SceneLoaderTest, DefaultNameIsTheFileStemMadeValid) {
  EXPECT_EQ(Load("cinc: 1", "dir/gear box.v2.yaml").scene.name, "gear_box_v2");
  EXPECT_EQ(Load("cinc: 1",
                 "dir/g\xC3\xA9"
                 "ar.yaml")
                .scene.name,
            "g_ar");
  EXPECT_EQ(Load("cinc: 1", "").scene.name, "scene");
}

TEST(SceneLoaderTest, VersionProblems) {
  EXPECT_THAT(Problems("name: x\n"), ElementsAre("1:1 E_SCENE_VERSION : missing field cinc"));
  EXPECT_THAT(Problems("# comment\n\nname: x\n"),
              ElementsAre("1:1 E_SCENE_VERSION : missing field cinc"));
  EXPECT_THAT(Problems("cinc: 2\n"),
              ElementsAre("1:7 E_SCENE_VERSION /cinc: format version must be 1, got '2'"));
  EXPECT_THAT(Problems("cinc: 1.0\n"),
              ElementsAre("1:7 E_SCENE_VERSION /cinc: format version must be 1, got '1.0'"));
  EXPECT_THAT(Problems("cinc: \"1\"\n"),
              ElementsAre("1:7 E_SCENE_VERSION /cinc: format version must be 1, got a string"));
  EXPECT_THAT(Problems("cinc: [1]\n"),
              ElementsAre("1:7 E_SCENE_VERSION /cinc: format version must be 1, got a list"));
  EXPECT_THAT(Problems("cinc: {v: 1}\n"),
              ElementsAre("1:7 E_SCENE_VERSION /cinc: format version must be 1, got a mapping"));
}

TEST(SceneLoaderTest, TimeUnitAndSnapProblems) {
  EXPECT_THAT(Problems("cinc: 1\ntime: {ticks: 0}\n"),
              ElementsAre("2:15 E_SCENE_VALUE /time/ticks: ticks 0 is not an integer in "
                          "1..100000"));
  EXPECT_THAT(Problems("cinc: 1\ntime: {}\n"),
              ElementsAre("2:7 E_SCENE_FORMAT /time: missing field ticks"));
  EXPECT_THAT(Problems("cinc: 1\ntime: [s]\n"),
              ElementsAre("2:7 E_SCENE_FORMAT /time: expected s or {ticks: N}, got a list"));
  EXPECT_THAT(Problems("cinc: 1\nsnap: \"30\"\n"),
              ElementsAre("2:7 E_SCENE_FORMAT /snap: expected an integer, got a string"));
  EXPECT_THAT(Problems("cinc: 1\nsnap: 100001\n"),
              ElementsAre("2:7 E_SCENE_VALUE /snap: snap 100001 is not an integer in 1..100000"));
  EXPECT_THAT(Problems("cinc: 1\nname: ~\n"),
              ElementsAre("2:7 E_SCENE_FORMAT /name: expected a string, got null"));
}

}  // namespace
}  // namespace cinc
