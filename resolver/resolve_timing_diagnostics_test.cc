// ResolveTiming's diagnostics: full text, location and path of each.
//
// Origins follow test_scene_builder.h: the k-th node added (1-based) is at
// line 10k, column 7; its relation r at column 20 + r, path
// <node path>/<field>/<r>.
#include <gtest/gtest.h>

#include "resolver/resolve_timing.h"
#include "resolver/test_scene_builder.h"

namespace cinc {
namespace {

using testing::Relate;
using testing::RelateAt;
using testing::SceneBuilder;
using testing::T;
using testing::TimeOf;

void ExpectDiagnostic(const Diagnostic& diagnostic, std::string_view code, std::string_view message,
                      int line, int column, std::string_view path) {
  EXPECT_EQ(diagnostic.severity, Severity::kError);
  EXPECT_EQ(diagnostic.code_name(), code);
  EXPECT_EQ(diagnostic.message, message);
  EXPECT_EQ(diagnostic.file, "scene.yaml");
  EXPECT_EQ(diagnostic.location, (SourceLocation{line, column})) << diagnostic.message;
  EXPECT_EQ(diagnostic.path, path);
}

struct Result {
  Timeline timeline;
  std::vector<Diagnostic> diagnostics;
};

Result Resolve(const Scene& scene) {
  Diagnostics diagnostics("scene.yaml");
  Timeline timeline = ResolveTiming(scene, &diagnostics);
  return {std::move(timeline), diagnostics.items()};
}

// --- E_TIMING_MISSING --------------------------------------------------------

TEST(ResolveTimingDiagnosticsTest, MissingReferenceWithSuggestion) {
  SceneBuilder builder;
  builder.Add("body", "in", T("1"));
  Relate(builder.Add("screw1", "place", T("0.8")), RelationKind::kAfter, "body.inn", T("0.5"));
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  ExpectDiagnostic(result.diagnostics[0], "E_TIMING_MISSING",
                   "node 'screw1.place' references unknown node 'body.inn' "
                   "(did you mean 'body.in'?)",
                   20, 20, "/objects/screw1/nodes/0/after/0");
  EXPECT_FALSE(TimeOf(builder.scene(), result.timeline, "screw1.place").resolved);
  EXPECT_TRUE(TimeOf(builder.scene(), result.timeline, "body.in").resolved);
}

TEST(ResolveTimingDiagnosticsTest, MissingBareReferenceIsQuotedQualified) {
  SceneBuilder builder;
  builder.Add("body", "in", T("1"));
  Relate(builder.Add("body", "x", T("1")), RelationKind::kWith, "inn");
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  ExpectDiagnostic(result.diagnostics[0], "E_TIMING_MISSING",
                   "node 'body.x' references unknown node 'body.inn' (did you mean 'body.in'?)", 20,
                   20, "/objects/body/nodes/1/with/0");
}

TEST(ResolveTimingDiagnosticsTest, MissingReferenceWithoutSuggestion) {
  SceneBuilder builder;
  builder.Add("body", "in", T("1"));
  Relate(builder.Add("a", "x", T("1")), RelationKind::kAfter, "zzz.qqq");
  // "body.xyz" is 3 edits from "body.in", over max(2, 8 / 3) = 2.
  Relate(builder.Add("a", "y", T("1")), RelationKind::kBefore, "body.xyz");
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 2u);
  ExpectDiagnostic(result.diagnostics[0], "E_TIMING_MISSING",
                   "node 'a.x' references unknown node 'zzz.qqq'", 20, 20,
                   "/objects/a/nodes/0/after/0");
  ExpectDiagnostic(result.diagnostics[1], "E_TIMING_MISSING",
                   "node 'a.y' references unknown node 'body.xyz'", 30, 20,
                   "/objects/a/nodes/1/before/0");
}

TEST(ResolveTimingDiagnosticsTest, SuggestionTiesGoToFileOrder) {
  SceneBuilder builder;
  builder.Add("body", "inb", T("1"));  // first in file order
  builder.Add("body", "ina", T("1"));
  RelateAt(builder.AddCamera("cam", "inc", T("1")), T("0"));  // too far from "body.inx"
  Relate(builder.Add("other", "x", T("1")), RelationKind::kAfter, "body.inx");
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  // body.inb and body.ina are both 1 edit away: body.inb comes first.
  EXPECT_EQ(result.diagnostics[0].message,
            "node 'other.x' references unknown node 'body.inx' (did you mean 'body.inb'?)");
}

TEST(ResolveTimingDiagnosticsTest, SuggestionLimitGrowsWithTheWrittenReference) {
  SceneBuilder builder;
  builder.Add("group", "alpha", T("1"));
  // Written "group.alXXX": 11 characters, limit 3; 3 edits away: suggested.
  Relate(builder.Add("a", "x", T("1")), RelationKind::kAfter, "group.alXXX");
  // "group.aXXXX": 4 edits, over the limit of 3.
  Relate(builder.Add("a", "y", T("1")), RelationKind::kAfter, "group.aXXXX");
  // Written "alXXX" in group's own list: 5 characters, limit 2; the same 3
  // edits in qualified form are too many.
  Relate(builder.Add("group", "z", T("1")), RelationKind::kAfter, "alXXX");
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 3u);  // in file order: group's nodes first
  EXPECT_EQ(result.diagnostics[0].message, "node 'group.z' references unknown node 'group.alXXX'");
  EXPECT_EQ(result.diagnostics[1].message,
            "node 'a.x' references unknown node 'group.alXXX' (did you mean 'group.alpha'?)");
  EXPECT_EQ(result.diagnostics[2].message, "node 'a.y' references unknown node 'group.aXXXX'");
}

TEST(ResolveTimingDiagnosticsTest, SuggestionNeverNamesTheReferencingNode) {
  SceneBuilder builder;
  // body.inx and body.in are both 1 edit from body.inn; body.inx comes first
  // but is the node itself, which could not depend on itself.
  Relate(builder.Add("body", "inx", T("1")), RelationKind::kAfter, "inn");
  builder.Add("body", "in", T("1"));
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].message,
            "node 'body.inx' references unknown node 'body.inn' (did you mean 'body.in'?)");
}

TEST(ResolveTimingDiagnosticsTest, UnnamedNodesCannotBeReferencedOrSuggested) {
  SceneBuilder builder;
  builder.Add("body", "", T("1"));  // body#0
  Relate(builder.Add("a", "x", T("1")), RelationKind::kAfter, "body.#0");
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].message, "node 'a.x' references unknown node 'body.#0'");
}

// --- E_TIMING_CYCLE ------------------------------------------------------------

TEST(ResolveTimingDiagnosticsTest, TwoCycle) {
  SceneBuilder builder;
  Relate(builder.Add("a", "x", T("1")), RelationKind::kAfter, "b.y");
  Relate(builder.Add("b", "y", T("1")), RelationKind::kAfter, "a.x");
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  ExpectDiagnostic(result.diagnostics[0], "E_TIMING_CYCLE", "dependency cycle: a.x -> b.y -> a.x",
                   10, 20, "/objects/a/nodes/0/after/0");
  EXPECT_FALSE(TimeOf(builder.scene(), result.timeline, "a.x").resolved);
  EXPECT_FALSE(TimeOf(builder.scene(), result.timeline, "b.y").resolved);
}

TEST(ResolveTimingDiagnosticsTest, ThreeCycleStartsAtTheFirstMemberInFileOrder) {
  SceneBuilder builder;
  // d.w comes first and leads the graph search into the cycle at b.y.
  Relate(builder.Add("d", "w", T("1")), RelationKind::kAfter, "b.y");
  Node& x = builder.Add("a", "x", T("1"));
  RelateAt(x, T("0"));
  Relate(x, RelationKind::kAfter, "c.z");  // relation 1 starts the cycle
  Relate(builder.Add("b", "y", T("1")), RelationKind::kWith, "a.x");
  Relate(builder.Add("c", "z", T("1")), RelationKind::kEndWith, "b.y");
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  ExpectDiagnostic(result.diagnostics[0], "E_TIMING_CYCLE",
                   "dependency cycle: a.x -> c.z -> b.y -> a.x", 20, 21,
                   "/objects/a/nodes/0/after/1");
  EXPECT_FALSE(TimeOf(builder.scene(), result.timeline, "d.w").resolved);
}

TEST(ResolveTimingDiagnosticsTest, ShortestCycleWithTiesInWrittenOrder) {
  {
    SceneBuilder builder;
    // a.m -> a.p -> a.r -> a.m has 3 steps, a.m -> a.q -> a.m 2.
    Node& m = builder.Add("a", "m", T("1"));
    Relate(m, RelationKind::kAfter, "p");
    Relate(m, RelationKind::kAfter, "q");
    Relate(builder.Add("a", "p", T("1")), RelationKind::kAfter, "r");
    Relate(builder.Add("a", "q", T("1")), RelationKind::kAfter, "m");
    Relate(builder.Add("a", "r", T("1")), RelationKind::kAfter, "m");
    Result result = Resolve(builder.scene());
    ASSERT_EQ(result.diagnostics.size(), 1u);
    ExpectDiagnostic(result.diagnostics[0], "E_TIMING_CYCLE", "dependency cycle: a.m -> a.q -> a.m",
                     10, 21, "/objects/a/nodes/0/after/1");
  }
  {
    SceneBuilder builder;
    // Two 2-step cycles: the one through the first written relation wins.
    Node& m = builder.Add("a", "m", T("1"));
    Relate(m, RelationKind::kWith, "q");
    Relate(m, RelationKind::kWith, "p");
    Relate(builder.Add("a", "p", T("1")), RelationKind::kWith, "m");
    Relate(builder.Add("a", "q", T("1")), RelationKind::kWith, "m");
    Result result = Resolve(builder.scene());
    ASSERT_EQ(result.diagnostics.size(), 1u);
    ExpectDiagnostic(result.diagnostics[0], "E_TIMING_CYCLE", "dependency cycle: a.m -> a.q -> a.m",
                     10, 20, "/objects/a/nodes/0/with/0");
  }
}

TEST(ResolveTimingDiagnosticsTest, ChainingIsADependencyInCycles) {
  SceneBuilder builder;
  Relate(builder.Add("a", "x", T("1")), RelationKind::kAfter, "y");
  builder.Add("a", "y", T("1"));  // chains after a.x
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  ExpectDiagnostic(result.diagnostics[0], "E_TIMING_CYCLE",
                   "dependency cycle: a.x -> a.y -> a.x (the previous node)", 10, 20,
                   "/objects/a/nodes/0/after/0");
}

TEST(ResolveTimingDiagnosticsTest, EachStronglyConnectedComponentOnce) {
  SceneBuilder builder;
  // Component 1: a.x, b.y, e.v (two cycles through a.x, one report).
  Node& x = builder.Add("a", "x", T("1"));
  Relate(x, RelationKind::kAfter, "b.y");
  Relate(x, RelationKind::kAfter, "e.v");
  // Component 2: c.z, d.w.
  Relate(builder.Add("c", "z", T("1")), RelationKind::kAfter, "d.w");
  Relate(builder.Add("b", "y", T("1")), RelationKind::kAfter, "a.x");
  Relate(builder.Add("d", "w", T("1")), RelationKind::kAfter, "c.z");
  Relate(builder.Add("e", "v", T("1")), RelationKind::kAfter, "a.x");
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 2u);
  ExpectDiagnostic(result.diagnostics[0], "E_TIMING_CYCLE", "dependency cycle: a.x -> b.y -> a.x",
                   10, 20, "/objects/a/nodes/0/after/0");
  ExpectDiagnostic(result.diagnostics[1], "E_TIMING_CYCLE", "dependency cycle: c.z -> d.w -> c.z",
                   20, 20, "/objects/c/nodes/0/after/0");
}

TEST(ResolveTimingDiagnosticsTest, SelfReference) {
  SceneBuilder builder;
  Relate(builder.Add("a", "x", T("1")), RelationKind::kAfter, "a.x");
  Node& y = builder.Add("b", "y", T("1"));
  RelateAt(y, T("1"));
  Relate(y, RelationKind::kWith, "y");  // bare, in its own list
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 2u);
  ExpectDiagnostic(result.diagnostics[0], "E_TIMING_CYCLE", "node 'a.x' cannot depend on itself",
                   10, 20, "/objects/a/nodes/0/after/0");
  ExpectDiagnostic(result.diagnostics[1], "E_TIMING_CYCLE", "node 'b.y' cannot depend on itself",
                   20, 21, "/objects/b/nodes/0/with/1");
  EXPECT_FALSE(TimeOf(builder.scene(), result.timeline, "a.x").resolved);
  EXPECT_FALSE(TimeOf(builder.scene(), result.timeline, "b.y").resolved);
}

TEST(ResolveTimingDiagnosticsTest, DependentsOfUnresolvedNodesStaySilent) {
  SceneBuilder builder;
  Relate(builder.Add("a", "x", T("1")), RelationKind::kAfter, "b.y");
  Relate(builder.Add("b", "y", T("1")), RelationKind::kAfter, "a.x");
  // Downstream of the cycle: would start before 0 and end past the limit.
  Relate(builder.Add("c", "z", T("5000")), RelationKind::kWith, "a.x", T("-10"));
  builder.Add("c", "w", T("1"));  // chains after c.z
  // Downstream of a missing reference and of a self-reference.
  Relate(builder.Add("d", "v", T("1")), RelationKind::kAfter, "d.nope");
  Relate(builder.Add("e", "u", T("1")), RelationKind::kBefore, "d.v", T("-5"));
  Relate(builder.Add("e", "s", T("1")), RelationKind::kAfter, "s");
  Relate(builder.Add("f", "t", T("1")), RelationKind::kAfter, "e.s");
  builder.Add("g", "fine", T("1"));
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 3u);
  EXPECT_EQ(result.diagnostics[0].code_name(),
            "E_TIMING_MISSING");                                   // reported while resolving names
  EXPECT_EQ(result.diagnostics[1].code_name(), "E_TIMING_CYCLE");  // e.s on itself
  EXPECT_EQ(result.diagnostics[2].message, "dependency cycle: a.x -> b.y -> a.x");
  for (std::string_view name : {"c.z", "c.w", "d.v", "e.u", "e.s", "f.t"}) {
    EXPECT_FALSE(TimeOf(builder.scene(), result.timeline, name).resolved) << name;
  }
  EXPECT_TRUE(TimeOf(builder.scene(), result.timeline, "g.fine").resolved);
  EXPECT_EQ(result.timeline.duration, T("1"));
}

// --- E_TIMING_NEGATIVE -----------------------------------------------------------

TEST(ResolveTimingDiagnosticsTest, NegativeStartIsReportedAndStillResolves) {
  SceneBuilder builder;
  RelateAt(builder.Add("a", "x", T("1")), T("1"));  // [1, 2]
  // S = S(a.x) - 1 - 0.5 = -0.5, E = 0.
  Relate(builder.Add("b", "y", T("0.5")), RelationKind::kBefore, "a.x", T("-1"));
  builder.Add("b", "z", T("1"));  // chains: S = E(b.y) = 0, fine
  // S = S(b.y) - 0.25 = -0.75: its own negative start.
  Relate(builder.Add("c", "w", T("1")), RelationKind::kWith, "b.y", T("-0.25"));
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 2u);
  ExpectDiagnostic(result.diagnostics[0], "E_TIMING_NEGATIVE",
                   "node 'b.y' starts at -0.5 s, before 0", 20, 7, "/objects/b/nodes/0");
  ExpectDiagnostic(result.diagnostics[1], "E_TIMING_NEGATIVE",
                   "node 'c.w' starts at -0.75 s, before 0", 40, 7, "/objects/c/nodes/0");
  const NodeTime& y = TimeOf(builder.scene(), result.timeline, "b.y");
  EXPECT_TRUE(y.resolved);
  EXPECT_EQ(y.start, T("-0.5"));
  const NodeTime& z = TimeOf(builder.scene(), result.timeline, "b.z");
  EXPECT_TRUE(z.resolved);
  EXPECT_EQ(z.start, T("0"));
  EXPECT_EQ(z.end, T("1"));
}

TEST(ResolveTimingDiagnosticsTest, NegativeChainLagOnAFirstNode) {
  SceneBuilder builder;
  builder.Add("director", "open", T("1")).chain_lag = T("-0.125");
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  ExpectDiagnostic(result.diagnostics[0], "E_TIMING_NEGATIVE",
                   "node 'director.open' starts at -0.125 s, before 0", 10, 7, "/director/nodes/0");
}

// --- E_LIMIT ------------------------------------------------------------------------

TEST(ResolveTimingDiagnosticsTest, LimitAtTheNodeThatEndsLast) {
  SceneBuilder builder;
  RelateAt(builder.Add("a", "early", T("1")), T("0"));
  RelateAt(builder.Add("a", "x", T("1000")), T("3000"));  // ends at 4000
  RelateAt(builder.Add("b", "y", T("500")), T("3500"));   // also 4000, later in file order
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  ExpectDiagnostic(result.diagnostics[0], "E_LIMIT",
                   "node 'a.x' ends at 4000 s, after the 3600 s limit", 20, 7,
                   "/objects/a/nodes/1");
  EXPECT_EQ(result.timeline.duration, T("4000"));
}

TEST(ResolveTimingDiagnosticsTest, LimitIsInclusiveAndChecksTheSnappedEnd) {
  {
    SceneBuilder builder;
    RelateAt(builder.Add("a", "x", T("600")), T("3000"));  // ends at exactly 3600
    EXPECT_TRUE(Resolve(builder.scene()).diagnostics.empty());
  }
  {
    SceneBuilder builder;
    builder.scene().snap = 10;
    RelateAt(builder.Add("a", "x", T("600.04")), T("3000"));  // 3600.04 snaps to 3600
    EXPECT_TRUE(Resolve(builder.scene()).diagnostics.empty());
  }
}

TEST(ResolveTimingDiagnosticsTest, TimesPastTheGuardAreOverTheLimit) {
  SceneBuilder builder;
  // a#k ends at (k + 1) * 10^6 s: a#999 ends exactly at the 10^9 s guard,
  // a#1000 past it; a#1001 depends on a node that could not be resolved.
  for (int k = 0; k < 1002; ++k) builder.Add("a", "", T("1000000"));
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  ExpectDiagnostic(result.diagnostics[0], "E_LIMIT",
                   "node 'a#1000' ends at more than 1000000000 s, after the 3600 s limit", 10010, 7,
                   "/objects/a/nodes/1000");
  EXPECT_TRUE(result.timeline.objects[0][999].resolved);
  EXPECT_FALSE(result.timeline.objects[0][1000].resolved);
  EXPECT_FALSE(result.timeline.objects[0][1001].resolved);
}

TEST(ResolveTimingDiagnosticsTest, ArithmeticOverflowIsOverTheLimit) {
  SceneBuilder builder;
  // Two primes near 2^32: the sum's denominator does not fit 64 bits.
  RelateAt(builder.Add("a", "x", ExactTime::FromRatio(1, 4294967291)),
           ExactTime::FromRatio(1, 4294967279));
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].message,
            "node 'a.x' ends at more than 1000000000 s, after the 3600 s limit");
}

TEST(ResolveTimingDiagnosticsTest, StartsFarBeforeZeroAreNegativeAndNotUsed) {
  SceneBuilder builder;
  RelateAt(builder.Add("a", "x", T("1")), T("0"));
  Relate(builder.Add("b", "y", T("1")), RelationKind::kWith, "a.x", T("-2000000000"));
  builder.Add("b", "z", T("1"));
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 1u);
  ExpectDiagnostic(result.diagnostics[0], "E_TIMING_NEGATIVE",
                   "node 'b.y' starts at -2000000000 s, before 0", 20, 7, "/objects/b/nodes/0");
  EXPECT_FALSE(TimeOf(builder.scene(), result.timeline, "b.y").resolved);
  EXPECT_FALSE(TimeOf(builder.scene(), result.timeline, "b.z").resolved);
}

// --- everything at once ---------------------------------------------------------------

TEST(ResolveTimingDiagnosticsTest, SeveralProblemsInOneRun) {
  SceneBuilder builder;
  builder.Add("body", "in", T("1"));                                                // line 10
  Relate(builder.Add("screw", "place", T("1")), RelationKind::kAfter, "body.inn");  // line 20
  Relate(builder.Add("loop", "a", T("1")), RelationKind::kAfter, "b");              // line 30
  Relate(builder.Add("loop", "b", T("1")), RelationKind::kAfter, "a");              // line 40
  Relate(builder.Add("self", "s", T("1")), RelationKind::kWith, "s");               // line 50
  Relate(builder.Add("neg", "n", T("1")), RelationKind::kBefore, "body.in");        // line 60
  RelateAt(builder.AddCamera("cam", "long", T("4000")), T("0"));                    // line 70
  Result result = Resolve(builder.scene());
  ASSERT_EQ(result.diagnostics.size(), 5u);
  ExpectDiagnostic(result.diagnostics[0], "E_TIMING_MISSING",
                   "node 'screw.place' references unknown node 'body.inn' "
                   "(did you mean 'body.in'?)",
                   20, 20, "/objects/screw/nodes/0/after/0");
  ExpectDiagnostic(result.diagnostics[1], "E_TIMING_CYCLE", "node 'self.s' cannot depend on itself",
                   50, 20, "/objects/self/nodes/0/with/0");
  ExpectDiagnostic(result.diagnostics[2], "E_TIMING_CYCLE",
                   "dependency cycle: loop.a -> loop.b -> loop.a", 30, 20,
                   "/objects/loop/nodes/0/after/0");
  // S = S(body.in) - 1 = -1.
  ExpectDiagnostic(result.diagnostics[3], "E_TIMING_NEGATIVE",
                   "node 'neg.n' starts at -1 s, before 0", 60, 7, "/objects/neg/nodes/0");
  ExpectDiagnostic(result.diagnostics[4], "E_LIMIT",
                   "node 'cam.long' ends at 4000 s, after the 3600 s limit", 70, 7,
                   "/cameras/cam/nodes/0");
}

}  // namespace
}  // namespace cinc
