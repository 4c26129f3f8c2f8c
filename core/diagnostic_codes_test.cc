#include "core/diagnostic_codes.h"

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace cinc {
namespace {

std::string ReadDocs() {
  std::ifstream stream(std::string(CINC_SOURCE_DIR) + "/docs/diagnostics.md");
  std::ostringstream text;
  text << stream.rdbuf();
  return text.str();
}

TEST(DiagnosticCodesTest, NamesAreUniqueAndSayTheirSeverity) {
  std::set<std::string_view> names;
  for (const DiagnosticCodeInfo& info : AllDiagnosticCodes()) {
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
    EXPECT_EQ(info.name.substr(0, 2), info.severity == Severity::kWarning ? "W_" : "E_")
        << info.name;
    EXPECT_FALSE(info.summary.empty()) << info.name;
    EXPECT_EQ(CodeName(info.code), info.name);
  }
  EXPECT_EQ(names.size(), 42u);
}

// Every code has its own heading in docs/diagnostics.md, so that the anchor
// a message or a SARIF rule points at exists.
TEST(DiagnosticCodesTest, EveryCodeIsDocumented) {
  std::string docs = ReadDocs();
  ASSERT_FALSE(docs.empty()) << "docs/diagnostics.md is missing";
  for (const DiagnosticCodeInfo& info : AllDiagnosticCodes()) {
    EXPECT_NE(docs.find("\n## " + std::string(info.name) + "\n"), std::string::npos)
        << info.name << " has no heading '## " << info.name << "' in docs/diagnostics.md";
  }
}

TEST(DiagnosticCodesTest, DocsAnchor) {
  EXPECT_EQ(DocsAnchorOf(DiagnosticCode::kTimingCycle), "docs/diagnostics.md#e_timing_cycle");
  EXPECT_EQ(DocsAnchorOf(DiagnosticCode::kTimingOverlap), "docs/diagnostics.md#w_timing_overlap");
}

}  // namespace
}  // namespace cinc
