// Critical paths of scenes built by hand, with the times worked out in the
// comments.
#include "resolver/critical_path.h"

#include <gtest/gtest.h>

#include "resolver/resolve_timing.h"
#include "resolver/test_scene_builder.h"

namespace cinc {
namespace {

using testing::Relate;
using testing::RelateAt;
using testing::SceneBuilder;
using testing::T;

std::vector<std::string> PathOf(const Scene& scene) {
  Diagnostics diagnostics("scene.yaml");
  Timeline timeline = ResolveTiming(scene, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  return CriticalPath(scene, timeline);
}

TEST(CriticalPathTest, FollowsWhatFixedEachStart) {
  SceneBuilder builder;
  RelateAt(builder.Add("box", "a", T("1")), T("0"));                            // [0, 1]
  builder.Add("box", "b", T("2"));                                              // chains: [1, 3]
  Relate(builder.Add("box", "c", T("1")), RelationKind::kWith, "a", T("0.5"));  // [0.5, 1.5]
  Node& x = builder.Add("lid", "x", T("1"));
  Relate(x, RelationKind::kAfter, "box.c");  // candidate 1.5
  Relate(x, RelationKind::kAfter, "box.b");  // candidate 3: wins, [3, 4]
  Relate(builder.Add("director", "z", T("2")), RelationKind::kWith, "box.a");  // [0, 2]
  EXPECT_EQ(PathOf(builder.scene()), (std::vector<std::string>{"box.a", "box.b", "lid.x"}));
}

TEST(CriticalPathTest, TiesGoToTheFirstInFileOrder) {
  SceneBuilder builder;
  RelateAt(builder.Add("p", "one", T("2")), T("0"));  // [0, 2]
  RelateAt(builder.Add("q", "two", T("1")), T("1"));  // [1, 2]
  Node& last = builder.Add("r", "last", T("1"));
  Relate(last, RelationKind::kAfter, "q.two");  // 2
  Relate(last, RelationKind::kAfter, "p.one");  // 2 as well: p.one comes first in the file
  // And two nodes that end together at 3: the first in file order is last.
  RelateAt(builder.Add("s", "also", T("1")), T("2"));  // [2, 3]
  EXPECT_EQ(PathOf(builder.scene()), (std::vector<std::string>{"p.one", "r.last"}));
}

TEST(CriticalPathTest, AnAtStartsThePath) {
  SceneBuilder builder;
  RelateAt(builder.Add("box", "a", T("1")), T("0"));  // [0, 1]
  Node& late = builder.Add("box", "late", T("1"));
  RelateAt(late, T("5"));  // at wins over after a: [5, 6]
  Relate(late, RelationKind::kAfter, "a");
  EXPECT_EQ(PathOf(builder.scene()), (std::vector<std::string>{"box.late"}));
  EXPECT_TRUE(CriticalPath(Scene(), Timeline()).empty());
}

}  // namespace
}  // namespace cinc
