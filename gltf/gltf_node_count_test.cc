#include "gltf/gltf_node_count.h"

#include <gtest/gtest.h>

#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::TestScene;

// `roots` root nodes; the first has `children` children, the last of which
// has one more. A last node no root reaches.
ModelContent Tree(int roots, int children) {
  ModelContent content;
  content.nodes.resize(static_cast<size_t>(roots + children + 2));
  for (int root = 0; root < roots; ++root) content.roots.push_back(root);
  for (int child = 0; child < children; ++child) {
    content.nodes[0].children.push_back(roots + child);
  }
  content.nodes[static_cast<size_t>(roots + children - 1)].children.push_back(roots + children);
  return content;
}

TEST(GltfNodeCount, AnInstanceHasTheNodesItsRootsReach) {
  // 3 roots, 2 children under the first, 1 under the second child: 6; the
  // last node is left out.
  EXPECT_EQ(InstanceNodeCount(Tree(3, 2)), 6u);
}

TEST(GltfNodeCount, TheObjectThatBringsTheAssetPastTheLimitIsNamed) {
  // An instance of 199,999 roots + 1 child + 1 grandchild = 200,001 nodes:
  // each object adds 200,002. One camera, two objects: 400,005; the third
  // brings it to 600,007.
  TestScene test;
  Model& model = test.scene.models.emplace_back();
  model.name = "big";
  test.AddCamera("main");
  for (const char* name : {"a", "b", "c", "d"}) {
    size_t index = test.AddObject(name);
    test.scene.objects[index].model = "big";
    test.scene.objects[index].origin.location = {static_cast<int>(index) + 5, 3, 0};
  }
  std::vector<std::optional<ModelContent>> contents = {Tree(199'999, 1)};
  Diagnostics diagnostics("scene.yaml");
  EXPECT_FALSE(GltfNodesFit(test.scene, contents, &diagnostics));
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code, DiagnosticCode::kLimit);
  EXPECT_EQ(diagnostics.items()[0].location, (SourceLocation{7, 3, 0}));
  EXPECT_EQ(diagnostics.items()[0].message,
            "object 'c' brings the glTF asset to 600007 nodes (a node per object and camera, and "
            "its model's nodes for each object), more than the 500000 an asset may hold");

  // Without the model's content (no source), every object is one node.
  std::vector<std::optional<ModelContent>> none(1);
  Diagnostics quiet("scene.yaml");
  EXPECT_TRUE(GltfNodesFit(test.scene, none, &quiet));
  EXPECT_TRUE(quiet.items().empty());
}

}  // namespace
}  // namespace cinc
