// Patterns (compiler/scene_patterns.h): copies, their poses, `$i`, the
// stagger and references to a pattern, worked out by hand.
#include "compiler/scene/scene_patterns.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing_support::Loaded;
using testing_support::ShowDiagnostic;

// The scene loaded and its patterns expanded, with the inline markers of
// its models (in their order) for marker patterns.
Loaded Load(std::string_view text) {
  Loaded loaded = testing_support::Load(text);
  ModelMarkerNames markers;
  for (const Model& model : loaded.scene.models) {
    std::vector<std::string>& names = markers[model.name];
    for (const Marker& marker : model.markers) names.push_back(marker.name);
  }
  Diagnostics diagnostics("scenes/test.yaml");
  ExpandPatterns(markers, &loaded.scene, &diagnostics);
  for (const Diagnostic& diagnostic : diagnostics.items()) {
    loaded.diagnostics.push_back(ShowDiagnostic(diagnostic));
  }
  return loaded;
}

std::vector<std::string> Problems(std::string_view text) { return Load(text).diagnostics; }

constexpr double kClose = 1e-12;

void ExpectNear(const Vec3& actual, const Vec3& expected) {
  EXPECT_NEAR(actual.x, expected.x, kClose);
  EXPECT_NEAR(actual.y, expected.y, kClose);
  EXPECT_NEAR(actual.z, expected.z, kClose);
}

std::vector<std::string> Names(const Scene& scene) {
  std::vector<std::string> names;
  for (const SceneObject& object : scene.objects) names.push_back(object.name);
  return names;
}

// Three screws 5 cm apart along X from (0.1, 0.3, 0): copy k at
// 0.1 + 0.05 (k - 1), and its drive target moved the same; `$i` in the
// attach and the label; the copies stand where the pattern was written.
TEST(ScenePatternsTest, ALinearPatternMovesEachCopy) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  body: {}
  screw:
    pattern: {count: 3, offset: [0.05, 0, 0]}
    position: [0.1, 0.3, 0]
    nodes:
      - {id: drive, after: body.in, duration: 1, position: [0.1, 0.1, 0], label: "Screw $i"}
      - {id: seat, duration: 0, attach: {to: body/hole-$i}}
  lid: {}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const Scene& scene = loaded.scene;
  EXPECT_THAT(Names(scene), ElementsAre("body", "screw-1", "screw-2", "screw-3", "lid"));
  ASSERT_EQ(scene.patterns.size(), 1u);
  EXPECT_EQ(scene.patterns[0].name, "screw");
  EXPECT_EQ(scene.patterns[0].count, 3);
  for (int k = 1; k <= 3; ++k) {
    const SceneObject& copy = scene.objects[static_cast<size_t>(k)];
    double x = 0.1 + 0.05 * (k - 1);
    ExpectNear(copy.position, Vec3(x, 0.3, 0));
    ASSERT_EQ(copy.nodes.size(), 2u);
    EXPECT_EQ(copy.nodes[0].owner, copy.name);
    ExpectNear(*copy.nodes[0].position, Vec3(x, 0.1, 0));
    EXPECT_EQ(copy.nodes[0].rare().label->value, "Screw " + std::to_string(k));
    EXPECT_EQ(copy.nodes[1].rare().attach->to, "body/hole-" + std::to_string(k));
    EXPECT_EQ(copy.nodes[0].QualifiedName(), copy.name + ".drive");
  }
}

// Four bolts a quarter turn apart about +Y through (1, 0, 0), the first at
// (1.5, 0, 0) yawed 0: copy 2 is turned 90 degrees, to (1, 0, -0.5) (Ry(90)
// takes +X to -Z), copy 3 to (0.5, 0, 0), copy 4 to (1, 0, 0.5); each
// rotation is Ry(90 (k - 1)) times its own. A world rotation target with a
// position turns too; a local one while attached does not.
TEST(ScenePatternsTest, ACircularPatternTurnsEachCopyAboutTheAxis) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  bolt:
    pattern: {count: 4, axis: [0, 2, 0], angle: 90, center: [1, 0, 0]}
    position: [1.5, 0, 0]
    nodes:
      - {id: out, duration: 1, position: [2, 0, 0], rotation: [0, 10, 0]}
      - {id: on, duration: 1, attach: {to: bolt/tip}}
      - {id: twist, duration: 1, rotation: [0, 0, 30]}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const Scene& scene = loaded.scene;
  ASSERT_EQ(scene.objects.size(), 4u);
  const Vec3 expected[] = {{1.5, 0, 0}, {1, 0, -0.5}, {0.5, 0, 0}, {1, 0, 0.5}};
  const Vec3 target[] = {{2, 0, 0}, {1, 0, -1}, {0, 0, 0}, {1, 0, 1}};
  for (int k = 1; k <= 4; ++k) {
    const SceneObject& copy = scene.objects[static_cast<size_t>(k - 1)];
    ExpectNear(copy.position, expected[k - 1]);
    Quat turn = QuatFromEulerDegrees(Vec3(0, 90.0 * (k - 1), 0));
    EXPECT_NEAR(Degrees(AngleBetween(copy.rotation, turn)), 0, 1e-9);
    ExpectNear(*copy.nodes[0].position, target[k - 1]);
    Quat world = QuatFromEulerDegrees(Vec3(0, 10 + 90.0 * (k - 1), 0));
    EXPECT_NEAR(Degrees(AngleBetween(*copy.nodes[0].rotation, world)), 0, 1e-9);
    // Attached to its own marker: the copy's own (a reference to itself).
    EXPECT_EQ(copy.nodes[1].rare().attach->to, copy.name + "/tip");
    Quat local = QuatFromEulerDegrees(Vec3(0, 0, 30));
    EXPECT_NEAR(Degrees(AngleBetween(*copy.nodes[2].rotation, local)), 0, 1e-9);
  }
}

// stagger 0.25: copy k's relations that leave it get 0.25 (k - 1) more lag;
// its chained nodes and its references to itself follow unchanged. The
// first node of the second pattern follows nothing: its chain lag moves.
TEST(ScenePatternsTest, TheStaggerShiftsWhatLeavesTheCopy) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  body:
    nodes: [{id: in, duration: 1}]
  screw:
    pattern: {count: 3, offset: [0.05, 0, 0]}
    stagger: 0.25
    nodes:
      - {id: show, after: body.in, lag: 0.5, duration: 0.2}
      - {id: drive, duration: 0.5}
      - {id: check, after: screw.drive, duration: 0.1}
      - {id: again, after: drive, duration: 0.1, cue: {kind: script, name: ping, target: screw}}
      - {id: screw, duration: 0.1}
      - {id: last, after: screw, duration: 0.1}
  nut:
    pattern: {count: 2, offset: [0, 0, 0.1]}
    stagger: 1
    nodes:
      - {id: spin, duration: 2}
      - {id: at, at: 3, duration: 1}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const Scene& scene = loaded.scene;
  ASSERT_EQ(scene.objects.size(), 6u);
  for (int k = 1; k <= 3; ++k) {
    const SceneObject& copy = scene.objects[static_cast<size_t>(k)];
    ASSERT_EQ(copy.nodes[0].relations.size(), 1u);
    EXPECT_EQ(copy.nodes[0].relations[0].offset,
              ExactTime::FromRatio(1, 2) + ExactTime::FromRatio(k - 1, 4));
    EXPECT_TRUE(copy.nodes[1].relations.empty());
    EXPECT_EQ(copy.nodes[1].chain_lag, ExactTime());
    EXPECT_EQ(copy.nodes[2].relations[0].target, copy.name + ".drive");
    EXPECT_EQ(copy.nodes[2].relations[0].offset, ExactTime());
    // An unqualified id stays as written; a cue for the pattern is for the
    // copy.
    EXPECT_EQ(copy.nodes[3].relations[0].target, "drive");
    EXPECT_EQ(copy.nodes[3].rare().cues[0].target, copy.name);
    // Even an id named like the pattern is the copy's own node.
    EXPECT_EQ(copy.nodes[5].relations[0].target, "screw");
  }
  EXPECT_EQ(scene.objects[4].nodes[0].chain_lag, ExactTime());
  EXPECT_EQ(scene.objects[5].nodes[0].chain_lag, ExactTime::FromInteger(1));
  EXPECT_EQ(scene.objects[5].nodes[1].relations[0].offset, ExactTime::FromInteger(4));
}

// stagger: chain: copy k's steps that start from outside it start after
// copy k - 1's same step (its first step's lag kept); copy 1 as written.
// By hand: s-1.show at 1 [1, 1.5]; s-2.show after s-1.show + 0.25 -> 1.75;
// s-1.fix after body.in; s-2.fix after s-1.fix; s-k.turn chains.
TEST(ScenePatternsTest, AChainStartsEachCopyAfterThePreviousOne) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  body:
    nodes: [{id: in, duration: 1}]
  s:
    pattern: {count: 3, offset: [0.05, 0, 0]}
    stagger: chain
    nodes:
      - {id: show, at: 1, duration: 0.5}
      - {id: turn, duration: 0.5}
      - {id: fix, after: body.in, lag: 0.1, duration: 0.2}
      - {id: check, after: s.turn, duration: 0.1}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const Scene& scene = loaded.scene;
  const SceneObject& first = scene.objects[1];
  EXPECT_EQ(first.nodes[0].relations[0].kind, RelationKind::kAt);
  EXPECT_EQ(first.nodes[2].relations[0].target, "body.in");
  for (int k = 2; k <= 3; ++k) {
    const SceneObject& copy = scene.objects[static_cast<size_t>(k)];
    std::string before = "s-" + std::to_string(k - 1);
    ASSERT_EQ(copy.nodes[0].relations.size(), 1u);
    EXPECT_EQ(copy.nodes[0].relations[0].kind, RelationKind::kAfter);
    EXPECT_EQ(copy.nodes[0].relations[0].target, before + ".show");
    EXPECT_TRUE(copy.nodes[1].relations.empty());
    EXPECT_EQ(copy.nodes[2].relations[0].target, before + ".fix");
    EXPECT_EQ(copy.nodes[2].relations[0].offset, *ExactTime::ParseDecimal("0.1"));  // its lag
    EXPECT_EQ(copy.nodes[3].relations[0].target, copy.name + ".turn");
  }
  EXPECT_THAT(Problems(R"(cinc: 1
objects:
  s:
    pattern: {count: 2, offset: [1, 0, 0]}
    stagger: chain
    nodes: [{at: 1, duration: 1}]
)"),
              ElementsAre("6:13 E_SCENE_FORMAT /objects/s/nodes/0: 'stagger: chain' starts this "
                          "step of each copy after the same step of the copy before, which needs "
                          "an id: give node 1 of 's' an id"));
}

// `after: screw.drive` waits for every copy's drive; `until` ends with the
// latest; a copy is named as any object.
TEST(ScenePatternsTest, AfterAPatternWaitsForEveryCopy) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  screw:
    pattern: {count: 3, offset: [0.05, 0, 0]}
    nodes: [{id: drive, duration: 1}]
  label:
    nodes:
      - {id: show, after: [screw.drive, screw-2.drive], lag: 0.5, duration: 0.2}
      - {id: hold, until: screw.drive}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  // One relation for every copy (timing joins them), not one per copy.
  const Node& show = loaded.scene.objects[3].nodes[0];
  ASSERT_EQ(show.relations.size(), 2u);
  EXPECT_EQ(show.relations[0].target, "screw.drive");
  EXPECT_EQ(show.relations[0].copies, 3);
  EXPECT_EQ(show.relations[1].target, "screw-2.drive");
  EXPECT_EQ(show.relations[1].copies, 0);
  for (const Relation& relation : show.relations) {
    EXPECT_EQ(relation.kind, RelationKind::kAfter);
    EXPECT_EQ(relation.offset, ExactTime::FromRatio(1, 2));
  }
  const Node& hold = loaded.scene.objects[3].nodes[1];
  ASSERT_EQ(hold.until.size(), 1u);
  EXPECT_EQ(hold.until[0].target, "screw.drive");
  EXPECT_EQ(hold.until[0].copies, 3);
}

// The expanded scene is counted before a copy is made: a pattern that
// would push past the node limit is reported at its `pattern` and makes none.
TEST(ScenePatternsTest, APatternPastTheNodeLimitMakesNoCopies) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  screw:
    pattern: {count: 100000, offset: [0.05, 0, 0]}
    nodes: [{id: a, duration: 1}, {id: b, duration: 1}, {id: c, duration: 1},
            {id: d, duration: 1}, {id: e, duration: 1}, {id: f, duration: 1}]
)");
  EXPECT_THAT(loaded.diagnostics,
              ElementsAre("4:14 E_LIMIT /objects/screw/pattern: pattern 'screw' would bring the "
                          "scene to 600000 nodes (100000 copies of 6), more than the 500000 a "
                          "scene may hold"));
  EXPECT_THAT(loaded.scene.objects, IsEmpty());
}

// One copy per marker matching hole-*, in the model's order (hole-2 is
// written before hole-1), `$marker` its marker's name; the pose is the
// markers' business (not moved).
TEST(ScenePatternsTest, AMarkerPatternMakesACopyPerMatchingMarker) {
  Loaded loaded = Load(R"(cinc: 1
models:
  plate:
    markers:
      hole-2: {position: [0.1, 0, 0]}
      hole-1: {position: [-0.1, 0, 0]}
      edge: {position: [0, 0, 0.2]}
      hole-10: {position: [0, 0, 0]}
objects:
  plate: {model: plate}
  screw:
    pattern: {markers: plate/hole-?}
    stagger: 0.5
    position: [0, 1, 0]
    nodes:
      - {id: drive, duration: 1, attach: {to: plate/$marker}, label: "Screw $i in $marker"}
)");
  EXPECT_THAT(loaded.diagnostics, IsEmpty());
  const Scene& scene = loaded.scene;
  EXPECT_THAT(Names(scene), ElementsAre("plate", "screw-1", "screw-2"));
  EXPECT_EQ(scene.objects[1].nodes[0].rare().attach->to, "plate/hole-2");
  EXPECT_EQ(scene.objects[2].nodes[0].rare().attach->to, "plate/hole-1");
  EXPECT_EQ(scene.objects[2].nodes[0].rare().label->value, "Screw 2 in hole-1");
  ExpectNear(scene.objects[2].position, Vec3(0, 1, 0));
  EXPECT_EQ(scene.objects[2].nodes[0].chain_lag, ExactTime::FromRatio(1, 2));
  EXPECT_EQ(scene.patterns[0].count, 2);
}

// Which nodes' texts a copy may change: `$`, a reference to the pattern
// itself (in `after`, `until` or a `start:` list), or a rare part; a bare
// id, another object's node and an `at` leave them as written.
TEST(ScenePatternsTest, WhichNodesCopiesEditTheTextsOf) {
  Loaded loaded = testing_support::Load(R"(cinc: 1
objects:
  body:
    nodes:
      - {id: drive, at: 0, duration: 1}
  screw:
    pattern: {count: 2, offset: [0.1, 0, 0]}
    nodes:
      - {id: a, at: 1, duration: 1}
      - {id: b, after: body.drive, duration: 1}
      - {id: c, with: b, duration: 1}
      - {id: d, after: screw.c, duration: 1}
      - {id: e, after: screwdriver.x, duration: 1}
      - {id: f, until: screw.a}
      - {id: g, after: 'body$i.drive', duration: 1}
      - {id: h, duration: 1, label: plain}
)");
  ASSERT_THAT(loaded.diagnostics, IsEmpty());
  const SceneObject& screw = loaded.scene.objects[1];
  std::vector<bool> edits;
  for (const Node& node : screw.nodes) edits.push_back(PatternCopyEditsTexts(node, screw.name));
  EXPECT_THAT(edits, ElementsAre(false, false, false, true, false, true, true, true));
}

TEST(ScenePatternsTest, GlobsMatchAsShellPatterns) {
  EXPECT_TRUE(MatchesGlob("hole-*", "hole-1"));
  EXPECT_TRUE(MatchesGlob("hole-*", "hole-"));
  EXPECT_TRUE(MatchesGlob("*", ""));
  EXPECT_TRUE(MatchesGlob("h*e-?", "hole-3"));
  EXPECT_TRUE(MatchesGlob("*-*-x", "a-b-c-x"));
  EXPECT_FALSE(MatchesGlob("hole-?", "hole-10"));
  EXPECT_FALSE(MatchesGlob("hole-*", "hole_1"));
  EXPECT_FALSE(MatchesGlob("*a", "ab"));
}

TEST(ScenePatternsTest, MarkerPatternProblems) {
  EXPECT_THAT(
      Problems(R"(cinc: 1
models:
  plate:
    markers:
      hole_1: {position: [0.1, 0, 0]}
      hole_2: {position: [-0.1, 0, 0]}
objects:
  plate: {model: plate}
  empty: {}
  a:
    pattern: {markers: plate/hole-*}
    nodes: [{id: x, duration: 1}]
  b:
    pattern: {markers: plait/hole_*}
  c:
    pattern: {markers: empty/x*}
  d:
    pattern: {markers: plate/*, count: 2}
  e:
    pattern: {markers: plate}
  f:
    nodes: [{id: y, after: a.x, duration: 1}]
)"),
      ElementsAre("18:33 E_SCENE_FORMAT /objects/d/pattern: 'count' cannot be combined with "
                  "'markers' (one copy per matching marker)",
                  "20:24 E_SCENE_VALUE /objects/e/pattern: 'markers' is object/marker-glob, as "
                  "'body/hole-*'; got 'plate'",
                  "11:24 E_MARKER_MISSING /objects/a/pattern/markers: pattern 'a': no marker of "
                  "object 'plate' matches 'hole-*' (did you mean 'hole_*'?); its markers are "
                  "hole_1, hole_2",
                  "14:24 E_OBJECT_MISSING /objects/b/pattern/markers: pattern 'b' takes the "
                  "markers of unknown object 'plait' (did you mean 'plate'?)",
                  "16:24 E_MARKER_MISSING /objects/c/pattern/markers: pattern 'c' takes the "
                  "markers of object 'empty', which has no model"));
}

TEST(ScenePatternsTest, Problems) {
  EXPECT_THAT(
      Problems(R"(cinc: 1
objects:
  screw:
    pattern: {count: 2, offset: [0.05, 0, 0]}
    nodes: [{id: drive, duration: 1}]
  screw-2: {}
  washer:
    nodes:
      - {id: on, with: screw.drive, duration: 1, attach: {to: screw/seat}}
      - {id: look, duration: 1, position: [0, 1, 0]}
  a:
    stagger: 1
  b:
    pattern: {count: 0, offset: [1, 0, 0]}
  c:
    pattern: {count: 2}
  d:
    pattern: {count: 2, offset: [1, 0, 0], angle: 30}
  e:
    pattern: {offset: [1, 0, 0]}
  f:
    pattern: {count: 2, axis: [0, 1, 0]}
  g:
    pattern: {count: 2, angle: 10, axis: [0, 0, 0]}
cameras:
  cam:
    pattern: {count: 2, offset: [1, 0, 0]}
    nodes: [{id: aim, duration: 1, look_at: screw}]
)"),
      ElementsAre("12:5 E_SCENE_FORMAT /objects/a: 'stagger' needs a 'pattern' on the object",
                  "14:22 E_SCENE_VALUE /objects/b/pattern/count: count 0 is not an integer in "
                  "1..100000",
                  "16:14 E_SCENE_FORMAT /objects/c/pattern: missing field offset or angle (a "
                  "linear pattern: count, offset; a circular one: count, axis, angle, center)",
                  "18:25 E_SCENE_FORMAT /objects/d/pattern: 'offset' (a linear pattern) cannot "
                  "be combined with 'axis', 'angle' or 'center' (a circular one)",
                  "20:14 E_SCENE_FORMAT /objects/e/pattern: missing field count",
                  "22:14 E_SCENE_FORMAT /objects/f/pattern: missing field angle (a circular "
                  "pattern: count, axis, angle, center)",
                  "24:42 E_SCENE_VALUE /objects/g/pattern/axis: the pattern's axis is [0, 0, 0]",
                  "27:5 E_SCENE_FORMAT /cameras/cam/pattern: 'pattern' is not allowed on a camera",
                  "4:14 E_SCENE_NAME /objects/screw/pattern: copy 2 of pattern 'screw' would be "
                  "named 'screw-2', which another object has",
                  "9:24 E_TIMING_MISSING /objects/washer/nodes/0/with: 'screw.drive' names the "
                  "node of 2 copies (screw-1 to screw-2): only 'after' and 'until' wait for all "
                  "of them; name one, as 'screw-1.drive'",
                  "9:58 E_OBJECT_MISSING /objects/washer/nodes/0/attach: node 'washer.on' "
                  "attaches to 'screw/seat', a pattern of 2 copies (screw-1 to screw-2): name "
                  "one of them, as 'screw-1/seat'",
                  "28:45 E_OBJECT_MISSING /cameras/cam/nodes/0/look_at: node 'cam.aim' looks at "
                  "'screw', a pattern of 2 copies (screw-1 to screw-2): name one of them, as "
                  "'screw-1'"));
}

}  // namespace
}  // namespace cinc
