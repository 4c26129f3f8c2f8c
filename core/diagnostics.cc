#include "core/diagnostics.h"

#include <algorithm>
#include <tuple>

namespace cinc {

std::string_view SeverityName(Severity severity) {
  return severity == Severity::kError ? "error" : "warning";
}

void Diagnostics::Error(std::string_view code, SourceLocation location, std::string_view path,
                        std::string message) {
  Add({Severity::kError, std::string(code), file_, location, std::string(path),
       std::move(message)});
}

void Diagnostics::Warning(std::string_view code, SourceLocation location, std::string_view path,
                          std::string message) {
  Add({Severity::kWarning, std::string(code), file_, location, std::string(path),
       std::move(message)});
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
    return std::tie(a.file, a.location.line, a.location.column, a.code) <
           std::tie(b.file, b.location.line, b.location.column, b.code);
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
