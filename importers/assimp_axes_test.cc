// The axes of files Assimp reads: FBX header axes, Blender's FBX frames and
// a COLLADA root's up-axis turn, against rotations written out by hand.
#include "importers/assimp_axes.h"

#include <assimp/commonMetaData.h>
#include <assimp/scene.h>
#include <gtest/gtest.h>

#include <memory>

namespace cinc {
namespace {

void ExpectMatrix(const glm::dmat3& actual, const glm::dmat3& expected) {
  for (int column = 0; column < 3; ++column) {
    for (int row = 0; row < 3; ++row) {
      EXPECT_NEAR(actual[column][row], expected[column][row], 1e-12)
          << "column " << column << " row " << row;
    }
  }
}

// Columns: the images of +X, +Y and +Z.
glm::dmat3 Columns(glm::dvec3 x, glm::dvec3 y, glm::dvec3 z) { return glm::dmat3(x, y, z); }

TEST(FbxAxesToCincTest, StandardAxesAreTheIdentity) {
  // Maya's and Blender's default FBX header: up +Y, front +Z, coord +X.
  ExpectMatrix(*FbxAxesToCinc(1, 1, 2, 1, 0, 1), glm::dmat3(1.0));
}

TEST(FbxAxesToCincTest, ZUpFileIsTurnedToYUp) {
  // 3ds Max: up +Z, front -Y, coord +X. Its +Z must become +Y and its -Y +Z,
  // so +Y becomes -Z: (x, y, z) -> (x, z, -y).
  ExpectMatrix(*FbxAxesToCinc(2, 1, 1, -1, 0, 1), Columns({1, 0, 0}, {0, 0, -1}, {0, 1, 0}));
}

TEST(FbxAxesToCincTest, RefusesRepeatedOrLeftHandedOrUnknownAxes) {
  EXPECT_FALSE(FbxAxesToCinc(1, 1, 1, 1, 0, 1).has_value());   // up and front both Y
  EXPECT_FALSE(FbxAxesToCinc(1, 1, 2, 1, 0, -1).has_value());  // left-handed
  EXPECT_FALSE(FbxAxesToCinc(3, 1, 2, 1, 0, 1).has_value());   // no axis 3
  EXPECT_FALSE(FbxAxesToCinc(1, 0, 2, 1, 0, 1).has_value());   // sign 0
}

TEST(BlenderToCincTest, IsBlendersZUpToYUp) {
  ExpectMatrix(BlenderToCinc(), Columns({1, 0, 0}, {0, 0, -1}, {0, 1, 0}));
}

std::unique_ptr<aiScene> FbxScene(const char* generator, int up, int up_sign, int front,
                                  int front_sign) {
  auto scene = std::make_unique<aiScene>();
  scene->mRootNode = new aiNode("RootNode");
  scene->mMetaData = aiMetadata::Alloc(8);
  scene->mMetaData->Set(0, "UpAxis", int32_t{up});
  scene->mMetaData->Set(1, "UpAxisSign", int32_t{up_sign});
  scene->mMetaData->Set(2, "FrontAxis", int32_t{front});
  scene->mMetaData->Set(3, "FrontAxisSign", int32_t{front_sign});
  scene->mMetaData->Set(4, "CoordAxis", int32_t{0});
  scene->mMetaData->Set(5, "CoordAxisSign", int32_t{1});
  scene->mMetaData->Set(6, AI_METADATA_SOURCE_FORMAT, aiString("Autodesk FBX Importer"));
  scene->mMetaData->Set(7, AI_METADATA_SOURCE_GENERATOR, aiString(generator));
  return scene;
}

TEST(AxesOfTest, BlenderFbxKeepsBlenderFramesWhichAreTurned) {
  // Blender's exporter converted positions to +Y up already; each object's
  // own frame is still Blender's, so it is turned by (x, y, z) -> (x, z, -y):
  // on the right, the inverse.
  auto scene = FbxScene("Blender (stable FBX IO) - 3.4.1 - 4.37.1", 1, 1, 2, 1);
  FileAxes axes = AxesOf(*scene);
  ExpectMatrix(glm::dmat3(axes.to_cinc), glm::dmat3(1.0));
  ExpectMatrix(glm::dmat3(axes.marker_frame), Columns({1, 0, 0}, {0, 0, 1}, {0, -1, 0}));
}

TEST(AxesOfTest, OtherYUpFbxIsUnchanged) {
  auto scene = FbxScene("FBX SDK/FBX Plugins version 2020.2", 1, 1, 2, 1);
  FileAxes axes = AxesOf(*scene);
  ExpectMatrix(glm::dmat3(axes.to_cinc), glm::dmat3(1.0));
  ExpectMatrix(glm::dmat3(axes.marker_frame), glm::dmat3(1.0));
}

TEST(AxesOfTest, ZUpFbxIsTurnedAtTheRootAndInEachFrame) {
  auto scene = FbxScene("FBX SDK/FBX Plugins version 2020.2", 2, 1, 1, -1);
  FileAxes axes = AxesOf(*scene);
  glm::dmat3 z_up_to_y_up = Columns({1, 0, 0}, {0, 0, -1}, {0, 1, 0});
  ExpectMatrix(glm::dmat3(axes.to_cinc), z_up_to_y_up);
  ExpectMatrix(glm::dmat3(axes.marker_frame), glm::transpose(z_up_to_y_up));
}

TEST(AxesOfTest, ColladaRootTurnIsUndoneInEachFrame) {
  // Assimp turns a Z_UP COLLADA file at its root (rows 1 0 0 / 0 0 1 / 0 -1 0),
  // here with a unit scale of 0.01 as well.
  auto scene = std::make_unique<aiScene>();
  scene->mRootNode = new aiNode("Scene");
  scene->mRootNode->mTransformation =
      aiMatrix4x4(0.01f, 0, 0, 0, 0, 0, 0.01f, 0, 0, -0.01f, 0, 0, 0, 0, 0, 1);
  FileAxes axes = AxesOf(*scene);
  ExpectMatrix(glm::dmat3(axes.to_cinc), glm::dmat3(1.0));
  ExpectMatrix(glm::dmat3(axes.marker_frame), Columns({1, 0, 0}, {0, 0, 1}, {0, -1, 0}));
}

TEST(AxesOfTest, FileWithoutAxesIsUnchanged) {
  auto scene = std::make_unique<aiScene>();
  scene->mRootNode = new aiNode("root");
  FileAxes axes = AxesOf(*scene);
  ExpectMatrix(glm::dmat3(axes.to_cinc), glm::dmat3(1.0));
  ExpectMatrix(glm::dmat3(axes.marker_frame), glm::dmat3(1.0));
}

}  // namespace
}  // namespace cinc
