#include "importers/model_bounds.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

void ExpectNear(const Vec3& actual, const Vec3& expected) {
  EXPECT_NEAR(actual.x, expected.x, 1e-12);
  EXPECT_NEAR(actual.y, expected.y, 1e-12);
  EXPECT_NEAR(actual.z, expected.z, 1e-12);
}

ContentMesh MeshOf(std::vector<float> positions) {
  ContentMesh mesh;
  mesh.primitives.emplace_back().positions = std::move(positions);
  return mesh;
}

// Worked by hand. The root is moved by (1, 0, 0) and scaled by 2: its mesh's
// (0, 0, 0) and (1, 1, 1) land at (1, 0, 0) and (3, 2, 2). Its child turns
// 90 degrees about +Y (x -> -z) and moves by (0, 0, 1) in the root's space:
// the child's (1, 0, 0) is (0, 0, 0) there, (1, 0, 0) in the model; its
// (2, 0, 0) is (0, 0, -1) there, (1, 0, -2) in the model.
TEST(ModelBoundsTest, EveryVertexThroughItsNodesTransforms) {
  ModelContent content;
  content.meshes = {MeshOf({0, 0, 0, 1, 1, 1}), MeshOf({1, 0, 0, 2, 0, 0})};
  ContentNode& root = content.nodes.emplace_back();
  root.translation = Vec3(1, 0, 0);
  root.scale = Vec3(2, 2, 2);
  root.mesh = 0;
  root.children = {1};
  ContentNode& child = content.nodes.emplace_back();
  child.rotation = QuatFromAxisAngle(Vec3(0, 1, 0), kPi / 2);
  child.translation = Vec3(0, 0, 1);
  child.mesh = 1;
  content.roots = {0};
  std::optional<Bounds> bounds = ModelBounds(content);
  ASSERT_TRUE(bounds);
  ExpectNear(bounds->low, Vec3(1, 0, -2));
  ExpectNear(bounds->high, Vec3(3, 2, 2));
}

// A matrix replaces TRS (column-major: the translation is elements 12-14).
TEST(ModelBoundsTest, AMatrixNodeAndALoop) {
  ModelContent content;
  content.meshes = {MeshOf({0, 0, 0})};
  ContentNode& node = content.nodes.emplace_back();
  node.matrix = std::array<double, 16>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1};
  node.mesh = 0;
  node.children = {0};  // a loop: not entered again
  content.roots = {0};
  std::optional<Bounds> bounds = ModelBounds(content);
  ASSERT_TRUE(bounds);
  ExpectNear(bounds->low, Vec3(5, 6, 7));
  ExpectNear(bounds->high, Vec3(5, 6, 7));
}

TEST(ModelBoundsTest, NoMeshNoBounds) {
  ModelContent content;
  content.nodes.emplace_back();
  content.roots = {0};
  EXPECT_EQ(ModelBounds(content), std::nullopt);
}

}  // namespace
}  // namespace cinc
