// The Assimp node walk on scenes built by hand: FBX pivot helpers, node
// metadata, bones, cameras and lights.
#include "importers/assimp_importer.h"

#include <assimp/scene.h>
#include <gtest/gtest.h>

#include <memory>

namespace cinc {
namespace {

aiNode* AddChild(aiNode* parent, const char* name, const aiVector3D& translation) {
  auto* child = new aiNode(name);
  aiMatrix4x4::Translation(translation, child->mTransformation);
  aiNode* children[] = {child};
  parent->addChildren(1, children);
  return child;
}

TEST(AssimpSceneNodesTest, FoldsPivotHelpersAndReadsFlags) {
  auto scene = std::make_unique<aiScene>();
  scene->mRootNode = new aiNode("RootNode");
  // The root may carry the file's axis and unit conversion: it applies.
  aiMatrix4x4::Scaling(aiVector3D(0.01f), scene->mRootNode->mTransformation);
  aiNode* helper = AddChild(scene->mRootNode, "hole_$AssimpFbx$_Translation", {100, 0, 0});
  aiNode* rotation_helper = AddChild(helper, "hole_$AssimpFbx$_Rotation", {0, 0, 0});
  aiMatrix4x4::RotationY(static_cast<float>(kPi / 2), rotation_helper->mTransformation);
  AddChild(rotation_helper, "hole", {0, 0, 50});
  aiNode* flagged = AddChild(scene->mRootNode, "group", {0, 0, 0});
  flagged->mMetaData = aiMetadata::Alloc(2);
  flagged->mMetaData->Set(0, "IsNull", true);
  flagged->mMetaData->Set(1, "cinc_marker", int32_t{1});
  aiNode* excluded = AddChild(flagged, "excluded", {0, 0, 0});
  excluded->mMetaData = aiMetadata::Alloc(1);
  excluded->mMetaData->Set(0, "cinc_marker", 0.0);
  AddChild(scene->mRootNode, "bone", {0, 0, 0});
  AddChild(scene->mRootNode, "lamp", {0, 0, 0});
  aiNode* mesh_node = AddChild(scene->mRootNode, "body", {0, 0, 0});
  mesh_node->mNumMeshes = 1;
  mesh_node->mMeshes = new unsigned[1]{0};

  scene->mNumMeshes = 1;
  scene->mMeshes = new aiMesh* [1] { new aiMesh() };
  scene->mMeshes[0]->mNumBones = 1;
  scene->mMeshes[0]->mBones = new aiBone* [1] { new aiBone() };
  scene->mMeshes[0]->mBones[0]->mName = aiString("bone");
  scene->mNumLights = 1;
  scene->mLights = new aiLight* [1] { new aiLight() };
  scene->mLights[0]->mName = aiString("lamp");

  std::vector<ModelNode> nodes;
  ReadAssimpSceneNodes(*scene, &nodes);
  std::vector<std::string> names;
  for (const ModelNode& node : nodes) names.push_back(node.name);
  // No root, no helpers; depth-first pre-order.
  EXPECT_EQ(names, (std::vector<std::string>{"hole", "group", "excluded", "bone", "lamp", "body"}));
  // (100, 0, 0) + Ry(90) * (0, 0, 50) = (150, 0, 0) cm.
  EXPECT_NEAR(nodes[0].world[3][0], 1.5, 1e-6);
  EXPECT_NEAR(nodes[0].world[3][2], 0, 1e-6);
  EXPECT_TRUE(IsMarkerNode(nodes[0]));
  EXPECT_EQ(nodes[1].marker_flag, std::optional<bool>(true));
  EXPECT_TRUE(IsMarkerNode(nodes[1]));
  EXPECT_EQ(nodes[2].marker_flag, std::optional<bool>(false));
  EXPECT_FALSE(IsMarkerNode(nodes[2]));
  EXPECT_TRUE(nodes[3].is_camera_light_or_joint);
  EXPECT_TRUE(nodes[4].is_camera_light_or_joint);
  EXPECT_TRUE(nodes[5].has_mesh);
}

// FBX models that are not Nulls are no markers even when Assimp read nothing
// of them; what sits under a bone needs the flag.
TEST(AssimpSceneNodesTest, NonNullsAndNodesUnderBones) {
  auto scene = std::make_unique<aiScene>();
  scene->mRootNode = new aiNode("RootNode");
  auto set_is_null = [](aiNode* node, bool is_null) {
    node->mMetaData = aiMetadata::Alloc(1);
    node->mMetaData->Set(0, "IsNull", is_null);
  };
  set_is_null(AddChild(scene->mRootNode, "empty", {0, 0, 0}), true);
  set_is_null(AddChild(scene->mRootNode, "faceless", {0, 0, 0}), false);
  aiNode* bone = AddChild(scene->mRootNode, "upper", {0, 0, 0});
  aiNode* leaf_bone = AddChild(bone, "lower", {0, 0, 0});
  AddChild(leaf_bone, "lower_end", {0, 0, 0});
  aiNode* socket = AddChild(bone, "socket", {0, 1, 0});
  socket->mMetaData = aiMetadata::Alloc(1);
  socket->mMetaData->Set(0, "cinc_marker", true);
  AddChild(scene->mRootNode, "untyped", {0, 0, 0});  // no IsNull: not an FBX model
  scene->mNumMeshes = 1;
  scene->mMeshes = new aiMesh* [1] { new aiMesh() };
  scene->mMeshes[0]->mNumBones = 1;
  scene->mMeshes[0]->mBones = new aiBone* [1] { new aiBone() };
  scene->mMeshes[0]->mBones[0]->mName = aiString("upper");

  std::vector<ModelNode> nodes;
  ReadAssimpSceneNodes(*scene, &nodes);
  std::vector<std::string> markers;
  for (const ModelNode& node : nodes) {
    if (IsMarkerNode(node)) markers.push_back(node.name);
  }
  EXPECT_EQ(markers, (std::vector<std::string>{"empty", "socket", "untyped"}));
}

}  // namespace
}  // namespace cinc
