#include "compiler/cli/docs_location.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

TEST(DocsLocationTest, FileUrisEncodeAllButUnreservedCharacters) {
  EXPECT_EQ(FileUri("/usr/share/doc/cinc"), "file:///usr/share/doc/cinc");
  EXPECT_EQ(FileUri("/a b/c#d%e"), "file:///a%20b/c%23d%25e");
  EXPECT_EQ(FileUri("/x-y_z.~/ü"), "file:///x-y_z.~/%C3%BC");
}

TEST(DocsLocationTest, ABinaryInItsBuildFolderLinksToTheSourceTreesDocs) {
  // This test runs from build/compiler/: nothing is installed beside it.
  EXPECT_EQ(DocsBaseUri(), FileUri(CINC_SOURCE_DIR "/docs") + "/");
}

}  // namespace
}  // namespace cinc
