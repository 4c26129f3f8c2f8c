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

TEST(DiagnosticsTest, EscapesJsonPointerTokens) { EXPECT_EQ(JsonPointerToken("a/b~c"), "a~1b~0c"); }

}  // namespace
}  // namespace cinc
