// Includes: files that give the scene models and templates, and every
// problem located in the file that has it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "compiler/scene/scene_loader.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

class SceneIncludesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/cinc_includes_XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    folder_ = pattern;
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  void Write(const std::string& name, const std::string& text) {
    std::filesystem::path path = std::filesystem::path(folder_) / name;
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << text;
  }

  // Loads FOLDER/scene.yaml; each diagnostic as "file:line:column CODE
  // path: message", the file relative to the folder.
  std::vector<std::string> Load(const SceneLoadOptions& options = {}) {
    Diagnostics diagnostics(folder_ + "/scene.yaml");
    scene_ = LoadSceneFile(folder_ + "/scene.yaml", options, &diagnostics);
    std::vector<std::string> shown;
    for (const Diagnostic& diagnostic : diagnostics.items()) {
      std::string file = diagnostic.file;
      if (file.starts_with(folder_ + "/")) file = file.substr(folder_.size() + 1);
      shown.push_back(file + ":" + std::to_string(diagnostic.location.line) + ":" +
                      std::to_string(diagnostic.location.column) + " " +
                      std::string(diagnostic.code_name()) + " " + diagnostic.path + ": " +
                      Relative(diagnostic.message));
    }
    return shown;
  }

  // `text` with the test's folder written as D.
  std::string Relative(std::string text) const {
    for (size_t at = text.find(folder_); at != std::string::npos; at = text.find(folder_)) {
      text.replace(at, folder_.size(), "D");
    }
    return text;
  }

  std::string folder_;
  Scene scene_;
};

// A hardware library in a folder of its own, including another: its models
// (sources relative to it) and templates (with an alias into its own `x-`
// anchor) join the scene's, whatever the order of the scene's sections.
TEST_F(SceneIncludesTest, IncludedModelsAndTemplatesJoinTheScene) {
  Write("scene.yaml", R"(cinc: 1
objects:
  body: {model: body}
  screw:
    model: m6
    nodes:
      - {id: show, use: appear}
      - {id: drive, use: drive, duration: 0.5}
include: [lib/hardware.yaml]
models:
  body: {source: body.glb}
)");
  Write("lib/hardware.yaml", R"(cinc: 1
name: hardware
x-short: &short {duration: 0.25}
include: fasteners.yaml
templates:
  appear: {<<: *short, opacity: 1}
models:
  m6: {source: models/m6.glb, markers: {tip: {position: [0, -0.01, 0]}}}
)");
  Write("lib/fasteners.yaml", R"(cinc: 1
templates:
  drive: {duration: 0.6, spin: {turns: 3}}
models:
  washer: {source: washer.glb}
)");
  EXPECT_THAT(Load(), IsEmpty());
  EXPECT_EQ(scene_.name, "scene");
  EXPECT_THAT(scene_.included_files,
              ElementsAre(folder_ + "/lib/hardware.yaml", folder_ + "/lib/fasteners.yaml"));
  ASSERT_EQ(scene_.models.size(), 3u);
  EXPECT_EQ(scene_.models[0].name, "washer");
  EXPECT_EQ(SourcePath(scene_, scene_.models[0]), folder_ + "/lib/washer.glb");
  EXPECT_EQ(scene_.models[1].name, "m6");
  EXPECT_EQ(scene_.models[1].file, folder_ + "/lib/hardware.yaml");
  EXPECT_EQ(SourcePath(scene_, scene_.models[1]), folder_ + "/lib/models/m6.glb");
  ASSERT_EQ(scene_.models[1].markers.size(), 1u);
  EXPECT_DOUBLE_EQ(scene_.models[1].markers[0].pose.position.y, -0.01);
  EXPECT_EQ(scene_.models[2].name, "body");
  EXPECT_EQ(SourcePath(scene_, scene_.models[2]), folder_ + "/body.glb");
  ASSERT_EQ(scene_.objects.size(), 2u);
  const std::vector<Node>& nodes = scene_.objects[1].nodes;
  ASSERT_EQ(nodes.size(), 2u);
  EXPECT_EQ(nodes[0].duration, ExactTime::FromRatio(1, 4));
  EXPECT_EQ(nodes[0].opacity, 1.0);
  EXPECT_EQ(nodes[1].duration, ExactTime::FromRatio(1, 2));  // the node's own wins
  ASSERT_TRUE(nodes[1].rare().spin);
  EXPECT_DOUBLE_EQ(nodes[1].rare().spin->degrees, 3 * 360);
}

// Every problem in the file that has it, with that file's line, column and
// JSON pointer; a template's problem where the template says it, with the
// pointer of the node that uses it.
TEST_F(SceneIncludesTest, ProblemsAreLocatedInTheirFiles) {
  Write("scene.yaml", R"(cinc: 1
include:
  - lib/a.yaml
  - /etc/hardware.yaml
  - ../outside.yaml
  - missing.yaml
models:
  m6: {source: m6.glb}
objects:
  s:
    nodes:
      - {id: one, use: bad}
)");
  Write("lib/a.yaml", R"(cinc: 1
objects: {x: {}}
tolerance: {position: 1}
models:
  m6: {source: ../m6.glb}
templates:
  bad: {duration: -1}
include: b.yaml
)");
  Write("lib/b.yaml", R"(cinc: 1
include: a.yaml
template: {}
)");
  EXPECT_THAT(
      Load(),
      ElementsAre(
          "lib/a.yaml:2:1 E_SCENE_FORMAT /objects: 'objects' is not allowed in an included file "
          "(it may give models, templates and include)",
          "lib/a.yaml:3:1 E_SCENE_FORMAT /tolerance: 'tolerance' is not allowed in an included "
          "file (it may give models, templates and include)",
          "lib/a.yaml:5:16 E_PATH /models/m6/source: source '../m6.glb' leaves the folder of "
          "D/lib/a.yaml",
          "lib/a.yaml:7:19 E_SCENE_VALUE /objects/s/nodes/0/duration: duration -1 is negative",
          "lib/b.yaml:2:10 E_SCENE_FORMAT /include: include cycle: D/lib/a.yaml -> D/lib/b.yaml "
          "-> D/lib/a.yaml",
          "lib/b.yaml:3:1 E_SCENE_FORMAT /template: unknown field 'template' (did you mean "
          "'templates'?)",
          "scene.yaml:4:5 E_PATH /include/1: include '/etc/hardware.yaml' is an absolute path "
          "(includes are relative to the scene's folder)",
          "scene.yaml:5:5 E_PATH /include/2: include '../outside.yaml' leaves the scene's folder",
          "scene.yaml:6:5 E_SCENE_FORMAT /include/3: cannot read include 'missing.yaml' "
          "(D/missing.yaml): No such file or directory",
          "scene.yaml:8:3 E_SCENE_NAME /models/m6: model 'm6' is defined twice: here and at "
          "D/lib/a.yaml:5:3"));
  EXPECT_THAT(scene_.included_files, ElementsAre(folder_ + "/lib/a.yaml", folder_ + "/lib/b.yaml"));
  ASSERT_EQ(scene_.models.size(), 1u);  // the second m6 is dropped
  EXPECT_EQ(scene_.models[0].file, folder_ + "/lib/a.yaml");
}

// A file that two includes include is read once; a template defined in two
// files is reported at the one read later.
TEST_F(SceneIncludesTest, SharedIncludesAreReadOnceAndNamesOnce) {
  Write("scene.yaml", R"(cinc: 1
include: [a.yaml, b.yaml]
templates:
  appear: {opacity: 1}
)");
  Write("a.yaml", "cinc: 1\ninclude: common.yaml\n");
  Write("b.yaml", "cinc: 1\ninclude: [common.yaml]\n");
  Write("common.yaml", "cinc: 1\ntemplates:\n  appear: {opacity: 0.5}\n  hide: {opacity: 0}\n");
  EXPECT_THAT(Load(), ElementsAre("scene.yaml:4:3 E_SCENE_NAME /templates/appear: template "
                                  "'appear' is defined twice: here and at D/common.yaml:3:3"));
  EXPECT_THAT(scene_.included_files,
              ElementsAre(folder_ + "/a.yaml", folder_ + "/common.yaml", folder_ + "/b.yaml"));
}

// A syntax error in an included file: what lies before it is reported, with
// the error; nothing that its missing part causes (an unknown template) is,
// and the later stages see an empty scene. The scene's own problems stand.
TEST_F(SceneIncludesTest, ASyntaxErrorInAnIncludedFileStopsOnlyThatFile) {
  Write("scene.yaml", R"(cinc: 1
snap: 0
include: broken.yaml
objects:
  a:
    nodes:
      - {id: one, use: late}
)");
  Write("broken.yaml", R"(cinc: 1
director: {}
templates:
  early: {duration: 1}
  late: {duration: [1, 2}
)");
  EXPECT_THAT(
      Load(),
      ElementsAre(
          "broken.yaml:2:1 E_SCENE_FORMAT /director: 'director' is not allowed in an included "
          "file (it may give models, templates and include)",
          "broken.yaml:5:25 E_SCENE_FORMAT /templates/late: did not find expected ',' or ']' "
          "(while parsing a flow sequence at line 5, column 20)",
          "scene.yaml:2:7 E_SCENE_VALUE /snap: snap 0 is not an integer in 1..100000"));
  EXPECT_THAT(scene_.objects, IsEmpty());
  EXPECT_THAT(scene_.included_files, ElementsAre(folder_ + "/broken.yaml"));
}

TEST_F(SceneIncludesTest, IncludeShapesAndDocuments) {
  Write("scene.yaml", R"(cinc: 1
include: [not-a-scene.yaml, list.yaml, empty.yaml]
x-a: {include: {a: 1}}
)");
  Write("not-a-scene.yaml", "models: {}\n");
  Write("list.yaml", "[1, 2]\n");
  Write("empty.yaml", "");
  EXPECT_THAT(Load(), ElementsAre("empty.yaml:1:1 E_SCENE_FORMAT : the file is empty",
                                  "list.yaml:1:1 E_SCENE_FORMAT : expected a mapping, got a list",
                                  "not-a-scene.yaml:1:1 E_SCENE_VERSION : missing field cinc"));
  Write("scene.yaml", "cinc: 1\ninclude: {a: 1}\n");
  EXPECT_THAT(Load(), ElementsAre("scene.yaml:2:10 E_SCENE_FORMAT /include: expected a file name "
                                  "or a list of them, got a mapping"));
  Write("scene.yaml", "cinc: 1\ninclude: []\n");
  EXPECT_THAT(Load(), ElementsAre("scene.yaml:2:10 E_SCENE_FORMAT /include: 'include' is an empty "
                                  "list"));
  Write("scene.yaml", "cinc: 1\ninclude:\n");
  EXPECT_THAT(Load(), IsEmpty());
  // The scene itself, included from a file it includes, closes a cycle.
  Write("scene.yaml", "cinc: 1\ninclude: lib.yaml\n");
  Write("lib.yaml", "cinc: 1\ninclude: ./scene.yaml\n");
  EXPECT_THAT(Load(), ElementsAre("lib.yaml:2:10 E_SCENE_FORMAT /include: include cycle: "
                                  "D/scene.yaml -> D/lib.yaml -> D/scene.yaml"));
}

// Containment holds through symbolic links, and --allow-outside admits a
// folder for includes as for sources.
TEST_F(SceneIncludesTest, LinksOutsideAreRefusedUnlessAllowed) {
  Write("shared/hardware.yaml", "cinc: 1\nmodels:\n  m6: {source: m6.glb}\n");
  Write("product/scene.yaml", "");
  std::filesystem::create_symlink(folder_ + "/shared", folder_ + "/product/lib");
  const std::string product = folder_;
  folder_ += "/product";
  Write("scene.yaml", "cinc: 1\ninclude: lib/hardware.yaml\n");
  EXPECT_THAT(Load(), ElementsAre("scene.yaml:2:10 E_PATH /include: include 'lib/hardware.yaml' "
                                  "leads outside the scene's folder through a symbolic link (to " +
                                  Relative(product) + "/shared/hardware.yaml)"));
  SceneLoadOptions options;
  options.allowed_outside_roots = {product + "/shared"};
  EXPECT_THAT(Load(options), IsEmpty());
  ASSERT_EQ(scene_.models.size(), 1u);
  EXPECT_EQ(SourcePath(scene_, scene_.models[0]), folder_ + "/lib/m6.glb");
  folder_ = product;  // removed by TearDown
}

TEST_F(SceneIncludesTest, IncludeChainsAreLimited) {
  Write("scene.yaml", "cinc: 1\ninclude: f1.yaml\n");
  for (int k = 1; k <= 40; ++k) {
    Write("f" + std::to_string(k) + ".yaml",
          "cinc: 1\ninclude: f" + std::to_string(k + 1) + ".yaml\n");
  }
  EXPECT_THAT(Load(), ElementsAre("f32.yaml:2:10 E_LIMIT /include: includes nest deeper than 32 "
                                  "files"));
  EXPECT_EQ(scene_.included_files.size(), 32u);
  std::string list = "cinc: 1\ninclude:\n";
  for (int k = 1; k <= 1001; ++k) {
    Write("many/m" + std::to_string(k) + ".yaml", "cinc: 1\n");
    list += "  - many/m" + std::to_string(k) + ".yaml\n";
  }
  Write("scene.yaml", list);
  EXPECT_THAT(Load(), ElementsAre("scene.yaml:1003:5 E_LIMIT /include/1000: the scene includes "
                                  "more than 1000 files"));
}

}  // namespace
}  // namespace cinc
