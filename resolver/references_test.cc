#include "resolver/references.h"

#include <gtest/gtest.h>

#include "resolver/test_scene_builder.h"

namespace cinc {
namespace {

using testing::SceneBuilder;

TEST(NodeTableTest, FileOrderAndLookup) {
  SceneBuilder builder;
  builder.Add("director", "open");
  builder.AddCamera("main", "pan");
  builder.Add("body", "in");
  builder.Add("body", "");
  builder.Add("screw", "place");
  NodeTable table(builder.scene());
  ASSERT_EQ(table.size(), 5);
  // Objects (in file order), then cameras, then the director.
  EXPECT_EQ(table.node(0).QualifiedName(), "body.in");
  EXPECT_EQ(table.node(1).QualifiedName(), "body#1");
  EXPECT_EQ(table.node(2).QualifiedName(), "screw.place");
  EXPECT_EQ(table.node(3).QualifiedName(), "main.pan");
  EXPECT_EQ(table.node(4).QualifiedName(), "director.open");
  EXPECT_EQ(table.place(3).list_kind, NodeListKind::kCamera);
  EXPECT_EQ(table.place(4).list_kind, NodeListKind::kDirector);
  EXPECT_EQ(table.PreviousInList(0), -1);
  EXPECT_EQ(table.PreviousInList(1), 0);
  EXPECT_EQ(table.PreviousInList(2), -1);

  const Node& in = table.node(0);
  EXPECT_EQ(table.Resolve(in, "body.in"), 0);
  EXPECT_EQ(table.Resolve(in, "in"), 0);
  EXPECT_EQ(table.Resolve(in, "place"), -1);  // bare: body's list only
  EXPECT_EQ(table.Resolve(in, "screw.place"), 2);
  EXPECT_EQ(table.Resolve(in, "main.pan"), 3);
  EXPECT_EQ(table.Resolve(in, "director.open"), 4);
  EXPECT_EQ(table.Resolve(table.node(4), "open"), 4);
  EXPECT_EQ(table.Resolve(in, "body.in.x"), -1);  // split at the first '.'
  EXPECT_EQ(table.Resolve(in, "body."), -1);
  EXPECT_EQ(table.Resolve(in, ".in"), -1);
}

TEST(NodeTableTest, FirstOfADuplicateNameWins) {
  SceneBuilder builder;
  builder.Add("body", "in");
  builder.Add("body", "in");  // E_SCENE_NAME, the loader's to report
  NodeTable table(builder.scene());
  EXPECT_EQ(table.Find("body", "in"), 0);
}

TEST(QualifyReferenceTest, BareReferencesTakeTheListsOwner) {
  Node node;
  node.owner = "body";
  EXPECT_EQ(QualifyReference(node, "in"), "body.in");
  EXPECT_EQ(QualifyReference(node, "screw.place"), "screw.place");
}

TEST(NameSuggesterTest, ClosestWithinTheLimitFirstInFileOrder) {
  SceneBuilder builder;
  builder.Add("body", "inb");
  builder.Add("body", "ina");
  builder.Add("body", "");  // unnamed: never suggested
  NodeTable table(builder.scene());
  NameSuggester suggester(table);
  EXPECT_EQ(suggester.Suggest("body.inx", 8, -1), "body.inb");
  EXPECT_EQ(suggester.Suggest("body.inx", 8, 0), "body.ina");  // body.inb excluded
  EXPECT_EQ(suggester.Suggest("body.ina", 8, 1), "body.inb");  // the cache, then exclusion
  EXPECT_EQ(suggester.Suggest("zzzz.zzz", 8, -1), std::nullopt);
  EXPECT_EQ(suggester.Suggest("body#2", 6, -1), std::nullopt);
}

}  // namespace
}  // namespace cinc
