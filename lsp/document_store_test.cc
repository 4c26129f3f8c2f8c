#include "lsp/document_store.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

TEST(DocumentStoreTest, FileUrisDecodeAndEncode) {
  EXPECT_EQ(PathOfFileUri("file:///a%20b/s.yaml"), "/a b/s.yaml");
  EXPECT_EQ(PathOfFileUri("file://localhost/x.yaml"), "/x.yaml");
  EXPECT_EQ(PathOfFileUri("untitled:Untitled-1"), std::nullopt);
  EXPECT_EQ(PathOfFileUri("file:///bad%2"), std::nullopt);
  EXPECT_EQ(PathOfFileUri("file:///nul%00"), std::nullopt);
  EXPECT_EQ(FileUriOfPath("/a b/s#1.yaml"), "file:///a%20b/s%231.yaml");
}

TEST(DocumentStoreTest, KeepsTheLatestTextByUriAndPath) {
  DocumentStore store;
  store.Open("file:///tmp/s.yaml", "a", 1);
  EXPECT_TRUE(store.Change("file:///tmp/s.yaml", "b", 2));
  EXPECT_FALSE(store.Change("file:///tmp/other.yaml", "c", 1));
  ASSERT_NE(store.FindPath("/tmp/s.yaml"), nullptr);
  EXPECT_EQ(store.FindPath("/tmp/s.yaml")->text, "b");
  EXPECT_EQ(store.UnsavedTexts().size(), 1u);
  store.Close("file:///tmp/s.yaml");
  EXPECT_EQ(store.Find("file:///tmp/s.yaml"), nullptr);
  EXPECT_TRUE(store.UnsavedTexts().empty());
}

}  // namespace
}  // namespace cinc
