#include "compiler/pipeline/build_memory.h"

#include <gtest/gtest.h>

#include <string>

namespace cinc {
namespace {

// Three objects read one by one: the list grew past them (room for four).
TEST(BuildMemoryTest, ObjectListHeldAtItsNumber) {
  Scene scene;
  for (const char* name : {"a", "b", "c"}) {
    SceneObject object;
    object.name = name;
    object.nodes.emplace_back();
    scene.objects.push_back(std::move(object));
  }
  ASSERT_GT(scene.objects.capacity(), 3u);
  FitObjectList(&scene);
  EXPECT_EQ(scene.objects.capacity(), 3u);
  ASSERT_EQ(scene.objects.size(), 3u);
  EXPECT_EQ(scene.objects[2].name, "c");
  EXPECT_EQ(scene.objects[2].nodes.size(), 1u);
}

TEST(BuildMemoryTest, RelationsReleasedNodesKept) {
  Scene scene;
  SceneObject object;
  Node node;
  node.id = "in";
  node.relations.push_back(Relation{});
  object.nodes.push_back(node);
  scene.objects.push_back(object);
  ReleaseRelations(&scene);
  ASSERT_EQ(scene.objects[0].nodes.size(), 1u);
  EXPECT_EQ(scene.objects[0].nodes[0].id.view(), "in");
  EXPECT_TRUE(scene.objects[0].nodes[0].relations.empty());
  EXPECT_EQ(scene.objects[0].nodes[0].relations.capacity(), 0u);
}

}  // namespace
}  // namespace cinc
