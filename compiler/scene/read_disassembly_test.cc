// `disassembly:` as the loader reads it (docs/reverse.md "Disassembly in the
// scene"); its references are checked after timing (tests/golden/disassembly_*).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "compiler/scene/scene_loader_test_util.h"

namespace cinc {
namespace {

using ::testing::ElementsAre;
using testing_support::Load;
using testing_support::Loaded;
using testing_support::Seconds;

TEST(ReadDisassemblyTest, EveryField) {
  Loaded loaded = Load(R"(cinc: 1
objects:
  a: {nodes: [{id: in, at: 0, duration: 1, opacity: 1, label: One}]}
disassembly:
  after: a.in
  lag: 0.5
  steps: {from: One, to: a.in}
  labels: {One: "Take a out"}
  actions: {tighten: loosen, press: pull}
)");
  EXPECT_THAT(loaded.diagnostics, ElementsAre());
  ASSERT_TRUE(loaded.scene.disassembly.has_value());
  const Disassembly& disassembly = *loaded.scene.disassembly;
  EXPECT_EQ(disassembly.after.value, "a.in");
  EXPECT_EQ(disassembly.after.origin.location, (SourceLocation{5, 10}));
  EXPECT_EQ(disassembly.lag, Seconds(1, 2));
  EXPECT_EQ(disassembly.from.value, "One");
  EXPECT_EQ(disassembly.to.value, "a.in");
  EXPECT_FALSE(disassembly.labels_in_order);
  ASSERT_EQ(disassembly.labels.size(), 1u);
  EXPECT_EQ(disassembly.labels[0].first.value, "One");
  EXPECT_EQ(disassembly.labels[0].first.origin.location, (SourceLocation{8, 12}));
  EXPECT_EQ(disassembly.labels[0].second.value, "Take a out");
  ASSERT_EQ(disassembly.actions.size(), 2u);
  EXPECT_EQ(disassembly.actions[1].first.value, "press");
  EXPECT_EQ(disassembly.actions[1].second.value, "pull");
}

TEST(ReadDisassemblyTest, ShortFormsAndDefaults) {
  Loaded empty = Load("cinc: 1\ndisassembly: {}\n");
  EXPECT_THAT(empty.diagnostics, ElementsAre());
  ASSERT_TRUE(empty.scene.disassembly.has_value());
  EXPECT_TRUE(empty.scene.disassembly->after.value.empty());
  EXPECT_EQ(empty.scene.disassembly->lag, ExactTime());
  EXPECT_FALSE(Load("cinc: 1\n").scene.disassembly.has_value());

  Loaded one =
      Load("cinc: 1\ntime: {ticks: 10}\ndisassembly: {steps: One, lag: 5, labels: [A, B]}\n");
  EXPECT_THAT(one.diagnostics, ElementsAre());
  EXPECT_EQ(one.scene.disassembly->from.value, "One");
  EXPECT_EQ(one.scene.disassembly->to.value, "One");
  EXPECT_EQ(one.scene.disassembly->lag, Seconds(1, 2));  // 5 ticks of 1/10 s
  EXPECT_TRUE(one.scene.disassembly->labels_in_order);
  ASSERT_EQ(one.scene.disassembly->labels.size(), 2u);
  EXPECT_EQ(one.scene.disassembly->labels[1].second.value, "B");
}

TEST(ReadDisassemblyTest, BadInputIsReportedAtTheField) {
  EXPECT_THAT(
      Load(R"(cinc: 1
disassembly:
  aftr: a.in
  lag: -1
  steps: [One]
  labels: {One: ""}
  actions: [tighten]
)")
          .diagnostics,
      ElementsAre("3:3 E_SCENE_FORMAT /disassembly/aftr: unknown field 'aftr' (did you mean "
                  "'after'?)",
                  "4:8 E_SCENE_VALUE /disassembly/lag: lag -1 is negative",
                  "5:10 E_SCENE_FORMAT /disassembly/steps: expected a chapter's label or a node, "
                  "or {from, to}, got a list",
                  "6:17 E_SCENE_VALUE /disassembly/labels/One: label is empty; the runtime needs "
                  "some text here",
                  "7:12 E_SCENE_FORMAT /disassembly/actions: expected a mapping, got a list"));
  EXPECT_THAT(Load("cinc: 1\ndisassembly: [a]\n").diagnostics,
              ElementsAre("2:14 E_SCENE_FORMAT /disassembly: expected a mapping, got a list"));
}

}  // namespace
}  // namespace cinc
