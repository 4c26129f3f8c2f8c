#include "importers/format_checks.h"

#include <gtest/gtest.h>

#include <string>

namespace cinc {
namespace {

constexpr char kHeader[] =
    "ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nproperty float y\n"
    "property float z\nend_header\n0 0 0\n";

TEST(FormatChecksTest, AWholePlyHeaderPasses) {
  EXPECT_EQ(CheckBeforeReading("part.ply", kHeader), "");
  std::string crlf = "ply\r\nformat ascii 1.0\r\nend_header\r\n";
  EXPECT_EQ(CheckBeforeReading("PART.PLY", crlf), "");
}

TEST(FormatChecksTest, APlyHeaderWithoutItsEndIsRefused) {
  EXPECT_EQ(CheckBeforeReading("part.ply", "ply\nformat ascii 1.0\nelement vertex 3\n"),
            "its PLY header has no 'end_header' line in its first 64 KB: the file is truncated "
            "or corrupt: export it again");
  // `end_header` as part of a longer line, or without its line break, is no end.
  EXPECT_NE(CheckBeforeReading("part.ply", "ply\ncomment end_header\n"), "");
  EXPECT_NE(CheckBeforeReading("part.ply", "ply\nend_header"), "");
  // Past the first 64 KB of header is too late.
  std::string long_header = "ply\n" + std::string(70000, 'c') + "\nend_header\n";
  EXPECT_NE(CheckBeforeReading("part.ply", long_header), "");
}

TEST(FormatChecksTest, AFileThatIsNotPlyIsRefused) {
  EXPECT_EQ(CheckBeforeReading("part.ply", "solid x\n"),
            "it does not start with the line 'ply', so it is not a PLY file (or its header is "
            "damaged): export the model again");
}

TEST(FormatChecksTest, AGltfOrBlendThatIsNotOneIsDamaged) {
  EXPECT_EQ(CheckBeforeReading("part.glb", "\x89PNG"),
            "it is named .glb but is not a GLB (a GLB starts with the bytes 'glTF'): the file is "
            "truncated or corrupt: export it again");
  EXPECT_EQ(CheckBeforeReading("part.GLTF", "<html>"),
            "it is named .gltf but is not glTF (a glTF file is a JSON object, starting with "
            "'{'): the file is truncated or corrupt: export it again");
  EXPECT_EQ(CheckBeforeReading("part.blend", "BLEND"),
            "it is named .blend but is not a Blender file (one starts with 'BLENDER', or is "
            "compressed with Zstandard): the file is truncated or corrupt: save it again");
}

TEST(FormatChecksTest, OtherFormatsAreNotChecked) {
  EXPECT_EQ(CheckBeforeReading("part.obj", "anything"), "");
  EXPECT_EQ(CheckBeforeReading("part", "ply\n"), "");
}

}  // namespace
}  // namespace cinc
