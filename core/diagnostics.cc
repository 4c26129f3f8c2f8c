#include "core/diagnostics.h"

#include <algorithm>
#include <tuple>

namespace cinc {

void Diagnostics::Report(DiagnosticCode code, SourceLocation location, std::string_view path,
                         std::string message) {
  Add({InfoOf(code).severity, code, file_, location, std::string(path), std::move(message)});
}

void Diagnostics::Add(Diagnostic diagnostic) {
  if (diagnostic.severity == Severity::kError) ++error_count_;
  items_.push_back(std::move(diagnostic));
}

void Diagnostics::PromoteWarnings() {
  for (Diagnostic& diagnostic : items_) diagnostic.severity = Severity::kError;
  error_count_ = static_cast<int>(items_.size());
}

void Diagnostics::Sort() {
  std::stable_sort(items_.begin(), items_.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::make_tuple(std::string_view(a.file), a.location.line, a.location.column,
                           a.code_name()) < std::make_tuple(std::string_view(b.file),
                                                            b.location.line, b.location.column,
                                                            b.code_name());
  });
}

std::string JsonPointerToken(std::string_view token) {
  std::string escaped;
  escaped.reserve(token.size());
  for (char c : token) {
    if (c == '~') {
      escaped += "~0";
    } else if (c == '/') {
      escaped += "~1";
    } else {
      escaped += c;
    }
  }
  return escaped;
}

}  // namespace cinc
