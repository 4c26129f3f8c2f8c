// The marker table: model files and inline markers, and the reference checks
// (E_MODEL_MISSING, E_OBJECT_MISSING, E_MARKER_MISSING) with their full texts.
#include "markers/marker_table.h"

#include <gtest/gtest.h>

#include "core/test_paths.h"
#include "importers/test_files.h"
#include "markers/pose.h"
#include "markers/rig.h"
#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::TestScene;
using test_support::Time;

Marker MakeMarker(const std::string& name, Vec3 position) {
  Marker marker;
  marker.name = name;
  marker.pose.position = position;
  return marker;
}

struct Reported {
  std::string code;
  std::string path;
  std::string message;
  friend bool operator==(const Reported&, const Reported&) = default;
};

std::vector<Reported> Reports(const Diagnostics& diagnostics) {
  std::vector<Reported> reports;
  for (const Diagnostic& diagnostic : diagnostics.items()) {
    reports.push_back({std::string(diagnostic.code_name()), diagnostic.path, diagnostic.message});
  }
  return reports;
}

void PrintTo(const Reported& reported, std::ostream* out) {
  *out << reported.code << " " << reported.path << " " << reported.message;
}

// body (model main-body: hole-1, hole-2), screw (model m3x8: tip), main (camera).
TestScene ReferenceScene() {
  TestScene test;
  Model body_model;
  body_model.name = "main-body";
  body_model.markers = {MakeMarker("hole-1", Vec3(0.1, 0, 0)),
                        MakeMarker("hole-2", Vec3(0.2, 0, 0))};
  Model screw_model;
  screw_model.name = "m3x8";
  screw_model.markers = {MakeMarker("tip", Vec3(0, -0.02, 0))};
  test.scene.models = {body_model, screw_model};
  size_t body = test.AddObject("body");
  test.scene.objects[body].model = "main-body";
  size_t screw = test.AddObject("screw1");
  test.scene.objects[screw].model = "m3x8";
  test.AddCamera("main");
  return test;
}

Node& AddAttach(TestScene* test, size_t object, const std::string& id, const std::string& to,
                const std::string& mate = "") {
  Node& node = test->AddObjectNode(object, id, "0", "1");
  Attach attach;
  attach.to = to;
  attach.mate = mate;
  attach.origin.location = {7, 9};
  attach.origin.pointer = testing::TestPath("/objects/" + test->scene.objects[object].name +
                                            "/nodes/" + std::to_string(node.index) + "/attach");
  node.mutable_rare().attach = attach;
  return node;
}

Diagnostics Check(const TestScene& test) {
  Diagnostics diagnostics;
  BuildMarkerTable(test.scene, InlineModels(test.scene), &diagnostics);
  return diagnostics;
}

TEST(MarkerTableTest, KnownReferencesAreQuiet) {
  TestScene test = ReferenceScene();
  AddAttach(&test, 1, "place", "body/hole-2", "tip");
  AddAttach(&test, 1, "follow", "main");
  EXPECT_TRUE(Check(test).items().empty());
}

TEST(MarkerTableTest, UnknownObjectWithSuggestion) {
  TestScene test = ReferenceScene();
  AddAttach(&test, 1, "place", "bdy/hole-1");
  AddAttach(&test, 1, "far", "zzzzzz");
  EXPECT_EQ((std::vector<Reported>{
                {"E_OBJECT_MISSING", "/objects/screw1/nodes/0/attach",
                 "node 'screw1.place' attaches to unknown object 'bdy' (did you mean 'body'?)"},
                {"E_OBJECT_MISSING", "/objects/screw1/nodes/1/attach",
                 "node 'screw1.far' attaches to unknown object 'zzzzzz'"}}),
            Reports(Check(test)));
}

TEST(MarkerTableTest, UnknownMarkersWithSuggestions) {
  TestScene test = ReferenceScene();
  AddAttach(&test, 1, "place", "body/hole-9", "tp");
  EXPECT_EQ((std::vector<Reported>{
                {"E_MARKER_MISSING", "/objects/screw1/nodes/0/attach",
                 "node 'screw1.place' attaches to unknown marker 'hole-9' of object 'body' (model "
                 "'main-body') (did you mean 'hole-1'?)"},
                {"E_MARKER_MISSING", "/objects/screw1/nodes/0/attach",
                 "node 'screw1.place' mates unknown marker 'tp' of object 'screw1' (model 'm3x8') "
                 "(did you mean 'tip'?)"}}),
            Reports(Check(test)));
}

// Three copies of a screw (one place in the file) screw in by their origins
// while their model has a seat: one warning for the three. A plain attach,
// a screw that mates and a model without a seat-like marker say nothing.
TEST(MarkerTableTest, AScrewWithoutMateWhoseModelHasASeatIsWarnedOnce) {
  TestScene test = ReferenceScene();
  test.scene.models[1].markers.push_back(MakeMarker("Seat_1", Vec3(0, 0.012, 0)));
  for (const char* name : {"screw2", "screw3"}) {
    test.scene.objects[test.AddObject(name)].model = "m3x8";
  }
  for (size_t screw = 1; screw <= 3; ++screw) {
    Node& node = AddAttach(&test, screw, "drive", "body/hole-1");
    node.mutable_rare().attach->verb = AttachVerb::kScrew;
    node.mutable_rare().attach->origin.pointer = testing::TestPath("/objects/screw/nodes/0/screw");
  }
  AddAttach(&test, 1, "hang", "body/hole-2");  // attach: no warning
  Node& mated = AddAttach(&test, 2, "again", "body/hole-2", "Seat_1");
  mated.mutable_rare().attach->verb = AttachVerb::kScrew;
  Node& plain = AddAttach(&test, 0, "in", "screw1/tip");  // body's model has no seat
  plain.mutable_rare().attach->verb = AttachVerb::kInsert;
  EXPECT_EQ((std::vector<Reported>{
                {"W_MATE_MISSING", "/objects/screw/nodes/0/screw",
                 "node 'screw1.drive' screws into 'body/hole-1' by its origin, but its model "
                 "'m3x8' has a marker 'Seat_1': add `mate: Seat_1` if that is the point that "
                 "lands on the marker; the same for 2 more nodes written here"}}),
            Reports(Check(test)));
}

// The copies of a pattern share their place in the file: an unknown object
// they all name is one message at that place, not one per copy.
TEST(MarkerTableTest, OneMistakeInAPatternIsOneMessage) {
  TestScene test = ReferenceScene();
  for (const char* name : {"screw2", "screw3"}) {
    test.scene.objects[test.AddObject(name)].model = "m3x8";
  }
  for (size_t screw = 1; screw <= 3; ++screw) {
    Node& node = AddAttach(&test, screw, "drive", "bdy/hole-1", "tip");
    node.mutable_rare().attach->origin.pointer = testing::TestPath("/objects/screw/nodes/0/screw");
  }
  EXPECT_EQ((std::vector<Reported>{
                {"E_OBJECT_MISSING", "/objects/screw/nodes/0/screw",
                 "node 'screw1.drive' attaches to unknown object 'bdy' (did you mean 'body'?); the "
                 "same for 2 more nodes written here"}}),
            Reports(Check(test)));
}

TEST(MarkerTableTest, MarkersOfOwnersWithoutModels) {
  TestScene test = ReferenceScene();
  size_t empty = test.AddObject("pivot");
  AddAttach(&test, 1, "a", "pivot/x");
  AddAttach(&test, 1, "b", "main/lens");
  AddAttach(&test, empty, "c", "body", "m");
  EXPECT_EQ((std::vector<Reported>{
                {"E_MARKER_MISSING", "/objects/screw1/nodes/0/attach",
                 "node 'screw1.a' attaches to marker 'x' of object 'pivot', which has no model"},
                {"E_MARKER_MISSING", "/objects/screw1/nodes/1/attach",
                 "node 'screw1.b' attaches to marker 'lens' of camera 'main', which has no "
                 "markers"},
                {"E_MARKER_MISSING", "/objects/pivot/nodes/0/attach",
                 "node 'pivot.c' mates marker 'm' of object 'pivot', which has no model"}}),
            Reports(Check(test)));
}

TEST(MarkerTableTest, UnknownModelWithSuggestionAndNoCascade) {
  TestScene test = ReferenceScene();
  test.scene.objects[1].model = "m3x9";
  test.scene.objects[1].model_origin.pointer = "/objects/screw1/model";
  AddAttach(&test, 0, "x", "screw1/anything");  // its model is unknown: no E_MARKER_MISSING
  EXPECT_EQ((std::vector<Reported>{{"E_MODEL_MISSING", "/objects/screw1/model",
                                    "object 'screw1' uses unknown model 'm3x9' (did you mean "
                                    "'m3x8'?)"}}),
            Reports(Check(test)));
}

TEST(MarkerTableTest, ImportsAGltfAndMergesInlineMarkers) {
  // part.gltf has markers hole-1 (0.1, 0, 0) and hole-2 (0.2, 0, 0); the
  // scene overrides hole-2 and adds top. Then a screw attaches to hole-2.
  testing::TempFolder folder;
  folder.Write("part.gltf", R"({"asset": {"version": "2.0"}, "scene": 0,
    "scenes": [{"nodes": [0, 1]}],
    "nodes": [{"name": "hole-1", "translation": [0.1, 0, 0]},
              {"name": "hole-2", "translation": [0.2, 0, 0]}]})");
  TestScene test;
  test.scene.file = folder.File("scene.yaml");
  Model model;
  model.name = "part";
  model.source = "part.gltf";
  model.markers = {MakeMarker("hole-2", Vec3(0.5, 0, 0)), MakeMarker("top", Vec3(0, 1, 0))};
  test.scene.models = {model};
  size_t body = test.AddObject("body");
  test.scene.objects[body].model = "part";
  size_t screw = test.AddObject("screw");
  test.AddObjectNode(screw, "in", "0", "0").mutable_rare().attach =
      Attach{"body/hole-2", {}, "", {}};

  Diagnostics diagnostics;
  ModelLibrary library = ImportModels(test.scene, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty()) << diagnostics.items()[0].message;
  ASSERT_EQ(1u, library.models.size());
  const std::vector<Marker>& markers = library.models[0].markers;
  ASSERT_EQ(3u, markers.size());
  EXPECT_EQ("hole-1", markers[0].name);
  EXPECT_EQ(Vec3(0.1, 0, 0), markers[0].pose.position);
  EXPECT_EQ("hole-2", markers[1].name);
  EXPECT_EQ(Vec3(0.5, 0, 0), markers[1].pose.position);
  EXPECT_EQ("top", markers[2].name);

  MarkerTable table = BuildMarkerTable(test.scene, std::move(library), &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  Rig rig = BuildRig(test.scene, test.timeline, table, &diagnostics);
  EXPECT_EQ(Vec3(0.5, 0, 0), WorldPoseAt(rig, OwnerRef::Object(screw), Time("0")).position);
}

TEST(MarkerTableTest, AMissingFileIsReportedOnceAndSilencesItsMarkers) {
  testing::TempFolder folder;
  TestScene test;
  test.scene.file = folder.File("scene.yaml");
  Model model;
  model.name = "part";
  model.source = "missing.glb";
  test.scene.models = {model, model};
  test.scene.models[1].name = "again";
  size_t body = test.AddObject("body");
  test.scene.objects[body].model = "part";
  size_t screw = test.AddObject("screw");
  test.AddObjectNode(screw, "in", "0", "0").mutable_rare().attach = Attach{"body/hole", {}, "", {}};
  Diagnostics diagnostics;
  MarkerTable table =
      BuildMarkerTable(test.scene, ImportModels(test.scene, &diagnostics), &diagnostics);
  ASSERT_EQ(1u, diagnostics.items().size());
  EXPECT_EQ("E_MODEL_LOAD", diagnostics.items()[0].code_name());
  EXPECT_EQ(test.scene.file, diagnostics.items()[0].file);
  EXPECT_EQ(test.scene.models[0].source_origin.path(), diagnostics.items()[0].path);
  EXPECT_EQ(0u, diagnostics.items()[0].message.rfind("model 'part': ", 0));
  EXPECT_TRUE(table.library.models[0].load_failed);
  EXPECT_TRUE(table.library.models[1].load_failed);
}

}  // namespace
}  // namespace cinc
