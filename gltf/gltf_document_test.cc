#include "gltf/gltf_document.h"

#include <gtest/gtest.h>

#include <cstring>
#include <numbers>

#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::TestScene;

// A triangle mesh in a node named "bracket" (like an object) with a child "hole".
ModelContent Triangle() {
  ModelContent content;
  ContentPrimitive primitive;
  primitive.positions = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  primitive.indices = {0, 1, 2};
  primitive.material = 0;
  content.meshes.push_back({"tri", {primitive}});
  ContentMaterial material;
  material.base_color = {0.5, 0.25, 1, 1};
  content.materials.push_back(material);
  ContentNode root;
  root.name = "bracket";
  root.mesh = 0;
  root.children = {1};
  ContentNode hole;
  hole.name = "hole";
  hole.translation = Vec3(0, 0.1, 0);
  content.nodes = {root, hole};
  content.roots = {0};
  return content;
}

struct Built {
  GltfDocument document;
  Diagnostics diagnostics;
};

Built Build(bool reverse = false) {
  TestScene test;
  test.scene.name = "demo";
  Model& model = test.scene.models.emplace_back();
  model.name = "part";
  model.source = "part.glb";
  size_t first = test.AddObject("bracket");  // the model's root node has this name too
  test.scene.objects[first].model = "part";
  test.scene.objects[first].opacity = 1;
  size_t second = test.AddObject("second");
  test.scene.objects[second].model = "part";
  test.scene.objects[second].opacity = 1;
  test.AddObjectNode(second, "move", "0", "1").position = Vec3(1, 0, 0);
  size_t camera = test.AddCamera("main");
  test.scene.cameras[camera].mutable_lens().fov = 45;
  test.AddCameraNode(camera, "zoom", "0", "1").mutable_rare().fov = 30;
  Built built;
  Rig rig = BuildRig(test.scene, test.timeline, &built.diagnostics);
  std::vector<std::optional<ModelContent>> contents = {Triangle()};
  GltfExportSettings settings;
  settings.hide_with_scale = true;
  settings.reverse = reverse;
  settings.duration = test.timeline.duration;
  built.document = BuildGltfDocument(test.scene, rig, contents, settings, &built.diagnostics);
  return built;
}

TEST(GltfDocumentTest, RootsAreObjectsThenCamerasNamedAfterThem) {
  Built built = Build();
  const Json& json = built.document.json;
  EXPECT_TRUE(built.diagnostics.items().empty());
  ASSERT_EQ(json["scenes"][0]["nodes"].size(), 3u);
  const Json& nodes = json["nodes"];
  auto root = [&](int k) { return nodes[json["scenes"][0]["nodes"][k].get<size_t>()]; };
  EXPECT_EQ(root(0)["name"], "bracket");
  EXPECT_EQ(root(1)["name"], "second");
  EXPECT_EQ(root(2)["name"], "main");
  // The model's own "bracket" node is renamed: the object keeps the name.
  const Json& instance = nodes[root(0)["children"][0].get<size_t>()];
  EXPECT_EQ(instance["name"], "bracket-2");
  const Json& second_instance = nodes[root(1)["children"][0].get<size_t>()];
  EXPECT_EQ(second_instance["name"], "bracket-3");
  EXPECT_EQ(nodes[second_instance["children"][0].get<size_t>()]["name"], "hole-2");
  // One mesh, used by both instances.
  EXPECT_EQ(json["meshes"].size(), 1u);
  EXPECT_EQ(instance["mesh"], 0);
  EXPECT_EQ(second_instance["mesh"], 0);
  EXPECT_EQ(json["materials"][0]["pbrMetallicRoughness"]["baseColorFactor"],
            Json::array({0.5, 0.25, 1.0, 1.0}));
}

TEST(GltfDocumentTest, CamerasArePerspectiveWithTheVerticalFovInRadians) {
  Built built = Build();
  const Json& camera = built.document.json["cameras"][0];
  EXPECT_EQ(camera["type"], "perspective");
  EXPECT_DOUBLE_EQ(camera["perspective"]["yfov"].get<double>(), 45 * std::numbers::pi / 180);
  EXPECT_EQ(camera["perspective"]["znear"], 0.01);
  EXPECT_FALSE(camera["perspective"].contains("zfar"));
  EXPECT_FALSE(camera["perspective"].contains("aspectRatio"));
}

// The disassembly starts where the scene ends: the moving object's node at
// (1, 0, 0), the camera's yfov its fov at the end, 30 degrees.
TEST(GltfDocumentTest, TheDisassemblyStartsWithTheEndPose) {
  Built built = Build(true);
  EXPECT_TRUE(built.diagnostics.items().empty());
  const Json& json = built.document.json;
  const Json& second = json["nodes"][json["scenes"][0]["nodes"][1].get<size_t>()];
  EXPECT_EQ(second["name"], "second");
  EXPECT_EQ(second["translation"], Json::array({1, 0, 0}));
  EXPECT_DOUBLE_EQ(json["cameras"][0]["perspective"]["yfov"].get<double>(),
                   30 * std::numbers::pi / 180);
  // Forwards: at the origin, 45 degrees.
  Built forward = Build();
  const Json& first_pose =
      forward.document.json["nodes"][forward.document.json["scenes"][0]["nodes"][1].get<size_t>()];
  EXPECT_EQ(first_pose["translation"], Json::array({0, 0, 0}));
  EXPECT_DOUBLE_EQ(forward.document.json["cameras"][0]["perspective"]["yfov"].get<double>(),
                   45 * std::numbers::pi / 180);
}

TEST(GltfDocumentTest, OneAnimationNamedAfterTheSceneForWhatMoves) {
  Built built = Build();
  const Json& animations = built.document.json["animations"];
  ASSERT_EQ(animations.size(), 1u);
  EXPECT_EQ(animations[0]["name"], "demo");
  ASSERT_EQ(animations[0]["channels"].size(), 1u);  // "second" moves, nothing else
  EXPECT_EQ(animations[0]["channels"][0]["target"]["path"], "translation");
  const Json& input =
      built.document.json["accessors"][animations[0]["samplers"][0]["input"].get<size_t>()];
  EXPECT_EQ(input["min"], Json::array({0.0}));
  EXPECT_EQ(input["max"], Json::array({1.0}));
}

TEST(GltfDocumentTest, GlbHasAlignedChunksAndTheWholeLength) {
  Built built = Build();
  std::string glb = WriteGlb(built.document);
  auto word = [&](size_t at) {
    uint32_t value;
    std::memcpy(&value, glb.data() + at, 4);
    return value;
  };
  EXPECT_EQ(glb.substr(0, 4), "glTF");
  EXPECT_EQ(word(4), 2u);
  EXPECT_EQ(word(8), glb.size());
  uint32_t json_length = word(12);
  EXPECT_EQ(json_length % 4, 0u);
  EXPECT_EQ(word(16), 0x4E4F534Au);
  Json parsed = Json::parse(glb.substr(20, json_length));
  EXPECT_EQ(parsed["asset"]["version"], "2.0");
  EXPECT_EQ(word(20 + json_length + 4), 0x004E4942u);
  EXPECT_EQ(word(20 + json_length), built.document.buffer.size());
  EXPECT_EQ(built.document.buffer.size() % 4, 0u);
  // The same document twice: the same bytes.
  EXPECT_EQ(WriteGlb(Build().document), glb);
}

TEST(GltfDocumentTest, GltfEmbedsTheBufferAsADataUri) {
  Built built = Build();
  Json parsed = Json::parse(WriteGltf(built.document));
  std::string uri = parsed["buffers"][0]["uri"];
  EXPECT_EQ(uri.rfind("data:application/octet-stream;base64,", 0), 0u);
  EXPECT_EQ(parsed["buffers"][0]["byteLength"], built.document.buffer.size());
}

}  // namespace
}  // namespace cinc
