#include "resolver/resolve_output.h"

#include <gtest/gtest.h>

#include "resolver/resolve_timing.h"
#include "resolver/test_scene_builder.h"

namespace cinc {
namespace {

using testing::Relate;
using testing::RelateAt;
using testing::SceneBuilder;
using testing::T;

TEST(ResolveOutputTest, FileOrderSecondsAndNoUnresolvedNodes) {
  SceneBuilder builder;
  builder.Add("director", "open");
  RelateAt(builder.AddCamera("main", "pan", T("1")), T("0.5"));
  builder.Add("body", "one", T("0.1"));
  builder.Add("body", "two", T("0.2"));
  builder.Add("body", "three", T("0.3"));
  Relate(builder.Add("broken", "x", T("1")), RelationKind::kAfter, "nowhere.x");
  builder.Add("body", "", T("0"));
  Diagnostics diagnostics;
  const Scene& scene = builder.scene();
  Json json = ResolvedTimesToJson(scene, ResolveTiming(scene, &diagnostics));
  EXPECT_EQ(diagnostics.error_count(), 1);
  // 0.1 + 0.2 + 0.3 is written 0.6, not 0.6000000000000001.
  EXPECT_EQ(WriteCompactJson(json), R"({"duration":1.5,"nodes":[)"
                                    R"({"node":"body.one","start":0,"end":0.1},)"
                                    R"({"node":"body.two","start":0.1,"end":0.3},)"
                                    R"({"node":"body.three","start":0.3,"end":0.6},)"
                                    R"({"node":"body#3","start":0.6,"end":0.6},)"
                                    R"({"node":"main.pan","start":0.5,"end":1.5},)"
                                    R"({"node":"director.open","start":0,"end":0}]})");
}

TEST(ResolveOutputTest, EmptyScene) {
  SceneBuilder builder;
  Json json = ResolvedTimesToJson(builder.scene(), ResolveTiming(builder.scene(), nullptr));
  EXPECT_EQ(WriteCompactJson(json), R"({"duration":0.001,"nodes":[]})");
}

}  // namespace
}  // namespace cinc
