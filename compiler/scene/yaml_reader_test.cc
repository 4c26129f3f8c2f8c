#include "compiler/scene/yaml_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

namespace cinc {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// One line per event: "line:column KIND [value]", scalars quoted when not plain.
std::string Show(const YamlEvent& event) {
  std::string text =
      std::to_string(event.location.line) + ":" + std::to_string(event.location.column) + " ";
  switch (event.kind) {
    case YamlEventKind::kScalar:
      text += event.plain ? std::string(event.value) : "'" + std::string(event.value) + "'";
      if (event.unresolved) text += " (unresolved)";
      return text;
    case YamlEventKind::kSequenceStart:
      return text + "[";
    case YamlEventKind::kSequenceEnd:
      return text + "]";
    case YamlEventKind::kMappingStart:
      return text + "{";
    case YamlEventKind::kMappingEnd:
      return text + "}";
    case YamlEventKind::kEnd:
      break;
  }
  return "end";
}

std::string Show(const YamlProblem& problem) {
  return std::to_string(problem.location.line) + ":" + std::to_string(problem.location.column) +
         " " + std::string(problem.code_name()) + " " + problem.message;
}

struct ReadResult {
  std::vector<std::string> events;  // without the final "end"
  std::vector<std::string> problems;
  size_t event_count = 0;
};

// Reads every event (keeping at most `keep` of them as text), then Finish().
ReadResult ReadAll(std::string_view text, size_t keep, size_t parse_ahead_bytes) {
  YamlReader reader(text, parse_ahead_bytes);
  ReadResult result;
  for (;;) {
    YamlEvent event = reader.Next();
    if (event.kind == YamlEventKind::kEnd) break;
    if (result.events.size() < keep) result.events.push_back(Show(event));
    ++result.event_count;
  }
  reader.Finish();
  for (const YamlProblem& problem : reader.TakeProblems()) result.problems.push_back(Show(problem));
  return result;
}

// Every test runs twice: parsing on the reader's thread (the default for
// small texts) and parsing ahead on a worker thread (the default for large
// ones). Both must give the same events and problems.
class YamlReaderTest : public ::testing::TestWithParam<size_t> {
 protected:
  ReadResult ReadAll(std::string_view text, size_t keep = 1000) const {
    return cinc::ReadAll(text, keep, GetParam());
  }
};

INSTANTIATE_TEST_SUITE_P(Threads, YamlReaderTest,
                         ::testing::Values(YamlEventSource::kDefaultParseAheadBytes, 0),
                         [](const ::testing::TestParamInfo<size_t>& info) {
                           return info.param == 0 ? "ParsedAhead" : "ParsedInline";
                         });

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST_P(YamlReaderTest, YieldsEventsWithLocationsAndStyles) {
  ReadResult result = ReadAll("a: [1, 'x', \"y\"]\nb: {c: ~}\nd: |\n  text\n");
  EXPECT_THAT(result.events, ElementsAre("1:1 {", "1:1 a", "1:4 [", "1:5 1", "1:8 'x'", "1:13 'y'",
                                         "1:16 ]", "2:1 b", "2:4 {", "2:5 c", "2:8 ~", "2:9 }",
                                         "3:1 d", "3:4 'text\n'", "5:1 }"));
  EXPECT_THAT(result.problems, IsEmpty());
}

TEST_P(YamlReaderTest, StringTagsMakeScalarsStrings) {
  ReadResult result = ReadAll("[!!str 1, ! 2, !!int 3, !custom 4]");
  EXPECT_THAT(result.events,
              ElementsAre("1:1 [", "1:2 '1'", "1:11 '2'", "1:16 3", "1:25 4", "1:34 ]"));
}

TEST_P(YamlReaderTest, AliasReplaysTheAnchoredNodeWithItsOwnLocations) {
  ReadResult result = ReadAll("a: &x [1, {k: v}]\nb: *x\nc: &s word\nd: *s\n");
  EXPECT_THAT(result.events, ElementsAre("1:1 {", "1:1 a", "1:4 [", "1:8 1", "1:11 {", "1:12 k",
                                         "1:15 v", "1:16 }", "1:17 ]", "2:1 b", "1:4 [", "1:8 1",
                                         "1:11 {", "1:12 k", "1:15 v", "1:16 }", "1:17 ]", "3:1 c",
                                         "3:4 word", "4:1 d", "3:4 word", "5:1 }"));
  EXPECT_THAT(result.problems, IsEmpty());
}

TEST_P(YamlReaderTest, AliasesInsideAnchorsAreExpandedWhenReplayed) {
  ReadResult result = ReadAll("a: &x [1]\nb: &y [*x, *x]\nc: *y\n");
  EXPECT_THAT(result.events,
              ElementsAre("1:1 {", "1:1 a", "1:4 [", "1:8 1", "1:9 ]",  // a
                          "2:1 b", "2:4 [", "1:4 [", "1:8 1", "1:9 ]", "1:4 [", "1:8 1", "1:9 ]",
                          "2:14 ]",  // b
                          "3:1 c", "2:4 [", "1:4 [", "1:8 1", "1:9 ]", "1:4 [", "1:8 1", "1:9 ]",
                          "2:14 ]",  // c
                          "4:1 }"));
}

TEST_P(YamlReaderTest, UnknownAliasIsReportedAndReadAsAnUnresolvedScalar) {
  ReadResult result = ReadAll("a: *nope\nb: 1\n");
  EXPECT_THAT(result.events,
              ElementsAre("1:1 {", "1:1 a", "1:4  (unresolved)", "2:1 b", "2:4 1", "3:1 }"));
  EXPECT_THAT(result.problems, ElementsAre("1:4 E_SCENE_FORMAT unknown alias 'nope'"));
}

TEST_P(YamlReaderTest, RedefinedAnchorAppliesFromThereOn) {
  ReadResult result = ReadAll("[&x 1, *x, &x 2, *x]");
  EXPECT_THAT(result.events, ElementsAre("1:1 [", "1:2 1", "1:2 1", "1:12 2", "1:12 2", "1:20 ]"));
}

TEST_P(YamlReaderTest, BillionLaughsStopsAtTheExpansionBudgetQuickly) {
  std::string bomb = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  const std::string names = "abcdefghi";
  for (size_t level = 1; level < names.size(); ++level) {
    std::string alias = "*" + names.substr(level - 1, 1);
    bomb += names.substr(level, 1) + ": &" + names.substr(level, 1) + " [";
    for (int copy = 0; copy < 10; ++copy) bomb += (copy ? ", " : "") + alias;
    bomb += "]\n";
  }
  auto start = std::chrono::steady_clock::now();
  ReadResult result = ReadAll(bomb, 0);
  EXPECT_LT(SecondsSince(start), 2.0);
  // An alias of a expands to 11 values, of b to 111, ... of e to 111111. The
  // lists b..e deliver 110 + 1110 + 11110 + 111110 = 123440 values; f's aliases
  // add 111111 each, so its 8th (columns 8, 12, ..., 36) crosses 1000000.
  EXPECT_THAT(result.problems,
              ElementsAre("6:36 E_LIMIT the document expands to more than 1000000 values "
                          "(aliases, merge keys and templates)"));
}

TEST_P(YamlReaderTest, NestingBeyondTheLimitStopsQuickly) {
  std::string deep(100000, '[');
  auto start = std::chrono::steady_clock::now();
  ReadResult result = ReadAll(deep, 0);
  EXPECT_LT(SecondsSince(start), 2.0);
  EXPECT_EQ(result.event_count, 1000u);
  EXPECT_THAT(result.problems,
              ElementsAre("1:1001 E_SCENE_FORMAT the document nests deeper than 1000 levels"));
}

TEST_P(YamlReaderTest, BlockNestingBeyondTheLimitStops) {
  std::string deep;
  for (int level = 0; level < 2000; ++level) deep += "- ";
  deep += "x\n";
  ReadResult result = ReadAll(deep, 0);
  EXPECT_THAT(result.problems,
              ElementsAre("1:2001 E_SCENE_FORMAT the document nests deeper than 1000 levels"));
}

TEST_P(YamlReaderTest, NestingOfExactlyTheLimitIsRead) {
  ReadResult result = ReadAll(std::string(1000, '[') + std::string(1000, ']'), 0);
  EXPECT_EQ(result.event_count, 2000u);
  EXPECT_THAT(result.problems, IsEmpty());
}

TEST_P(YamlReaderTest, AliasExpansionCountsTowardsTheDepthLimit) {
  std::string text = "a: &x " + std::string(600, '[') + std::string(600, ']') + "\n";
  text += "b: " + std::string(400, '[') + "*x" + std::string(400, ']') + "\n";
  ReadResult result = ReadAll(text, 0);
  // The root mapping, 400 lists and the alias's first 600: the 600th level of
  // the alias is the 1001st.
  EXPECT_THAT(result.problems,
              ElementsAre("2:404 E_SCENE_FORMAT the document nests deeper than 1000 levels"));
}

TEST_P(YamlReaderTest, EmptyFileIsAProblem) {
  EXPECT_THAT(ReadAll("").problems, ElementsAre("1:1 E_SCENE_FORMAT the file is empty"));
  EXPECT_THAT(ReadAll("# just a comment\n\n").problems,
              ElementsAre("1:1 E_SCENE_FORMAT the file is empty"));
}

TEST_P(YamlReaderTest, SyntaxErrorGivesLibyamlsProblemAndMark) {
  ReadResult result = ReadAll("a: 1\nb: [1, 2\nc: 3\n");
  EXPECT_THAT(result.problems,
              ElementsAre("3:2 E_SCENE_FORMAT did not find expected ',' or ']' (while parsing "
                          "a flow sequence at line 2, column 4)"));
}

TEST_P(YamlReaderTest, InvalidUtf8IsReportedAtItsByte) {
  ReadResult result = ReadAll("a: 1\nbé: \x80\n");
  EXPECT_THAT(result.problems,
              ElementsAre("2:5 E_SCENE_FORMAT invalid leading UTF-8 octet (0x80)"));
}

TEST_P(YamlReaderTest, NulByteIsReported) {
  ReadResult result = ReadAll(std::string("a: b\0c\n", 7));
  EXPECT_THAT(result.problems,
              ElementsAre("1:5 E_SCENE_FORMAT control characters are not allowed (0x00)"));
}

TEST_P(YamlReaderTest, SecondDocumentIsAProblem) {
  ReadResult result = ReadAll("a: 1\n---\nb: 2\n");
  EXPECT_THAT(result.events, ElementsAre("1:1 {", "1:1 a", "1:4 1", "2:1 }"));
  EXPECT_THAT(result.problems, ElementsAre("2:1 E_SCENE_FORMAT only one document is allowed"));
}

TEST_P(YamlReaderTest, ExplicitDocumentMarkersAreFine) {
  ReadResult result = ReadAll("---\na: 1\n...\n");
  EXPECT_THAT(result.problems, IsEmpty());
  EXPECT_EQ(result.event_count, 4u);
}

TEST_P(YamlReaderTest, CaptureSkipsANodeThatReplayDeliversLater) {
  YamlReader reader("{a: [1, *x], b: 2}", GetParam());
  EXPECT_EQ(Show(reader.Next()), "1:1 {");
  EXPECT_EQ(Show(reader.Next()), "1:2 a");
  bool at_end = true;
  YamlNodeHandle node = reader.Capture(&at_end);
  EXPECT_FALSE(at_end);
  EXPECT_FALSE(node.empty());
  EXPECT_EQ(Show(reader.Next()), "1:14 b");
  reader.Replay(node);
  EXPECT_EQ(Show(reader.Next()), "1:5 [");
  EXPECT_EQ(Show(reader.Next()), "1:6 1");
  EXPECT_EQ(Show(reader.Next()), "1:9  (unresolved)");
  EXPECT_EQ(Show(reader.Next()), "1:11 ]");
  EXPECT_EQ(Show(reader.Next()), "1:17 2");
  EXPECT_EQ(Show(reader.Next()), "1:18 }");
  EXPECT_EQ(reader.Next().kind, YamlEventKind::kEnd);
  std::vector<YamlProblem> problems = reader.TakeProblems();
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(Show(problems[0]), "1:9 E_SCENE_FORMAT unknown alias 'x'");
}

TEST_P(YamlReaderTest, CaptureInsideAReplayAndAtTheEndOfACollection) {
  YamlReader reader("[&l [{k: 1}, 2], *l]", GetParam());
  for (int i = 0; i < 8; ++i) reader.Next();  // [ [ { k 1 } 2 ]
  EXPECT_EQ(Show(reader.Next()), "1:2 [");    // the alias's replay, at the anchor
  bool at_end = true;
  YamlNodeHandle mapping = reader.Capture(&at_end);
  EXPECT_FALSE(at_end);
  YamlNodeHandle scalar = reader.Capture(&at_end);
  EXPECT_FALSE(at_end);
  YamlNodeHandle none = reader.Capture(&at_end);
  EXPECT_TRUE(at_end);
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(Show(reader.Next()), "1:20 ]");
  reader.Replay(scalar);
  EXPECT_EQ(Show(reader.Next()), "1:14 2");
  reader.Replay(mapping);
  EXPECT_EQ(Show(reader.Next()), "1:6 {");
  EXPECT_EQ(Show(reader.Next()), "1:7 k");
  EXPECT_EQ(Show(reader.Next()), "1:10 1");
  EXPECT_EQ(Show(reader.Next()), "1:11 }");
  EXPECT_EQ(reader.Next().kind, YamlEventKind::kEnd);
  EXPECT_FALSE(reader.has_problems());
}

// Many chunks of events, with anchors defined in one chunk and replayed
// several chunks later, and a syntax error at the very end.
std::string ManyChunks() {
  std::string text = "base: &base {x: 1, y: [2, 3]}\nitems:\n";
  for (int i = 0; i < 3000; ++i) {
    text += "  - {id: n" + std::to_string(i) + ", v: 'q" + std::to_string(i) + "', w: *base}\n";
  }
  return text + "  - [unclosed\n";
}

TEST(YamlReaderThreadsTest, ParsingAheadGivesTheSameEventsAndProblemsOverManyChunks) {
  const std::string text = ManyChunks();
  ReadResult inline_result = ReadAll(text, 1000000, text.size() + 1);
  ReadResult ahead_result = ReadAll(text, 1000000, 0);
  EXPECT_EQ(inline_result.event_count, 3000u * 16u + 15u);  // 16 per item, 9 of them replayed
  EXPECT_EQ(inline_result.event_count, ahead_result.event_count);
  EXPECT_EQ(inline_result.events, ahead_result.events);
  EXPECT_THAT(ahead_result.problems,
              ElementsAre("3004:1 E_SCENE_FORMAT did not find expected ',' or ']' (while parsing "
                          "a flow sequence at line 3003, column 5)"));
  EXPECT_EQ(inline_result.problems, ahead_result.problems);
}

TEST(YamlReaderThreadsTest, AReaderLeftEarlyStopsItsWorker) {
  const std::string text = ManyChunks();
  for (int events = 0; events < 20000; events += 4999) {
    YamlReader reader(text, 0);
    int read = 0;
    while (read < events && reader.Next().kind != YamlEventKind::kEnd) ++read;
    EXPECT_EQ(read, events);
    EXPECT_FALSE(reader.has_problems());
  }  // each destructor returns although the worker is chunks ahead
}

}  // namespace
}  // namespace cinc
