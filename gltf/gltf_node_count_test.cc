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
  EXPECT_FALSE(GltfNodesFit(test.scene, contents, &diagnostics).has_value());
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code, DiagnosticCode::kLimit);
  EXPECT_EQ(diagnostics.items()[0].location, (SourceLocation{7, 3, 0}));
  EXPECT_EQ(diagnostics.items()[0].message,
            "object 'c' brings the glTF asset to 600007 nodes (a node per object and camera, and "
            "its model's nodes for each object), more than the 500000 an asset may hold");

  // Without the model's content (no source), every object is one node.
  std::vector<std::optional<ModelContent>> none(1);
  Diagnostics quiet("scene.yaml");
  EXPECT_EQ(GltfNodesFit(test.scene, none, &quiet), std::optional<size_t>(5));
  EXPECT_TRUE(quiet.items().empty());
}

TEST(GltfNodeCount, TheOwnerThatBringsTheChannelsPastTheLimitIsNamed) {
  // 200,000 nodes; 49,999 objects that move and turn (99,998 channels),
  // one that moves, scales and turns (100,001: 200,000 + 4 x 100,001 =
  // 600,004), then a camera that moves: the last object is named.
  TestScene test;
  std::vector<GltfOwnerMotion> motions(50'001);
  for (GltfOwnerMotion& motion : motions) {
    test.AddObject("part-" + std::to_string(test.scene.objects.size() + 1));
    motion.animation.translation.emplace();
    motion.animation.rotation.emplace();
  }
  motions[49'999].animation.scale.emplace();
  motions.pop_back();
  test.scene.objects.pop_back();
  test.scene.objects.back().origin.location = {4, 3, 0};
  test.AddCamera("main");
  motions.emplace_back().animation.translation.emplace();
  Diagnostics diagnostics("scene.yaml");
  EXPECT_FALSE(GltfChannelsFit(test.scene, 200'000, motions, &diagnostics));
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].location, (SourceLocation{4, 3, 0}));
  EXPECT_EQ(diagnostics.items()[0].message,
            "object 'part-50000' brings the glTF asset to 200000 nodes and 100001 animation "
            "channels, more than the 600000 an asset may hold counting a channel as 4 nodes");

  // Without the scale and the camera's move: 200,000 + 4 x 100,000, exactly
  // the limit.
  motions[49'999].animation.scale.reset();
  motions.back().animation.translation.reset();
  Diagnostics quiet("scene.yaml");
  EXPECT_TRUE(GltfChannelsFit(test.scene, 200'000, motions, &quiet));
}

}  // namespace
}  // namespace cinc
