#include "importers/model_builder.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>

namespace cinc {
namespace {

constexpr double kTolerance = 1e-12;

glm::dmat4 Rotation(double degrees, const Vec3& axis) {
  return glm::rotate(glm::dmat4(1.0), Radians(degrees), axis);
}

glm::dmat4 Scale(const Vec3& factors) { return glm::scale(glm::dmat4(1.0), factors); }

void ExpectSameRotation(const Quat& actual, const Quat& expected) {
  // q and -q are one rotation; PoseFromMatrix picks w >= 0.
  double sign = glm::dot(actual, expected) < 0 ? -1 : 1;
  EXPECT_NEAR(actual.w, sign * expected.w, 1e-12);
  EXPECT_NEAR(actual.x, sign * expected.x, 1e-12);
  EXPECT_NEAR(actual.y, sign * expected.y, 1e-12);
  EXPECT_NEAR(actual.z, sign * expected.z, 1e-12);
}

TEST(PoseFromMatrixTest, TranslationAndRotationPassThrough) {
  glm::dmat4 m = glm::translate(glm::dmat4(1.0), Vec3(1, 2, 3)) * Rotation(90, Vec3(0, 1, 0));
  Transform pose = PoseFromMatrix(m);
  EXPECT_NEAR(pose.position.x, 1, kTolerance);
  EXPECT_NEAR(pose.position.y, 2, kTolerance);
  EXPECT_NEAR(pose.position.z, 3, kTolerance);
  ExpectSameRotation(pose.rotation, Quat(std::sqrt(0.5), 0, std::sqrt(0.5), 0));
  EXPECT_GE(pose.rotation.w, 0);
}

TEST(PoseFromMatrixTest, DropsScaleAndShear) {
  // R1 * S * R2 = (R1 R2) * (R2^T S R2): the orthogonal polar factor is R1 R2.
  glm::dmat4 r1 = Rotation(30, Vec3(0, 0, 1));
  glm::dmat4 r2 = Rotation(40, Vec3(1, 0, 0));
  Transform pose = PoseFromMatrix(r1 * Scale(Vec3(1, 3, 0.5)) * r2);
  ExpectSameRotation(pose.rotation, glm::quat_cast(glm::dmat3(r1 * r2)));
}

TEST(PoseFromMatrixTest, ExtremeUniformScales) {
  for (double factor : {1e-6, 1e6}) {
    Transform pose = PoseFromMatrix(Rotation(-120, Vec3(1, 1, 0)) * Scale(Vec3(factor)));
    ExpectSameRotation(pose.rotation, glm::angleAxis(Radians(-120), glm::normalize(Vec3(1, 1, 0))));
  }
}

TEST(PoseFromMatrixTest, MirrorKeepsLocalYAndZAndFlipsX) {
  glm::dmat4 r = Rotation(30, Vec3(0, 0, 1));
  Transform pose = PoseFromMatrix(r * Scale(Vec3(1, 1, -1)));
  // r * diag(1, 1, -1) made proper by flipping X: r * diag(-1, 1, -1) = r * Ry(180).
  ExpectSameRotation(pose.rotation, glm::quat_cast(glm::dmat3(r * Rotation(180, Vec3(0, 1, 0)))));
}

TEST(PoseFromMatrixTest, SingularMatrixGivesIdentityRotation) {
  Transform pose = PoseFromMatrix(glm::translate(glm::dmat4(1.0), Vec3(4, 5, 6)) *
                                  Rotation(45, Vec3(0, 1, 0)) * Scale(Vec3(1, 0, 1)));
  EXPECT_EQ(pose.rotation, Quat(1, 0, 0, 0));
  EXPECT_EQ(pose.position, Vec3(4, 5, 6));
}

TEST(PoseFromMatrixTest, HalfTurnHasAStableSign) {
  Transform pose = PoseFromMatrix(Rotation(180, Vec3(0, -1, 0)));
  EXPECT_NEAR(pose.rotation.y, 1, kTolerance);  // the largest component is positive
}

TEST(MarkerNameTest, StripsOneLeadingSocketPrefix) {
  EXPECT_EQ(MarkerNameOf("SOCKET_hole"), "hole");
  EXPECT_EQ(MarkerNameOf("SOCKET_SOCKET_hole"), "SOCKET_hole");
  EXPECT_EQ(MarkerNameOf("socket_hole"), "socket_hole");  // Unreal's prefix is upper case
  EXPECT_EQ(MarkerNameOf("hole.001"), "hole.001");
  EXPECT_EQ(MarkerNameOf("SOCKET_"), "SOCKET_");  // nothing would be left
}

TEST(LodNameTest, ParsesLevels) {
  auto lod = ParseLodLevelName("bracket_LOD1");
  ASSERT_TRUE(lod.has_value());
  EXPECT_EQ(lod->base, "bracket");
  EXPECT_EQ(lod->level, 1);
  lod = ParseLodLevelName("Big.Part_lod12");
  ASSERT_TRUE(lod.has_value());
  EXPECT_EQ(lod->base, "Big.Part");
  EXPECT_EQ(lod->level, 12);
  EXPECT_EQ(ParseLodLevelName("a_b_LoD0")->base, "a_b");
  for (const char* name : {"_LOD1", "bracket_LOD", "bracketLOD1", "bracket_LOD1x", "bracket",
                           "bracket_LOD-1", "b_LOD99999999999999999999999"}) {
    EXPECT_FALSE(ParseLodLevelName(name).has_value()) << name;
  }
}

ModelNode Node(const std::string& name) {
  ModelNode node;
  node.name = name;
  return node;
}

TEST(IsMarkerNodeTest, FollowsTheMarkerRule) {
  ModelNode leaf = Node("a");
  EXPECT_TRUE(IsMarkerNode(leaf));
  ModelNode parent = Node("b");
  parent.has_children = true;
  EXPECT_FALSE(IsMarkerNode(parent));
  parent.marker_flag = true;
  EXPECT_TRUE(IsMarkerNode(parent));
  leaf.marker_flag = false;
  EXPECT_FALSE(IsMarkerNode(leaf));
  ModelNode mesh = Node("c");
  mesh.has_mesh = true;
  mesh.marker_flag = true;  // the flag cannot make a mesh a marker
  EXPECT_FALSE(IsMarkerNode(mesh));
  ModelNode camera = Node("d");
  camera.is_camera_light_or_joint = true;
  EXPECT_FALSE(IsMarkerNode(camera));
  ModelNode faceless = Node("e");  // FBX: a model that is not a Null
  faceless.is_other_object = true;
  faceless.marker_flag = true;
  EXPECT_FALSE(IsMarkerNode(faceless));
  ModelNode leaf_bone = Node("f");  // under a joint: only with the flag
  leaf_bone.under_joint = true;
  EXPECT_FALSE(IsMarkerNode(leaf_bone));
  leaf_bone.marker_flag = true;
  EXPECT_TRUE(IsMarkerNode(leaf_bone));
}

TEST(BuildModelTest, KeepsFileOrderAndGroupsLods) {
  std::vector<ModelNode> nodes = {Node("z"), Node("SOCKET_a"), Node(""), Node("m")};
  for (const char* name : {"part_LOD2", "other_LOD0", "part_lod0", "part_LOD1"}) {
    ModelNode mesh = Node(name);
    mesh.has_mesh = true;
    nodes.push_back(mesh);
  }
  ModelNode not_a_mesh = Node("part_LOD3");  // an empty: a marker, not a level
  nodes.push_back(not_a_mesh);
  Diagnostics diagnostics;
  ImportedModel model = BuildModel(nodes, "m.glb", &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  std::vector<std::string> names;
  for (const Marker& marker : model.markers) names.push_back(marker.name);
  EXPECT_EQ(names, (std::vector<std::string>{"z", "a", "m", "part_LOD3"}));
  EXPECT_EQ(model.lods, (std::vector<Lod>{{"part", {"part_lod0", "part_LOD1", "part_LOD2"}},
                                          {"other", {"other_LOD0"}}}));
}

TEST(BuildModelTest, ReportsDuplicatesOncePerName) {
  std::vector<ModelNode> nodes = {Node("hole"), Node("SOCKET_hole"), Node("pin"), Node("pin"),
                                  Node("pin")};
  nodes[0].world = glm::translate(glm::dmat4(1.0), Vec3(1, 0, 0));
  Diagnostics diagnostics;
  ImportedModel model = BuildModel(nodes, "models/body.glb", &diagnostics);
  ASSERT_EQ(diagnostics.items().size(), 2u);
  EXPECT_EQ(diagnostics.items()[0].code_name(), "E_MARKER_DUPLICATE");
  EXPECT_EQ(diagnostics.items()[0].file, "models/body.glb");
  EXPECT_EQ(diagnostics.items()[0].message,
            "marker 'hole' appears twice in models/body.glb (nodes 'hole' and 'SOCKET_hole'); "
            "rename all but one of them (the first one is used)");
  EXPECT_EQ(diagnostics.items()[1].message,
            "marker 'pin' appears 3 times in models/body.glb; rename all but one of them (the "
            "first one is used)");
  ASSERT_EQ(model.markers.size(), 2u);
  EXPECT_EQ(model.markers[0].pose.position, Vec3(1, 0, 0));  // the first one
}

TEST(BuildModelTest, RefusesMarkersBeyondTheSceneLimits) {
  std::vector<ModelNode> nodes = {Node("near"), Node("far"), Node("nowhere")};
  nodes[0].world = glm::translate(glm::dmat4(1.0), Vec3(0, -1e6, 1e6));  // at the limit: fine
  nodes[1].world = glm::translate(glm::dmat4(1.0), Vec3(2.5e7, 0, 0));
  nodes[2].world[3][1] = HUGE_VAL;
  Diagnostics diagnostics;
  ImportedModel model = BuildModel(nodes, "models/body.fbx", &diagnostics);
  ASSERT_EQ(diagnostics.items().size(), 2u);
  EXPECT_EQ(diagnostics.items()[0].code_name(), "E_MODEL_LOAD");
  EXPECT_EQ(diagnostics.items()[0].file, "models/body.fbx");
  EXPECT_EQ(diagnostics.items()[0].message,
            "marker 'far' is at (2.5e+07, 0, 0) m, more than 1000000 m from the model's origin, "
            "which cinc does not take: check the model's units and scale, and export it in "
            "metres");
  EXPECT_EQ(diagnostics.items()[1].message,
            "marker 'nowhere' is at (0, inf, 0) m, more than 1000000 m from the model's origin, "
            "which cinc does not take: check the model's units and scale, and export it in "
            "metres");
  EXPECT_EQ(model.markers.size(), 3u);  // kept: references to them are not errors too
}

}  // namespace
}  // namespace cinc
