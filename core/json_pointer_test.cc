#include "core/json_pointer.h"

#include <gtest/gtest.h>

#include <string>

namespace cinc {
namespace {

TEST(JsonPointerTest, DefaultIsTheWholeDocument) {
  JsonPointer pointer;
  EXPECT_TRUE(pointer.empty());
  EXPECT_EQ(pointer.view(), "");
  EXPECT_EQ(pointer + "/data", "/data");
}

TEST(JsonPointerTest, ALiteralReadsAsAString) {
  JsonPointer pointer = "/objects/box";
  EXPECT_FALSE(pointer.empty());
  std::string_view view = pointer;
  EXPECT_EQ(view, "/objects/box");
  EXPECT_EQ(pointer.str(), "/objects/box");
  EXPECT_EQ(pointer + "/nodes/0", "/objects/box/nodes/0");
  EXPECT_EQ(pointer, JsonPointer("/objects/box"));
}

TEST(PathStoreTest, InternedTextOutlivesItsSourceAndStaysPut) {
  PathStore store;
  std::vector<JsonPointer> pointers;
  std::vector<std::string> expected;
  // Past one 64 KB block, and one longer than a block.
  for (int index = 0; index < 5000; ++index) {
    std::string path = "/objects/part" + std::to_string(index) + "/nodes/" +
                       std::to_string(index % 7) + "/after/" + std::to_string(index % 50);
    pointers.push_back(store.Intern(path));
    expected.push_back(path);
  }
  std::string long_path = "/x" + std::string(100000, 'y');
  JsonPointer long_pointer = store.Intern(long_path);
  JsonPointer after_long = store.Intern("/after");
  for (size_t index = 0; index < pointers.size(); ++index) {
    ASSERT_EQ(pointers[index].view(), expected[index]) << index;
  }
  EXPECT_EQ(long_pointer.view(), long_path);
  EXPECT_EQ(after_long.view(), "/after");
  EXPECT_TRUE(store.Intern("").empty());
}

TEST(PathStoreTest, AdoptedTextStaysValid) {
  PathStore store;
  JsonPointer own = store.Intern("/objects/a");
  JsonPointer adopted;
  {
    PathStore included;
    adopted = included.Intern("/models/screw");
    store.Adopt(std::move(included));
  }
  JsonPointer later = store.Intern("/objects/b");
  EXPECT_EQ(own.view(), "/objects/a");
  EXPECT_EQ(adopted.view(), "/models/screw");
  EXPECT_EQ(later.view(), "/objects/b");
}

}  // namespace
}  // namespace cinc
