// SARIF's rules and their helpUri links, and the bounds of the text form
// (the text and JSON forms are tested whole through the command line,
// tests/cli_test.py and tests/hostile/messages_test.py).
#include "compiler/cli/diagnostic_printer.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace cinc {
namespace {

std::vector<Diagnostic> TwoProblems() {
  Diagnostics diagnostics("scene.yaml");
  diagnostics.Report(DiagnosticCode::kTimingCycle, {5, 24}, "/objects/box/nodes/0/after",
                     "dependency cycle: box.a -> box.b -> box.a");
  diagnostics.Report(DiagnosticCode::kTimingCycle, {6, 24}, "/objects/box/nodes/1/after",
                     "dependency cycle: box.b -> box.a -> box.b");
  diagnostics.Report(DiagnosticCode::kTimingOverlap, {7, 9}, "", "nodes overlap");
  return diagnostics.items();
}

TEST(DiagnosticPrinterTest, SarifRulesLinkToTheirDocsPage) {
  nlohmann::json log = nlohmann::json::parse(FormatDiagnostics(
      TwoProblems(), DiagnosticsFormat::kSarif, nullptr, "https://example.org/cinc/docs/"));
  const nlohmann::json& rules = log["runs"][0]["tool"]["driver"]["rules"];
  ASSERT_EQ(rules.size(), 2u);  // one per code
  EXPECT_EQ(rules[0]["id"], "E_TIMING_CYCLE");
  EXPECT_EQ(rules[0]["helpUri"], "https://example.org/cinc/docs/diagnostics.md#e_timing_cycle");
  EXPECT_EQ(rules[0]["help"]["text"],
            "See https://example.org/cinc/docs/diagnostics.md#e_timing_cycle");
  EXPECT_EQ(rules[1]["id"], "W_TIMING_OVERLAP");
  EXPECT_EQ(rules[1]["helpUri"], "https://example.org/cinc/docs/diagnostics.md#w_timing_overlap");
}

TEST(DiagnosticPrinterTest, WithoutDocsSarifRulesNameThePageInTheSources) {
  nlohmann::json log =
      nlohmann::json::parse(FormatDiagnostics(TwoProblems(), DiagnosticsFormat::kSarif, nullptr));
  const nlohmann::json& rule = log["runs"][0]["tool"]["driver"]["rules"][0];
  EXPECT_FALSE(rule.contains("helpUri"));
  EXPECT_EQ(rule["help"]["text"], "See docs/diagnostics.md#e_timing_cycle in cinc's sources.");
}

// A path goes into SARIF as a URI reference: what would read as a fragment,
// a query, an escape or a scheme is percent-encoded.
TEST(DiagnosticPrinterTest, SarifUrisEncodeThePath) {
  Diagnostics diagnostics("my scenes/c:a#b?%é.yaml");
  diagnostics.Report(DiagnosticCode::kTimingCycle, {1, 1}, "", "x");
  nlohmann::json log = nlohmann::json::parse(
      FormatDiagnostics(diagnostics.items(), DiagnosticsFormat::kSarif, nullptr, ""));
  EXPECT_EQ(
      log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
      "my%20scenes/c%3Aa%23b%3F%25%C3%A9.yaml");
}

// The text of one problem at `column` of `line` (as scene.yaml's line 1).
std::string TextAt(const std::string& line, int column, const std::string& message = "m") {
  Diagnostics diagnostics("scene.yaml");
  diagnostics.Report(DiagnosticCode::kSceneValue, {1, column}, "", message);
  SourceLines sources;
  sources.Provide("scene.yaml", line + "\n");
  return FormatDiagnostics(diagnostics.items(), DiagnosticsFormat::kText, &sources);
}

TEST(DiagnosticPrinterTest, ShortLinesAreShownWhole) {
  EXPECT_EQ(TextAt("\tkey: \u00e9t\u00e9", 9),
            "scene.yaml:1:9: error: m [E_SCENE_VALUE]\n\tkey: \u00e9t\u00e9\n\t       ^\n");
  EXPECT_EQ(TextAt("ab", 4), "scene.yaml:1:4: error: m [E_SCENE_VALUE]\nab\n   ^\n");
}

// A long line is cut to 120 columns: 60 before the caret when there are as
// many, what the end leaves over before it otherwise.
TEST(DiagnosticPrinterTest, LongLinesAreCutAroundTheCaret) {
  std::string line;
  for (int index = 0; index < 300; ++index) line += static_cast<char>('a' + index % 26);
  const std::string head = "scene.yaml:1:150: error: m [E_SCENE_VALUE]\n";
  EXPECT_EQ(TextAt(line, 150),
            head + "\u2026" + line.substr(89, 120) + "\u2026\n" + std::string(61, ' ') + "^\n");
  EXPECT_EQ(TextAt(line, 300), "scene.yaml:1:300: error: m [E_SCENE_VALUE]\n\u2026" +
                                   line.substr(180) + "\n" + std::string(120, ' ') + "^\n");
  // Code points and tabs count one column each.
  std::string wide = "\t";
  for (int index = 0; index < 200; ++index) wide += "\u00e9";
  EXPECT_EQ(TextAt(wide, 101), "scene.yaml:1:101: error: m [E_SCENE_VALUE]\n\u2026" +
                                   wide.substr(1 + 2 * 40, 2 * 120) + "\u2026\n" +
                                   std::string(61, ' ') + "^\n");
}

// Control characters and invalid UTF-8 are escaped in the message and the
// line; the caret moves by the escape's width.
TEST(DiagnosticPrinterTest, ControlCharactersAreEscaped) {
  EXPECT_EQ(TextAt("\x1b[2J \xc2\x9b\x7f\xff x", 10, "name '\x1b]0;t\x07\xc2\x85'"),
            "scene.yaml:1:10: error: name '\\x1b]0;t\\x07\\u0085' [E_SCENE_VALUE]\n"
            "\\x1b[2J \\u009b\\x7f\\xff x\n"
            "                       ^\n");  // 4+1+1+1+1+6+4+4+1 columns before x
  // Overlong and surrogate encodings are invalid UTF-8.
  EXPECT_EQ(TextAt("\xc0\xaf\xed\xa0\x80", 1, "m"),
            "scene.yaml:1:1: error: m [E_SCENE_VALUE]\n\\xc0\\xaf\\xed\\xa0\\x80\n^\n");
}

// Text shows 200 problems, then one line counts the rest, those the list
// did not keep included.
TEST(DiagnosticPrinterTest, TextShowsTwoHundred) {
  Diagnostics diagnostics("scene.yaml");
  for (int index = 0; index < 10010; ++index)
    diagnostics.Report(DiagnosticCode::kSceneValue, {}, "", "m");
  std::string text = FormatDiagnostics(diagnostics, DiagnosticsFormat::kText, nullptr);
  std::string one = "scene.yaml: error: m [E_SCENE_VALUE]\n";
  std::string expected;
  for (int index = 0; index < 200; ++index) expected += one;
  EXPECT_EQ(text, expected + "cinc: 9810 more diagnostics not shown\n");
  nlohmann::json json =
      nlohmann::json::parse(FormatDiagnostics(diagnostics, DiagnosticsFormat::kJson, nullptr));
  ASSERT_EQ(json.size(), 10001u);
  EXPECT_EQ(json[10000]["message"],
            "10 more diagnostics (10 errors) not kept: a run keeps the first 10000");
}

}  // namespace
}  // namespace cinc
