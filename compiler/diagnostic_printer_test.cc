// SARIF's rules and their helpUri links (the text and JSON forms are tested
// whole through the command line, tests/cli_test.py).
#include "compiler/diagnostic_printer.h"

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

}  // namespace
}  // namespace cinc
