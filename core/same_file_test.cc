#include "core/same_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

namespace cinc {
namespace {

TEST(SameFileTest, FollowsLinksAndSpellings) {
  char pattern[] = "/tmp/cinc_same_XXXXXX";
  ASSERT_NE(mkdtemp(pattern), nullptr);
  const std::string folder = pattern;
  std::ofstream(folder + "/scene.yaml") << "cinc: 1\n";
  std::ofstream(folder + "/other.yaml") << "cinc: 1\n";
  ASSERT_EQ(symlink("scene.yaml", (folder + "/link.yaml").c_str()), 0);
  EXPECT_TRUE(IsSameFile(folder + "/scene.yaml", folder + "/./scene.yaml"));
  EXPECT_TRUE(IsSameFile(folder + "/link.yaml", folder + "/scene.yaml"));
  EXPECT_FALSE(IsSameFile(folder + "/other.yaml", folder + "/scene.yaml"));
  EXPECT_FALSE(IsSameFile(folder + "/missing.yaml", folder + "/missing.yaml"));
  std::system(("rm -rf '" + folder + "'").c_str());
}

}  // namespace
}  // namespace cinc
