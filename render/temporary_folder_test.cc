#include "render/temporary_folder.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace cinc {
namespace {

TEST(TemporaryFolderTest, IsPrivateAndRemovedWithWhatItHolds) {
  std::string error;
  std::string path;
  {
    std::optional<TemporaryFolder> folder = TemporaryFolder::Create("cinc-test-", &error);
    ASSERT_TRUE(folder) << error;
    path = folder->path();
    EXPECT_NE(path.find("/cinc-test-"), std::string::npos) << path;
    struct stat status;
    ASSERT_EQ(stat(path.c_str(), &status), 0);
    EXPECT_EQ(status.st_mode & 0777, 0700u);
    std::filesystem::create_directory(folder->Inside("profile"));
    std::ofstream(folder->Inside("profile/file")) << "x";
    TemporaryFolder moved = std::move(*folder);
    folder.reset();  // a moved-from folder removes nothing
    EXPECT_TRUE(std::filesystem::exists(moved.Inside("profile/file")));
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(TemporaryFolderTest, AFolderThatCannotBeMadeIsAnError) {
  const char* old = std::getenv("TMPDIR");
  std::string saved = old != nullptr ? old : "";
  setenv("TMPDIR", "/nonexistent-cinc-folder", 1);
  std::string error;
  EXPECT_FALSE(TemporaryFolder::Create("cinc-test-", &error));
  EXPECT_EQ(error,
            "a temporary folder cannot be made in /nonexistent-cinc-folder (No such file or "
            "directory)");
  if (old != nullptr) {
    setenv("TMPDIR", saved.c_str(), 1);
  } else {
    unsetenv("TMPDIR");
  }
}

}  // namespace
}  // namespace cinc
