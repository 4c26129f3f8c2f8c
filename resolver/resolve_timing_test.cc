// ResolveTiming: relation semantics, chaining, snapping, durations and
// exactness. Diagnostics are in resolve_timing_diagnostics_test.cc, large
// graphs in resolve_timing_scale_test.cc. Expected times are worked out by
// hand in the comments.
#include "resolver/resolve_timing.h"

#include <gtest/gtest.h>

#include "resolver/test_scene_builder.h"

namespace cinc {
namespace {

using testing::Relate;
using testing::RelateAt;
using testing::SceneBuilder;
using testing::T;
using testing::TimeOf;

Timeline ResolveClean(const Scene& scene) {
  Diagnostics diagnostics("scene.yaml");
  Timeline timeline = ResolveTiming(scene, &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty())
      << diagnostics.items().front().code_name() << ": " << diagnostics.items().front().message;
  return timeline;
}

void ExpectTimes(const Scene& scene, const Timeline& timeline, std::string_view node,
                 ExactTime start, ExactTime end) {
  const NodeTime& time = TimeOf(scene, timeline, node);
  EXPECT_TRUE(time.resolved) << node;
  EXPECT_EQ(time.start, start) << node << " start " << time.start.ToString();
  EXPECT_EQ(time.end, end) << node << " end " << time.end.ToString();
}

TEST(ResolveTimingTest, AtIsAbsolute) {
  SceneBuilder builder;
  RelateAt(builder.Add("body", "in", T("1")), T("2"));
  Timeline timeline = ResolveClean(builder.scene());
  // S = 2, E = 2 + 1.
  ExpectTimes(builder.scene(), timeline, "body.in", T("2"), T("3"));
  EXPECT_EQ(timeline.duration, T("3"));
}

// `until:` ends a node with the latest end of the nodes it names; a node
// with only `until` chains after the previous node of its list for its start.
// An `until:` entry naming `target`.
Relation UntilEntry(const std::string& target) {
  Relation entry;
  entry.kind = RelationKind::kAfter;
  entry.target = target;
  return entry;
}

TEST(ResolveTimingTest, UntilEndsWithTheLatestEnd) {
  SceneBuilder builder;
  RelateAt(builder.Add("body", "in", T("1")), T("0.5"));                      // [0.5, 1.5]
  builder.Add("body", "turn", T("2"));                                        // chains: [1.5, 3.5]
  Relate(builder.Add("lid", "on", T("1")), RelationKind::kAfter, "body.in");  // [1.5, 2.5]
  Node& chapter = builder.Add("director", "one", T("0"));
  Relate(chapter, RelationKind::kWith, "body.in", T("0.25"));  // S = 0.75
  chapter.until.push_back(UntilEntry("lid.on"));
  chapter.until.push_back(UntilEntry("body.turn"));
  Node& next = builder.Add("director", "two", T("0"));  // chains after one: S = 3.5
  next.until.push_back(UntilEntry("lid.on"));
  Diagnostics diagnostics("scene.yaml");
  Timeline timeline = ResolveTiming(builder.scene(), &diagnostics);
  // one: S = 0.5 + 0.25, E = max(2.5, 3.5).
  ExpectTimes(builder.scene(), timeline, "director.one", T("0.75"), T("3.5"));
  // two: S = 3.5 (after one), E = lid.on's 2.5 < S: refused, unresolved.
  EXPECT_FALSE(TimeOf(builder.scene(), timeline, "director.two").resolved);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code_name(), "E_TIMING_NEGATIVE");
  EXPECT_EQ(diagnostics.items()[0].message,
            "node 'director.two' would end with 'lid.on' at 2.5 s, before it starts at 3.5 s");
}

TEST(ResolveTimingTest, AfterIsFinishToStart) {
  SceneBuilder builder;
  builder.Add("body", "in", T("1"));  // chained first: S = 0, E = 1
  Relate(builder.Add("screw1", "place", T("0.8")), RelationKind::kAfter, "body.in", T("0.5"));
  Timeline timeline = ResolveClean(builder.scene());
  // S = E(body.in) + 0.5 = 1.5, E = 1.5 + 0.8 = 2.3.
  ExpectTimes(builder.scene(), timeline, "screw1.place", T("1.5"), T("2.3"));
  EXPECT_EQ(timeline.duration, T("2.3"));
}

TEST(ResolveTimingTest, WithIsStartToStart) {
  SceneBuilder builder;
  RelateAt(builder.Add("body", "in", T("1")), T("1.5"));
  Relate(builder.AddCamera("main", "frame", T("1")), RelationKind::kWith, "body.in", T("0.25"));
  Timeline timeline = ResolveClean(builder.scene());
  // S = S(body.in) + 0.25 = 1.75, E = 2.75.
  ExpectTimes(builder.scene(), timeline, "main.frame", T("1.75"), T("2.75"));
}

TEST(ResolveTimingTest, EndWithIsFinishToFinish) {
  SceneBuilder builder;
  RelateAt(builder.Add("body", "in", T("1")), T("2"));  // E = 3
  Relate(builder.Add("lid", "close", T("0.4")), RelationKind::kEndWith, "body.in", T("0.1"));
  Timeline timeline = ResolveClean(builder.scene());
  // S = E(body.in) + 0.1 - 0.4 = 2.7, E = 3.1.
  ExpectTimes(builder.scene(), timeline, "lid.close", T("2.7"), T("3.1"));
}

TEST(ResolveTimingTest, BeforeIsStartToFinish) {
  SceneBuilder builder;
  RelateAt(builder.Add("body", "in", T("1")), T("2"));  // S = 2
  Relate(builder.Add("lid", "open", T("0.5")), RelationKind::kBefore, "body.in");
  Timeline timeline = ResolveClean(builder.scene());
  // Ends as body.in starts: S = 2 + 0 - 0.5 = 1.5, E = 2.
  ExpectTimes(builder.scene(), timeline, "lid.open", T("1.5"), T("2"));
}

TEST(ResolveTimingTest, ListsTakeTheMaximum) {
  SceneBuilder builder;
  RelateAt(builder.Add("a", "x", T("1")), T("0"));  // [0, 1]
  RelateAt(builder.Add("b", "y", T("1")), T("3"));  // [3, 4]
  Node& after_both = builder.Add("c", "after_both", T("1"));
  Relate(after_both, RelationKind::kAfter, "a.x");
  Relate(after_both, RelationKind::kAfter, "b.y");
  Node& before_both = builder.Add("c", "before_both", T("0.5"));
  Relate(before_both, RelationKind::kBefore, "a.x");
  Relate(before_both, RelationKind::kBefore, "b.y");
  Timeline timeline = ResolveClean(builder.scene());
  // after: max(1, 4) = 4 -> [4, 5].
  ExpectTimes(builder.scene(), timeline, "c.after_both", T("4"), T("5"));
  // before: ends as the later start: max(0 - 0.5, 3 - 0.5) = 2.5 -> [2.5, 3].
  ExpectTimes(builder.scene(), timeline, "c.before_both", T("2.5"), T("3"));
  EXPECT_EQ(timeline.duration, T("5"));
}

TEST(ResolveTimingTest, StartListUsesEachRelationsOwnLag) {
  SceneBuilder builder;
  RelateAt(builder.Add("a", "x", T("2")), T("0"));  // [0, 2]
  RelateAt(builder.Add("b", "y", T("1")), T("4"));  // [4, 5]
  Node& node = builder.Add("c", "z", T("1"));
  node.uses_start_list = true;
  Relate(node, RelationKind::kAfter, "a.x", T("1"));    // 2 + 1 = 3
  Relate(node, RelationKind::kWith, "b.y", T("-0.5"));  // 4 - 0.5 = 3.5
  RelateAt(node, T("3.25"));                            // 3.25
  Timeline timeline = ResolveClean(builder.scene());
  // max(3, 3.5, 3.25) = 3.5 -> [3.5, 4.5].
  ExpectTimes(builder.scene(), timeline, "c.z", T("3.5"), T("4.5"));
}

TEST(ResolveTimingTest, NegativeLagsPullEarlier) {
  SceneBuilder builder;
  RelateAt(builder.Add("a", "x", T("2")), T("0"));  // [0, 2]
  Relate(builder.Add("b", "y", T("1")), RelationKind::kAfter, "a.x", T("-0.5"));
  Relate(builder.Add("b", "z", T("1")), RelationKind::kEndWith, "a.x", T("-0.25"));
  Timeline timeline = ResolveClean(builder.scene());
  // y: 2 - 0.5 = 1.5 -> [1.5, 2.5]. z: 2 - 0.25 - 1 = 0.75 -> [0.75, 1.75].
  ExpectTimes(builder.scene(), timeline, "b.y", T("1.5"), T("2.5"));
  ExpectTimes(builder.scene(), timeline, "b.z", T("0.75"), T("1.75"));
}

TEST(ResolveTimingTest, ChainingFollowsThePreviousNodeOfTheList) {
  SceneBuilder builder;
  builder.Add("a", "first", T("1")).chain_lag = T("0.25");      // 0 + 0.25 -> [0.25, 1.25]
  builder.Add("a", "second", T("0.5")).chain_lag = T("-0.25");  // 1.25 - 0.25 -> [1, 1.5]
  builder.Add("a", "", T("0"));                                 // a#2: [1.5, 1.5]
  builder.Add("a", "fourth", T("2"));                           // [1.5, 3.5]
  builder.Add("b", "own", T("1"));  // another list starts again at 0: [0, 1]
  builder.Add("director", "cue", T("0")).chain_lag = T("0.1");  // [0.1, 0.1]
  Timeline timeline = ResolveClean(builder.scene());
  const Scene& scene = builder.scene();
  ExpectTimes(scene, timeline, "a.first", T("0.25"), T("1.25"));
  ExpectTimes(scene, timeline, "a.second", T("1"), T("1.5"));
  ExpectTimes(scene, timeline, "a#2", T("1.5"), T("1.5"));
  ExpectTimes(scene, timeline, "a.fourth", T("1.5"), T("3.5"));
  ExpectTimes(scene, timeline, "b.own", T("0"), T("1"));
  ExpectTimes(scene, timeline, "director.cue", T("0.1"), T("0.1"));
  EXPECT_EQ(timeline.duration, T("3.5"));
}

TEST(ResolveTimingTest, ARelationReplacesChaining) {
  SceneBuilder builder;
  builder.Add("a", "x", T("5"));                    // [0, 5]
  RelateAt(builder.Add("a", "y", T("1")), T("1"));  // [1, 2], not after x
  builder.Add("a", "z", T("1"));                    // chains after y: [2, 3]
  Timeline timeline = ResolveClean(builder.scene());
  ExpectTimes(builder.scene(), timeline, "a.y", T("1"), T("2"));
  ExpectTimes(builder.scene(), timeline, "a.z", T("2"), T("3"));
}

TEST(ResolveTimingTest, BareReferencesNameTheSameList) {
  SceneBuilder builder;
  RelateAt(builder.Add("a", "in", T("1")), T("1"));                           // a.in [1, 2]
  RelateAt(builder.Add("b", "in", T("1")), T("5"));                           // b.in [5, 6]
  Relate(builder.Add("b", "out", T("1")), RelationKind::kWith, "in");         // b.in: [5, 6]
  RelateAt(builder.Add("director", "in", T("0")), T("7"));                    // director.in [7, 7]
  Relate(builder.Add("director", "cue", T("0")), RelationKind::kWith, "in");  // [7, 7]
  Relate(builder.Add("director", "other", T("0")), RelationKind::kWith, "a.in");  // [1, 1]
  Timeline timeline = ResolveClean(builder.scene());
  ExpectTimes(builder.scene(), timeline, "b.out", T("5"), T("6"));
  ExpectTimes(builder.scene(), timeline, "director.cue", T("7"), T("7"));
  ExpectTimes(builder.scene(), timeline, "director.other", T("1"), T("1"));
}

TEST(ResolveTimingTest, ReferencesReachCamerasAndTheDirector) {
  SceneBuilder builder;
  Relate(builder.Add("body", "in", T("1")), RelationKind::kAfter, "director.open");
  RelateAt(builder.AddCamera("main", "pan", T("2")), T("1"));                          // [1, 3]
  Relate(builder.Add("director", "open", T("0.5")), RelationKind::kWith, "main.pan");  // [1, 1.5]
  Timeline timeline = ResolveClean(builder.scene());
  // body.in after director.open: [1.5, 2.5], though it comes first in file order.
  ExpectTimes(builder.scene(), timeline, "director.open", T("1"), T("1.5"));
  ExpectTimes(builder.scene(), timeline, "body.in", T("1.5"), T("2.5"));
  EXPECT_EQ(timeline.duration, T("3"));
}

TEST(ResolveTimingTest, ZeroDurations) {
  SceneBuilder builder;
  RelateAt(builder.Add("a", "cue", T("0")), T("1"));                       // [1, 1]
  Relate(builder.Add("b", "x", T("0")), RelationKind::kEndWith, "a.cue");  // 1 - 0 -> [1, 1]
  Relate(builder.Add("b", "y", T("0")), RelationKind::kBefore, "a.cue");   // [1, 1]
  Timeline timeline = ResolveClean(builder.scene());
  ExpectTimes(builder.scene(), timeline, "b.x", T("1"), T("1"));
  ExpectTimes(builder.scene(), timeline, "b.y", T("1"), T("1"));
  EXPECT_EQ(timeline.duration, T("1"));
}

TEST(ResolveTimingTest, TimeIsExact) {
  SceneBuilder builder;
  builder.Add("a", "one", T("0.1"));
  builder.Add("a", "two", T("0.2"));
  builder.Add("a", "three", T("0.3"));
  Timeline timeline = ResolveClean(builder.scene());
  // 0.1 + 0.2 + 0.3 is exactly 6/10, not the double 0.6000000000000001.
  const NodeTime& last = TimeOf(builder.scene(), timeline, "a.three");
  EXPECT_EQ(last.end, ExactTime::FromRatio(6, 10));
  EXPECT_EQ(last.end.ToString(), "0.6");
  EXPECT_EQ(last.start, ExactTime::FromRatio(3, 10));
  EXPECT_EQ(timeline.duration, ExactTime::FromRatio(6, 10));
}

TEST(ResolveTimingTest, SnapRoundsStartsAndEndsWithTiesTowardLater) {
  SceneBuilder builder;
  builder.scene().snap = 30;
  // 1/60 s is half a 1/30 step: the tie goes to the later 1/30.
  RelateAt(builder.Add("a", "tie", ExactTime()), ExactTime::FromRatio(1, 60));
  // 0.01 s is 0.3 steps -> 0; its end 0.03 s is 0.9 steps -> 1/30. d becomes 1/30.
  RelateAt(builder.Add("b", "short", T("0.02")), T("0.01"));
  // -1/60 s (a before with lag) is half a step below 0: the tie goes to 0.
  Relate(builder.Add("c", "early", ExactTime()), RelationKind::kWith, "a.tie",
         -ExactTime::FromRatio(1, 30));  // exact S = 1/60 - 2/60 = -1/60
  Diagnostics diagnostics("scene.yaml");
  Timeline timeline = ResolveTiming(builder.scene(), &diagnostics);
  const Scene& scene = builder.scene();
  ExpectTimes(scene, timeline, "a.tie", ExactTime::FromRatio(1, 30), ExactTime::FromRatio(1, 30));
  ExpectTimes(scene, timeline, "b.short", ExactTime(), ExactTime::FromRatio(1, 30));
  ExpectTimes(scene, timeline, "c.early", ExactTime(), ExactTime());
  // Negative starts are checked on exact times, before snapping.
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code_name(), "E_TIMING_NEGATIVE");
  EXPECT_EQ(timeline.duration, ExactTime::FromRatio(1, 30));
}

TEST(ResolveTimingTest, SnapAppliesAfterResolutionNotBetweenSteps) {
  SceneBuilder builder;
  builder.scene().snap = 10;
  // Three chained 0.04 s nodes: exact ends 0.04, 0.08, 0.12. Snapping each
  // result (not each step) gives [0, 0], [0, 0.1], [0.1, 0.1]; snapping
  // along the way would have left everything at 0.
  builder.Add("a", "one", T("0.04"));
  builder.Add("a", "two", T("0.04"));
  builder.Add("a", "three", T("0.04"));
  Timeline timeline = ResolveClean(builder.scene());
  ExpectTimes(builder.scene(), timeline, "a.one", T("0"), T("0"));
  ExpectTimes(builder.scene(), timeline, "a.two", T("0"), T("0.1"));
  ExpectTimes(builder.scene(), timeline, "a.three", T("0.1"), T("0.1"));
  EXPECT_EQ(timeline.duration, T("0.1"));
}

TEST(ResolveTimingTest, DurationIsAtLeastOneGridStep) {
  {
    SceneBuilder builder;  // no nodes at all: 0.001 s
    EXPECT_EQ(ResolveClean(builder.scene()).duration, ExactTime::FromRatio(1, 1000));
  }
  {
    SceneBuilder builder;  // only instantaneous nodes at 0: still 0.001 s
    builder.Add("director", "open", ExactTime());
    EXPECT_EQ(ResolveClean(builder.scene()).duration, ExactTime::FromRatio(1, 1000));
  }
  {
    SceneBuilder builder;  // a 0.0004 s node is shorter than the minimum
    builder.Add("a", "blink", T("0.0004"));
    EXPECT_EQ(ResolveClean(builder.scene()).duration, ExactTime::FromRatio(1, 1000));
  }
  {
    SceneBuilder builder;  // tick mode: 1/20 s
    builder.scene().ticks_per_second = 20;
    builder.Add("director", "open", ExactTime());
    EXPECT_EQ(ResolveClean(builder.scene()).duration, ExactTime::FromRatio(1, 20));
  }
  {
    SceneBuilder builder;  // snap wins over ticks: 1/30 s
    builder.scene().ticks_per_second = 20;
    builder.scene().snap = 30;
    EXPECT_EQ(ResolveClean(builder.scene()).duration, ExactTime::FromRatio(1, 30));
  }
}

TEST(ResolveTimingTest, TickScenesResolveInTickMultiples) {
  SceneBuilder builder;
  builder.scene().ticks_per_second = 24;
  // The loader converts ticks to seconds: 12 ticks = 1/2 s, 5 ticks = 5/24 s.
  builder.Add("a", "x", ExactTime::FromRatio(12, 24));  // [0, 1/2]
  Relate(builder.Add("b", "y", ExactTime::FromRatio(5, 24)), RelationKind::kAfter, "a.x",
         ExactTime::FromRatio(1, 24));  // [13/24, 18/24]
  Timeline timeline = ResolveClean(builder.scene());
  ExpectTimes(builder.scene(), timeline, "b.y", ExactTime::FromRatio(13, 24),
              ExactTime::FromRatio(3, 4));
  EXPECT_EQ(timeline.duration, ExactTime::FromRatio(3, 4));
}

TEST(ResolveTimingTest, TimelineMirrorsTheScene) {
  SceneBuilder builder;
  builder.Add("a", "x", T("1"));
  builder.Add("a", "y", T("1"));
  builder.Add("b", "z", T("1"));
  builder.AddCamera("main", "pan", T("1"));
  builder.Add("director", "open");
  builder.scene().objects.emplace_back().name = "empty";  // an object without nodes
  Timeline timeline = ResolveClean(builder.scene());
  ASSERT_EQ(timeline.objects.size(), 3u);
  EXPECT_EQ(timeline.objects[0].size(), 2u);
  EXPECT_EQ(timeline.objects[1].size(), 1u);
  EXPECT_EQ(timeline.objects[2].size(), 0u);
  ASSERT_EQ(timeline.cameras.size(), 1u);
  EXPECT_EQ(timeline.cameras[0].size(), 1u);
  EXPECT_EQ(timeline.director.size(), 1u);
  EXPECT_EQ(timeline.objects[0][1].start, T("1"));
}

TEST(ResolveTimingTest, NullDiagnosticsAreAllowed) {
  SceneBuilder builder;
  Relate(builder.Add("a", "x", T("1")), RelationKind::kAfter, "nowhere.node");
  Timeline timeline = ResolveTiming(builder.scene(), nullptr);
  EXPECT_FALSE(timeline.objects[0][0].resolved);
}

}  // namespace
}  // namespace cinc
