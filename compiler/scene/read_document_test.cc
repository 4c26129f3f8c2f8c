// The document and its top level: one mapping, one document, syntax
// errors, every top-level problem reported, `x-` keys.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using testing_support::ExpectVec3;
using testing_support::Load;
using testing_support::Loaded;
using testing_support::Problems;

TEST(SceneLoaderTest, DocumentProblems) {
  EXPECT_THAT(Problems(""), ElementsAre("1:1 E_SCENE_FORMAT : the file is empty"));
  EXPECT_THAT(Problems("- a\n- b\n"),
              ElementsAre("1:1 E_SCENE_FORMAT : expected a mapping, got a list"));
  EXPECT_THAT(Problems("hello"),
              ElementsAre("1:1 E_SCENE_FORMAT : expected a mapping, got a string"));
  EXPECT_THAT(Problems("\x89PNG\r\n\x1A\n"),
              ElementsAre("1:1 E_SCENE_FORMAT : invalid leading UTF-8 octet (0x89)"));
  EXPECT_THAT(Problems("cinc: 1\n---\ncinc: 1\n"),
              ElementsAre("2:1 E_SCENE_FORMAT : only one document is allowed"));
}

TEST(SceneLoaderTest, SyntaxErrorKeepsWhatWasFoundBefore) {
  EXPECT_THAT(Problems("cinc: 1\nsnap: 0\nobjects:\n  a: {position: [1, 2, 3]\n  b: {}\n"),
              ElementsAre("2:7 E_SCENE_VALUE /snap: snap 0 is not an integer in 1..100000",
                          "5:3 E_SCENE_FORMAT /objects/a: did not find expected ',' or '}' "
                          "(while parsing a flow mapping at line 4, column 6)"));
}

TEST(SceneLoaderTest, TopLevelProblemsAreAllReportedSorted) {
  EXPECT_THAT(
      Problems("cinc: 1\n"
               "name: a b\n"
               "time: ms\n"
               "snap: 2.5\n"
               "loop: 1\n"
               "tolerance: {position: 0, rotation: -1}\n"
               "nmae: x\n"
               "cinc: 1\n"
               "? [complex]\n"
               ": key\n"),
      ElementsAre("2:7 E_SCENE_NAME /name: invalid sequence name 'a b'",
                  "3:7 E_SCENE_VALUE /time: unknown time unit 'ms' (expected s or {ticks: N})",
                  "4:7 E_SCENE_VALUE /snap: snap 2.5 is not an integer in 1..100000",
                  "5:7 E_SCENE_FORMAT /loop: expected true or false, got a number",
                  "6:23 E_SCENE_VALUE /tolerance/position: position 0 must be greater than 0",
                  "6:36 E_SCENE_VALUE /tolerance/rotation: rotation -1 must be greater than 0",
                  "7:1 E_SCENE_FORMAT /nmae: unknown field 'nmae' (did you mean 'name'?)",
                  "8:1 E_SCENE_FORMAT /cinc: duplicate key 'cinc'",
                  "9:3 E_SCENE_FORMAT : expected a string key, got a list"));
}

// Top-level `x-` keys are skipped whatever they hold: a place for anchors.
// What an anchor there brings into a field is checked where it is written.
TEST(SceneLoaderTest, TopLevelExtensionKeysHoldAnchors) {
  Loaded loaded = Load(R"(cinc: 1
x-part: &part {opacity: 0.5, position: [1, 0, 0], unknown_inside: yes}
x-notes: [1, {deep: [2]}]
objects:
  a: {<<: *part, position: [2, 0, 0]}
x_typo: 1
  )");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("2:51 E_SCENE_FORMAT /objects/a/unknown_inside: unknown field "
                          "'unknown_inside'",
                          "6:1 E_SCENE_FORMAT /x_typo: unknown field 'x_typo'"));
  ASSERT_EQ(loaded.scene.objects.size(), 1u);
  EXPECT_EQ(loaded.scene.objects[0].opacity, 0.5);
  ExpectVec3(loaded.scene.objects[0].position, 2, 0, 0);
}

}  // namespace
}  // namespace cinc
