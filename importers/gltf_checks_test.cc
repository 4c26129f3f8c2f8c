#include "importers/gltf_checks.h"

#include <gtest/gtest.h>

#include <string>

#include "importers/test_files.h"

namespace cinc {
namespace {

constexpr char kVersion2[] = R"({"asset": {"version": "2.0"}})";

TEST(GltfChecksTest, AGltf2DocumentPasses) {
  EXPECT_EQ(CheckGltfBeforeLoading(kVersion2, false, "."), "");
  EXPECT_EQ(CheckGltfBeforeLoading(testing::MakeGlb(kVersion2), true, "."), "");
  EXPECT_EQ(CheckGltfBeforeLoading(R"({"asset": {"version": "2.1"}})", false, "."), "");
}

TEST(GltfChecksTest, Gltf1IsRefused) {
  EXPECT_EQ(CheckGltfBeforeLoading(R"({"asset": {"version": "1.0"}, "scenes": {}})", false, "."),
            "it is glTF 1.0; cinc reads glTF 2.0 only: open it in a tool that converts glTF 1.0 "
            "(Blender 2.8 or later imports it) and export it as glTF 2.0");
  EXPECT_EQ(CheckGltfBeforeLoading(R"({"scene": "s", "scenes": {"s": {}}})", false, "."),
            "its `asset.version` is missing, so it is not glTF 2.0 (glTF 1.0 files may lack it); "
            "cinc reads glTF 2.0 only: open it in a tool that converts glTF 1.0 (Blender 2.8 or "
            "later imports it) and export it as glTF 2.0");
  std::string glb1 = testing::MakeGlb("{}");
  glb1[4] = 1;  // the header's version
  EXPECT_EQ(CheckGltfBeforeLoading(glb1, true, "."),
            "it is a glTF 1.0 binary (GLB version 1); cinc reads glTF 2.0 only: convert it and "
            "export it as glTF 2.0");
}

TEST(GltfChecksTest, AMissingBufferOrImageSaysWhereItWasLookedFor) {
  testing::TempFolder folder;
  folder.Write("there.bin", "0123");
  std::string document = R"({"asset": {"version": "2.0"}, "buffers": [
      {"byteLength": 4, "uri": "there.bin"}, {"byteLength": 4, "uri": "data:,abcd"},
      {"byteLength": 4, "uri": "my%20part.bin"}]})";
  EXPECT_EQ(CheckGltfBeforeLoading(document, false, folder.path()),
            "its buffer 2 is the file 'my%20part.bin', which is not there (looked for " +
                folder.File("my part.bin") +
                "): copy it beside the glTF, or export a .glb, which holds its buffers and images");
  folder.Write("my part.bin", "0123");
  EXPECT_EQ(CheckGltfBeforeLoading(document, false, folder.path()), "");
  std::string images = R"({"asset": {"version": "2.0"}, "images": [{"uri": "textures/wood.png"}]})";
  EXPECT_EQ(CheckGltfBeforeLoading(testing::MakeGlb(images), true, folder.path()),
            "its image 0 is the file 'textures/wood.png', which is not there (looked for " +
                folder.File("textures/wood.png") +
                "): copy it beside the glTF, or export a .glb, which holds its buffers and images");
}

TEST(GltfChecksTest, ExternalFilesAreTheBuffersThenImagesThatAreThere) {
  testing::TempFolder folder;
  folder.Write("part.bin", "0123");
  folder.Write("my part.png", "png");
  std::string document = R"({"asset": {"version": "2.0"},
      "images": [{"uri": "my%20part.png"}, {"uri": "gone.png"}],
      "buffers": [{"byteLength": 4, "uri": "data:,abcd"}, {"byteLength": 4, "uri": "part.bin"}]})";
  EXPECT_EQ(
      GltfExternalFiles(document, false, folder.path()),
      (std::vector<std::string>{folder.path() + "/part.bin", folder.path() + "/my part.png"}));
  EXPECT_EQ(GltfExternalFiles(testing::MakeGlb(document), true, folder.path()).size(), 2u);
  EXPECT_EQ(GltfExternalFiles(document, false, ""), std::vector<std::string>{});  // not here
  EXPECT_EQ(GltfExternalFiles("{not json", false, folder.path()), std::vector<std::string>{});
  EXPECT_EQ(GltfExternalFiles("glTF", true, folder.path()), std::vector<std::string>{});
}

TEST(GltfChecksTest, WhatTinygltfReportsBetterIsLeftToIt) {
  EXPECT_EQ(CheckGltfBeforeLoading("{not json", false, "."), "");
  EXPECT_EQ(CheckGltfBeforeLoading("[1, 2]", false, "."), "");
  EXPECT_EQ(CheckGltfBeforeLoading("glTF\2\0\0\0", true, "."), "");  // too short for a chunk
  std::string bad_chunk = testing::MakeGlb("{}");
  bad_chunk[12] = '\xff';  // a JSON chunk longer than the file
  EXPECT_EQ(CheckGltfBeforeLoading(bad_chunk, true, "."), "");
}

}  // namespace
}  // namespace cinc
