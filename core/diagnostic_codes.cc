#include "core/diagnostic_codes.h"

#include <array>
#include <cctype>
#include <string>

namespace cinc {
namespace {

constexpr std::array kCodes = {
#define CINC_DIAGNOSTIC_INFO(enumerator, name, severity, stage, summary) \
  DiagnosticCodeInfo{DiagnosticCode::enumerator, name, Severity::severity, stage, summary},
    CINC_DIAGNOSTIC_CODES(CINC_DIAGNOSTIC_INFO)
#undef CINC_DIAGNOSTIC_INFO
};

}  // namespace

std::string_view SeverityName(Severity severity) {
  return severity == Severity::kError ? "error" : "warning";
}

std::span<const DiagnosticCodeInfo> AllDiagnosticCodes() { return kCodes; }

const DiagnosticCodeInfo& InfoOf(DiagnosticCode code) { return kCodes[static_cast<size_t>(code)]; }

std::string_view CodeName(DiagnosticCode code) { return InfoOf(code).name; }

std::string DocsAnchorOf(DiagnosticCode code) {
  std::string anchor = "docs/diagnostics.md#";
  for (char c : CodeName(code)) {
    anchor += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return anchor;
}

}  // namespace cinc
