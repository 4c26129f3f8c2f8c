// Typed values: exact times, rotations and scales, lengths of strings.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing_support::ExpectVec3;
using testing_support::Load;
using testing_support::Loaded;
using testing_support::Problems;
using testing_support::Seconds;

TEST(SceneLoaderTest, TimesAreExactDecimals) {
  Loaded loaded = Load(
      "cinc: 1\ndirector:\n  nodes:\n"
      "    - {at: 0.3, duration: 0.1}\n"
      "    - {after: x, lag: -0.2, duration: 1e-9}\n"
      "    - {with: x, lag: 0x10, duration: 1000000}\n");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const std::vector<Node>& nodes = loaded.scene.director_nodes;
  ASSERT_EQ(nodes.size(), 3u);
  EXPECT_EQ(nodes[0].relations[0].offset, Seconds(3, 10));
  EXPECT_EQ(nodes[0].duration, Seconds(1, 10));
  EXPECT_EQ(nodes[0].duration + nodes[0].relations[0].offset, Seconds(2, 5));
  EXPECT_EQ(nodes[1].relations[0].offset, Seconds(-1, 5));
  EXPECT_EQ(nodes[1].duration, Seconds(1, 1000000000));
  EXPECT_EQ(nodes[2].relations[0].offset, Seconds(16));
  EXPECT_EQ(nodes[2].duration, Seconds(1000000));
}

TEST(SceneLoaderTest, RotationsAndScales) {
  Loaded loaded = Load(
      "cinc: 1\nobjects:\n"
      "  a: {rotation: [10, 20, 30], scale: [1, 2, 3]}\n"
      "  b: {rotation: {quaternion: [0, 0, 2, 0]}, scale: 0.5}\n"
      "cameras:\n  c: {focus: 2.5, aperture: 4, fov: 30}\n");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  Quat expected = QuatFromEulerDegrees(Vec3(10, 20, 30));
  EXPECT_DOUBLE_EQ(loaded.scene.objects[0].rotation.w, expected.w);
  EXPECT_DOUBLE_EQ(loaded.scene.objects[0].rotation.x, expected.x);
  EXPECT_DOUBLE_EQ(loaded.scene.objects[0].rotation.y, expected.y);
  EXPECT_DOUBLE_EQ(loaded.scene.objects[0].rotation.z, expected.z);
  ExpectVec3(loaded.scene.objects[0].scale, 1, 2, 3);
  const Quat& quaternion = loaded.scene.objects[1].rotation;  // [0, 0, 2, 0] normalised
  EXPECT_EQ(quaternion.x, 0);
  EXPECT_EQ(quaternion.y, 0);
  EXPECT_EQ(quaternion.z, 1);
  EXPECT_EQ(quaternion.w, 0);
  ExpectVec3(loaded.scene.objects[1].scale, 0.5, 0.5, 0.5);
  EXPECT_EQ(loaded.scene.cameras[0].lens().focus.distance, 2.5);
  EXPECT_EQ(loaded.scene.cameras[0].lens().aperture, 4);
  EXPECT_EQ(loaded.scene.cameras[0].lens().fov, 30);
}

TEST(SceneLoaderTest, LongNamesAreOverTheLimit) {
  std::string name(257, 'a');
  EXPECT_THAT(
      Problems("cinc: 1\nobjects:\n  " + name + ": {}\n"),
      ElementsAre("3:3 E_LIMIT /objects/" + name + ": object name is longer than 256 characters"));
  EXPECT_THAT(Problems("cinc: 1\nobjects:\n  " + name.substr(1) + ": {}\n"), IsEmpty());
}

}  // namespace
}  // namespace cinc
