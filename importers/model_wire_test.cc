#include "importers/model_wire.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

ReaderAnswer<ImportedModel> SomeMarkers() {
  ReaderAnswer<ImportedModel> answer;
  ImportedModel model;
  Marker hole;
  hole.name = "hole.001";
  hole.pose.position = Vec3(0.1, 0.30000000000000004, -1e-300);
  hole.pose.rotation = Quat(0.5, 0.5, -0.5, 0.5);
  model.markers.push_back(hole);
  model.lods.push_back({"bracket", {"bracket_LOD0", "bracket_LOD1"}});
  answer.result = model;
  Diagnostic diagnostic;
  diagnostic.code = DiagnosticCode::kMarkerDuplicate;
  diagnostic.file = "m.glb";
  diagnostic.location = {3, 4};
  diagnostic.message = "two markers named 'a'";
  answer.diagnostics.push_back(diagnostic);
  return answer;
}

TEST(ModelWireTest, MarkersRoundTripBitForBit) {
  ReaderAnswer<ImportedModel> decoded;
  ASSERT_TRUE(DecodeAnswer(EncodeAnswer(SomeMarkers()), &decoded));
  ASSERT_TRUE(decoded.result);
  const Marker& hole = decoded.result->markers.at(0);
  EXPECT_EQ(hole.name, "hole.001");
  EXPECT_EQ(hole.pose.position, Vec3(0.1, 0.30000000000000004, -1e-300));
  EXPECT_EQ(hole.pose.rotation, Quat(0.5, 0.5, -0.5, 0.5));
  EXPECT_EQ(decoded.result->lods, SomeMarkers().result->lods);
  ASSERT_EQ(decoded.diagnostics.size(), 1u);
  EXPECT_EQ(decoded.diagnostics[0].code_name(), "E_MARKER_DUPLICATE");
  EXPECT_EQ(decoded.diagnostics[0].location, (SourceLocation{3, 4}));
  EXPECT_EQ(decoded.diagnostics[0].message, "two markers named 'a'");
}

TEST(ModelWireTest, ContentRoundTrips) {
  ReaderAnswer<ModelContent> answer;
  ModelContent content;
  ContentPrimitive primitive;
  primitive.positions = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  primitive.indices = {0, 1, 2};
  primitive.material = 0;
  content.meshes.push_back({"tri", {primitive}});
  content.materials.push_back(ContentMaterial{});
  content.images.push_back({"tex", "image/png", std::string("\x89PNG\0", 5)});
  content.textures.push_back(ContentTexture{0});
  content.materials[0].base_color_texture.texture = 0;
  ContentNode node;
  node.name = "part";
  node.mesh = 0;
  node.matrix = std::array<double, 16>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1};
  content.nodes.push_back(node);
  content.roots = {0};
  answer.result = content;
  ReaderAnswer<ModelContent> decoded;
  ASSERT_TRUE(DecodeAnswer(EncodeAnswer(answer), &decoded));
  ASSERT_TRUE(decoded.result);
  EXPECT_EQ(decoded.result->meshes[0].primitives[0].positions, primitive.positions);
  EXPECT_EQ(decoded.result->meshes[0].primitives[0].indices, primitive.indices);
  EXPECT_EQ(decoded.result->images[0].bytes, std::string("\x89PNG\0", 5));
  EXPECT_EQ((*decoded.result->nodes[0].matrix)[12], 5);
}

// Found by fuzzing (UBSan: memcpy to an empty vector's null data()): a
// primitive without indices, normals or positions.
TEST(ModelWireTest, EmptyArraysRoundTrip) {
  ReaderAnswer<ModelContent> answer;
  ModelContent content;
  content.meshes.push_back({"empty", {ContentPrimitive{}}});
  answer.result = content;
  ReaderAnswer<ModelContent> decoded;
  ASSERT_TRUE(DecodeAnswer(EncodeAnswer(answer), &decoded));
  ASSERT_TRUE(decoded.result);
  EXPECT_TRUE(decoded.result->meshes.at(0).primitives.at(0).positions.empty());
  EXPECT_TRUE(decoded.result->meshes.at(0).primitives.at(0).indices.empty());
}

// An answer cut anywhere, or one whose indices point nowhere, is refused.
TEST(ModelWireTest, MalformedAnswersAreRefused) {
  std::string bytes = EncodeAnswer(SomeMarkers());
  for (size_t length = 0; length < bytes.size(); ++length) {
    ReaderAnswer<ImportedModel> decoded;
    EXPECT_FALSE(DecodeAnswer(bytes.substr(0, length), &decoded)) << length;
  }
  ReaderAnswer<ModelContent> answer;
  ModelContent content;
  content.roots = {7};  // no node 7
  answer.result = content;
  ReaderAnswer<ModelContent> decoded;
  EXPECT_FALSE(DecodeAnswer(EncodeAnswer(answer), &decoded));
}

}  // namespace
}  // namespace cinc
