// glTF documents written by the tests, with poses worked out by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "importers/import_model.h"
#include "importers/test_files.h"

namespace cinc {
namespace {

using testing::MakeGlb;
using testing::TempFolder;

const double kHalfRoot2 = std::sqrt(0.5);

// Node 0 is at (1, 2, 3), turned 90 degrees about +Y (x -> -z), scaled by 2.
// Node 2 is a column-major matrix: 90 degrees about +X (y -> z), then up 1.
constexpr char kDocument[] = R"({
  "asset": {"version": "2.0"},
  "scene": 0,
  "scenes": [{"nodes": [0, 4, 5, 7, 8, 10, 13, 14, 15]}],
  "nodes": [
    {"name": "root", "translation": [1, 2, 3], "rotation": [0, 0.7071067811865476, 0, 0.7071067811865476],
     "scale": [2, 2, 2], "children": [1, 2, 6]},
    {"name": "SOCKET_hole", "translation": [1, 0, 0]},
    {"name": "nested", "matrix": [1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 1], "children": [3]},
    {"name": "pin", "translation": [0, 0, 1]},
    {"name": "camera_node", "camera": 0},
    {"name": "body_LOD1", "mesh": 0},
    {"name": "body_lod0", "mesh": 0},
    {"name": "joint_leaf"},
    {"name": "flagged_parent", "translation": [0, 0, -1], "extras": {"cinc_marker": true},
     "children": [9]},
    {"name": "excluded_leaf", "extras": {"cinc_marker": 0}},
    {"name": "helper_group", "translation": [0, 5, 0], "children": [11]},
    {"name": "SOCKET_hole2", "translation": [1, 0, 0]},
    {"name": "unused"},
    {"name": "lamp", "extensions": {"KHR_lights_punctual": {"light": 0}}},
    {},
    {"name": "string_flag", "extras": {"cinc_marker": "no"}}
  ],
  "cameras": [{"type": "perspective", "perspective": {"yfov": 1, "znear": 0.1}}],
  "skins": [{"joints": [7]}],
  "meshes": [{"primitives": [{"attributes": {"POSITION": 0}}]}],
  "accessors": [{"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3",
                 "min": [0, 0, 0], "max": [0, 0, 0]}],
  "bufferViews": [{"buffer": 0, "byteLength": 36}],
  "buffers": [{"byteLength": 36,
               "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}],
  "extensionsUsed": ["KHR_lights_punctual"],
  "extensions": {"KHR_lights_punctual": {"lights": [{"type": "point"}]}}
})";

void ExpectPose(const Marker& marker, const std::string& name, const Vec3& position,
                const Quat& rotation) {
  SCOPED_TRACE(name);
  EXPECT_EQ(marker.name, name);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(marker.pose.position[i], position[i], 1e-12);
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(marker.pose.rotation[i], rotation[i], 1e-12);
}

void ExpectDocumentModel(const ImportedModel& model) {
  ASSERT_EQ(model.markers.size(), 5u);
  // (1, 2, 3) + Ry(90) * 2 * (1, 0, 0) = (1, 2, 3) + (0, 0, -2).
  ExpectPose(model.markers[0], "hole", Vec3(1, 2, 1), Quat(kHalfRoot2, 0, kHalfRoot2, 0));
  // The matrix takes (0, 0, 1) to (0, 1, 0) + (0, -1, 0) = 0; rotation Ry(90) * Rx(90).
  ExpectPose(model.markers[1], "pin", Vec3(1, 2, 3), Quat(0.5, 0.5, 0.5, -0.5));
  ExpectPose(model.markers[2], "flagged_parent", Vec3(0, 0, -1), Quat(1, 0, 0, 0));
  ExpectPose(model.markers[3], "hole2", Vec3(1, 5, 0), Quat(1, 0, 0, 0));
  ExpectPose(model.markers[4], "string_flag", Vec3(0, 0, 0), Quat(1, 0, 0, 0));
  EXPECT_EQ(model.lods, (std::vector<Lod>{{"body", {"body_lod0", "body_LOD1"}}}));
}

TEST(GltfImporterTest, JsonDocument) {
  TempFolder folder;
  Diagnostics diagnostics;
  ImportedModel model = ImportModel(folder.Write("part.gltf", kDocument), &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  ExpectDocumentModel(model);
}

TEST(GltfImporterTest, BinaryDocument) {
  TempFolder folder;
  Diagnostics diagnostics;
  ImportedModel model = ImportModel(folder.Write("part.glb", MakeGlb(kDocument)), &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  ExpectDocumentModel(model);
}

TEST(GltfImporterTest, ChosenByContentNotByName) {
  TempFolder folder;
  Diagnostics diagnostics;
  ExpectDocumentModel(ImportModel(folder.Write("glb_named.fbx", MakeGlb(kDocument)), &diagnostics));
  // A BOM and whitespace before the `{`.
  ExpectDocumentModel(ImportModel(
      folder.Write("gltf_named.glb", "\xEF\xBB\xBF \n\t" + std::string(kDocument)), &diagnostics));
  ExpectDocumentModel(ImportModel(folder.Write("no_extension", kDocument), &diagnostics));
  EXPECT_TRUE(diagnostics.items().empty());
}

ImportedModel ImportDocument(const std::string& json, Diagnostics* diagnostics) {
  TempFolder folder;
  return ImportModel(folder.Write("model.gltf", json), diagnostics);
}

TEST(GltfImporterTest, UsesTheSceneProperty) {
  Diagnostics diagnostics;
  ImportedModel model = ImportDocument(R"({"asset": {"version": "2.0"}, "scene": 1,
      "scenes": [{"nodes": [0]}, {"nodes": [1]}], "nodes": [{"name": "a"}, {"name": "b"}]})",
                                       &diagnostics);
  ASSERT_EQ(model.markers.size(), 1u);
  EXPECT_EQ(model.markers[0].name, "b");
}

TEST(GltfImporterTest, WithoutSceneUsesSceneZero) {
  Diagnostics diagnostics;
  ImportedModel model = ImportDocument(R"({"asset": {"version": "2.0"},
      "scenes": [{"nodes": [1]}, {"nodes": [0]}], "nodes": [{"name": "a"}, {"name": "b"}]})",
                                       &diagnostics);
  ASSERT_EQ(model.markers.size(), 1u);
  EXPECT_EQ(model.markers[0].name, "b");
}

TEST(GltfImporterTest, WithoutScenesUsesEveryRootNode) {
  Diagnostics diagnostics;
  ImportedModel model = ImportDocument(R"({"asset": {"version": "2.0"},
      "nodes": [{"name": "a", "children": [1], "translation": [0, 1, 0]}, {"name": "b"},
                {"name": "c"}]})",
                                       &diagnostics);
  ASSERT_EQ(model.markers.size(), 2u);
  EXPECT_EQ(model.markers[0].name, "b");
  EXPECT_EQ(model.markers[0].pose.position, Vec3(0, 1, 0));
  EXPECT_EQ(model.markers[1].name, "c");
}

// Under a skin's joint: a leaf bone (not listed as a joint) is no marker;
// an empty there is one only with its flag. Below a joint's child too.
TEST(GltfImporterTest, NodesUnderJointsNeedTheFlag) {
  constexpr char kSkinned[] = R"({
    "asset": {"version": "2.0"},
    "scenes": [{"nodes": [0, 5]}],
    "nodes": [
      {"name": "upper", "children": [1, 2]},
      {"name": "upper_end"},
      {"name": "group", "children": [3, 4]},
      {"name": "socket", "translation": [0, 1, 0], "extras": {"cinc_marker": 1}},
      {"name": "deep_leaf"},
      {"name": "free_leaf"}
    ],
    "skins": [{"joints": [0]}]
  })";
  Diagnostics diagnostics;
  ImportedModel model = ImportDocument(kSkinned, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  ASSERT_EQ(model.markers.size(), 2u);
  ExpectPose(model.markers[0], "socket", Vec3(0, 1, 0), Quat(1, 0, 0, 0));
  ExpectPose(model.markers[1], "free_leaf", Vec3(0, 0, 0), Quat(1, 0, 0, 0));
}

TEST(GltfImporterTest, DuplicateMarkers) {
  Diagnostics diagnostics;
  ImportedModel model = ImportDocument(R"({"asset": {"version": "2.0"},
      "scenes": [{"nodes": [0, 1]}], "nodes": [{"name": "hole"}, {"name": "SOCKET_hole"}]})",
                                       &diagnostics);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code_name(), "E_MARKER_DUPLICATE");
  EXPECT_EQ(model.markers.size(), 1u);
}

struct BadDocument {
  const char* json;
  const char* message_part;
};

class GltfBadDocumentTest : public ::testing::TestWithParam<BadDocument> {};

TEST_P(GltfBadDocumentTest, IsALoadError) {
  Diagnostics diagnostics;
  ImportedModel model = ImportDocument(GetParam().json, &diagnostics);
  EXPECT_TRUE(model.markers.empty());
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code_name(), "E_MODEL_LOAD");
  EXPECT_NE(diagnostics.items()[0].message.find(GetParam().message_part), std::string::npos)
      << diagnostics.items()[0].message;
}

INSTANTIATE_TEST_SUITE_P(
    Documents, GltfBadDocumentTest,
    ::testing::Values(
        BadDocument{R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
                       "nodes": [{"name": "loop", "children": [0]}]})",
                    "node 0 'loop' is reached twice"},
        BadDocument{R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0, 1]}],
                       "nodes": [{"children": [1]}, {"name": "shared"}]})",
                    "node 1 'shared' is reached twice"},
        BadDocument{R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [3]}], "nodes": []})",
                    "refers to node 3"},
        BadDocument{R"({"asset": {"version": "2.0"}, "scene": 2, "scenes": [{"nodes": []}]})",
                    "scene 2 does not exist"},
        BadDocument{R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
                       "nodes": [{"name": "q", "rotation": [0, 0, 1]}]})",
                    "node 0 'q' has an invalid rotation"},
        BadDocument{R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
                       "nodes": [{"name": "z", "rotation": [0, 0, 0, 0]}]})",
                    "a zero rotation quaternion"},
        BadDocument{R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
                       "nodes": [{"name": "m", "matrix": [1, 0, 0]}]})",
                    "a matrix of 3 numbers"},
        BadDocument{R"({"asset": {"version": "2.0"}, "nodes": [)", "cannot read"},
        BadDocument{R"({"nodes": []})", "cannot read"},
        BadDocument{R"({"asset": {"version": "2.0"}, "buffers": [{"byteLength": 4,
                       "uri": "missing.bin"}]})",
                    "cannot read"}));

}  // namespace
}  // namespace cinc
