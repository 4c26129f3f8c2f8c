#include "core/path_containment.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace cinc {
namespace {

TEST(PathContainmentTest, IsInsideComparesWholeParts) {
  EXPECT_TRUE(IsInside("/a/b/c.glb", "/a/b"));
  EXPECT_TRUE(IsInside("/a/b/c.glb", "/a/b/"));
  EXPECT_FALSE(IsInside("/a/bc/c.glb", "/a/b"));
  EXPECT_FALSE(IsInside("/a", "/a/b"));
}

TEST(PathContainmentTest, ANameLeavesItsFolderByRootDotsOrLinks) {
  char pattern[] = "/tmp/cinc_contain_XXXXXX";
  ASSERT_NE(mkdtemp(pattern), nullptr);
  const std::string folder = std::string(pattern) + "/model";
  std::filesystem::create_directories(folder + "/textures");
  std::ofstream(std::string(pattern) + "/secret.bin") << "x";
  ASSERT_EQ(symlink("../secret.bin", (folder + "/link.bin").c_str()), 0);
  EXPECT_EQ(LeavesFolder(folder, "part.bin"), std::nullopt);
  EXPECT_EQ(LeavesFolder(folder, "textures/../part.bin"), std::nullopt);
  EXPECT_EQ(LeavesFolder(folder, "textures/wood.png"), std::nullopt);
  EXPECT_EQ(LeavesFolder(folder, "/etc/passwd"), "it is an absolute path");
  EXPECT_EQ(LeavesFolder(folder, "../secret.bin"), "it climbs out of the folder with '..'");
  EXPECT_EQ(LeavesFolder(folder, "textures/../../secret.bin"),
            "it climbs out of the folder with '..'");
  EXPECT_EQ(LeavesFolder(folder, "link.bin"), "it leads out of the folder through a symbolic link");
  std::filesystem::remove_all(pattern);
}

}  // namespace
}  // namespace cinc
