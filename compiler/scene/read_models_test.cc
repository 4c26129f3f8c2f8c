// Models: names, sources inside the scene's folder, markers.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using testing_support::Load;
using testing_support::Loaded;

TEST(SceneLoaderTest, ModelProblems) {
  Loaded loaded = Load(R"(cinc: 1
models:
  3d: {source: /abs/x.glb}
  ok: {source: ../x.glb}
  in: {source: a/../../b.glb}
  fine: {source: a/../b.glb, markers: {top: {position: [0, 1]}, hole.001: ~}}
  empty: {source: ""}
  win: {source: 'C:\models\x.glb'}
  bare:
)");
  EXPECT_THAT(
      loaded.diagnostics,
      ElementsAre("3:3 E_SCENE_NAME /models/3d: invalid name '3d'",
                  "3:16 E_PATH /models/3d/source: source '/abs/x.glb' is an absolute path "
                  "(sources are relative to the scene's folder)",
                  "4:16 E_PATH /models/ok/source: source '../x.glb' leaves the scene's folder",
                  "5:16 E_PATH /models/in/source: source 'a/../../b.glb' leaves the scene's "
                  "folder",
                  "6:56 E_SCENE_FORMAT /models/fine/markers/top/position: expected a list of 3 "
                  "numbers, got 2",
                  "7:19 E_SCENE_VALUE /models/empty/source: source is empty",
                  R"(8:17 E_PATH /models/win/source: source 'C:\models\x.glb' is an absolute )"
                  "path (sources are relative to the scene's folder)"));
  ASSERT_EQ(loaded.scene.models.size(), 7u);
  EXPECT_EQ(loaded.scene.models[3].source, "a/../b.glb");
  ASSERT_EQ(loaded.scene.models[3].markers.size(), 2u);
  EXPECT_EQ(loaded.scene.models[3].markers[1].name, "hole.001");
  EXPECT_EQ(loaded.scene.models[6].name, "bare");
}

TEST(SceneLoaderTest, AllowedOutsideRootsAcceptSourcesBeneathThem) {
  SceneLoadOptions options;
  options.allowed_outside_roots = {"/work/assets/"};
  std::string text =
      "cinc: 1\nmodels:\n  a: {source: ../assets/m.glb}\n  b: {source: ../other/m.glb}\n"
      "  c: {source: /work/assets/x/m.glb}\n";
  EXPECT_THAT(Load(text, "/work/scenes/s.yaml", options).diagnostics,
              ElementsAre("4:15 E_PATH /models/b/source: source '../other/m.glb' leaves the "
                          "scene's folder"));
}

}  // namespace
}  // namespace cinc
