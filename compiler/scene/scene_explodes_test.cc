// ExpandExplodes: each part's node, and the names it refuses.
#include "compiler/scene/scene_explodes.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"
#include "compiler/scene/scene_patterns.h"

namespace cinc {
namespace {

using ::testing::IsEmpty;
using testing_support::Load;
using testing_support::Loaded;

TEST(ExpandExplodesTest, EachPartGetsANodeTimedWithTheDirectorNode) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  body: {}
  nut: {pattern: {count: 3, offset: [0.1, 0, 0]}}
  lid: {nodes: [{id: open, duration: 1, position: [0, 1, 0]}]}
director:
  nodes:
    - {id: apart, duration: 2, ease: linear, explode: {parts: [nut, lid, nut-2], from: body, distance: 0.2}}
)");
  ASSERT_THAT(loaded.diagnostics, IsEmpty());
  Diagnostics diagnostics;
  ExpandPatterns({}, &loaded.scene, &diagnostics);
  ExpandExplodes(&loaded.scene, &diagnostics);
  EXPECT_THAT(diagnostics.items(), IsEmpty());
  // body, nut-1..3, lid: each nut once although nut-2 is named twice.
  ASSERT_EQ(loaded.scene.objects.size(), 5u);
  EXPECT_TRUE(loaded.scene.objects[0].nodes.empty());
  for (size_t k = 1; k <= 4; ++k) {
    const SceneObject& part = loaded.scene.objects[k];
    ASSERT_EQ(part.nodes.size(), k == 4 ? 2u : 1u) << part.name;
    const Node& node = part.nodes.back();
    EXPECT_EQ(node.id, "apart");
    EXPECT_EQ(node.owner, part.name);
    EXPECT_EQ(node.index, static_cast<int>(part.nodes.size()) - 1);
    ASSERT_TRUE(node.rare().explode);
    EXPECT_EQ(node.rare().explode->distance, 0.2);
    EXPECT_EQ(node.ease.kind, Ease::Kind::kLinear);
    ASSERT_EQ(node.relations.size(), 1u);
    EXPECT_EQ(node.relations[0].kind, RelationKind::kWith);
    EXPECT_EQ(node.relations[0].target, "director.apart");
    ASSERT_EQ(node.until.size(), 1u);
    EXPECT_EQ(node.until[0].target, "director.apart");
  }
}

TEST(ExpandExplodesTest, RefusesUnknownNamesCamerasAndTakenIds) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  body: {}
  nut: {nodes: [{id: b, duration: 1}]}
cameras:
  cam: {}
director:
  nodes:
    - {duration: 1, explode: {parts: [body], along: axis, distance: 1}}
    - {id: apart, duration: 1, explode: {parts: [nutt, cam, nut], from: bodyy, distance: 1}}
    - {id: b, duration: 1, collapse: {parts: [nut], along: axis, distance: 1}}
)");
  ASSERT_THAT(loaded.diagnostics, IsEmpty());
  Diagnostics diagnostics;
  ExpandExplodes(&loaded.scene, &diagnostics);
  std::vector<std::string> shown;
  for (const Diagnostic& diagnostic : diagnostics.items())
    shown.push_back(testing_support::ShowDiagnostic(diagnostic));
  EXPECT_THAT(
      shown,
      ::testing::ElementsAre(
          "9:30 E_SCENE_FORMAT /director/nodes/0/explode: 'explode' needs an id on its node: each "
          "part's move is named PART.ID",
          "10:50 E_OBJECT_MISSING /director/nodes/1/explode/parts/0: node 'director.apart' "
          "explodes "
          "unknown object 'nutt' (did you mean 'nut'?)",
          "10:56 E_OBJECT_MISSING /director/nodes/1/explode/parts/1: node 'director.apart' "
          "explodes "
          "'cam', which is a camera, not an object",
          "10:73 E_OBJECT_MISSING /director/nodes/1/explode/from: node 'director.apart' explodes "
          "from unknown object 'bodyy' (did you mean 'body'?)",
          "11:47 E_SCENE_NAME /director/nodes/2/collapse/parts/0: object 'nut' has a node 'b' "
          "already: node 'director.b' cannot name its move so"));
}

}  // namespace
}  // namespace cinc
