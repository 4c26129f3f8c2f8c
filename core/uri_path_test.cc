#include "core/uri_path.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

TEST(UriPathTest, EncodesAllButUnreservedCharactersAndSlashes) {
  EXPECT_EQ(PercentEncodePath("a b/c#1?x=%:\xC3\xA9~._-"), "a%20b/c%231%3Fx%3D%25%3A%C3%A9~._-");
}

}  // namespace
}  // namespace cinc
