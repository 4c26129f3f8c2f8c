#include "core/diagnostics.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

TEST(DiagnosticsTest, CountsAndSortsByFileLineColumnCode) {
  Diagnostics diagnostics("b.yaml");
  diagnostics.Report(DiagnosticCode::kSceneValue, {3, 5}, "/x", "second");
  diagnostics.Report(DiagnosticCode::kTimingOverlap, {1, 1}, "/y", "first");
  diagnostics.Report(DiagnosticCode::kSceneFormat, {3, 5}, "/z", "same place, earlier code");
  diagnostics.set_file("a.yaml");
  diagnostics.Report(DiagnosticCode::kPath, {9, 9}, "", "other file");
  EXPECT_EQ(diagnostics.error_count(), 3);
  EXPECT_EQ(diagnostics.warning_count(), 1);
  diagnostics.Sort();
  std::vector<std::string> messages;
  for (const Diagnostic& diagnostic : diagnostics.items()) messages.push_back(diagnostic.message);
  EXPECT_EQ(messages, (std::vector<std::string>{"other file", "first", "same place, earlier code",
                                                "second"}));
}

TEST(DiagnosticsTest, PromotesWarnings) {
  Diagnostics diagnostics("a.yaml");
  diagnostics.Report(DiagnosticCode::kTimingOverlap, {1, 1}, "", "overlap");
  EXPECT_FALSE(diagnostics.HasErrors());
  diagnostics.PromoteWarnings();
  EXPECT_TRUE(diagnostics.HasErrors());
  EXPECT_EQ(diagnostics.items()[0].severity, Severity::kError);
}

// A list keeps the first kMaxKeptDiagnostics and counts the rest, errors
// included in error_count (issue 41).
TEST(DiagnosticsTest, KeepsTheFirstTenThousand) {
  Diagnostics diagnostics("s.yaml");
  for (int index = 0; index < 10005; ++index)
    diagnostics.Report(DiagnosticCode::kSceneFormat, {1, index + 1}, "", "e");
  diagnostics.Report(DiagnosticCode::kTimingOverlap, {2, 1}, "", "w");
  EXPECT_EQ(diagnostics.items().size(), kMaxKeptDiagnostics);
  EXPECT_EQ(diagnostics.not_kept(), 6);
  EXPECT_EQ(diagnostics.not_kept_errors(), 5);
  EXPECT_EQ(diagnostics.error_count(), 10005);
  EXPECT_EQ(diagnostics.warning_count(), 1);
  Diagnostics merged("s.yaml");
  merged.AddNotKept(diagnostics);
  EXPECT_EQ(merged.not_kept(), 6);
  EXPECT_EQ(merged.error_count(), 5);
  diagnostics.PromoteWarnings();
  EXPECT_EQ(diagnostics.error_count(), 10006);
  EXPECT_EQ(diagnostics.not_kept_errors(), 6);
}

TEST(DiagnosticsTest, BoundsMessagesAndPointers) {
  const std::string message =
      "'" + std::string(1500, 'a') + "\u00e9" + std::string(1500, 'b') + "'";
  EXPECT_EQ(BoundedMessage(message),
            message.substr(0, 1022) + "\u2026" + message.substr(message.size() - 1023));
  // A cut never splits a UTF-8 sequence: "é" straddling the head's end goes.
  const std::string straddling = std::string(1021, 'a') + "\u00e9" + std::string(2000, 'b');
  EXPECT_EQ(BoundedMessage(straddling).substr(1019, 5), "aa\u2026");
  EXPECT_EQ(BoundedMessage("short"), "short");
  EXPECT_EQ(BoundedPointer("/objects/" + std::string(2000, 'n') + "/nodes"), "/objects");
  EXPECT_EQ(BoundedPointer("/" + std::string(2000, 'n')), "");
  EXPECT_EQ(BoundedPointer("/objects/a/nodes/0"), "/objects/a/nodes/0");
}

TEST(DiagnosticsTest, EscapesJsonPointerTokens) { EXPECT_EQ(JsonPointerToken("a/b~c"), "a~1b~0c"); }

}  // namespace
}  // namespace cinc
