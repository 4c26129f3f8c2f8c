#include "core/diagnostics.h"

#include <algorithm>
#include <tuple>

namespace cinc {

void Diagnostics::Report(DiagnosticCode code, SourceLocation location, std::string_view path,
                         std::string message) {
  Add({InfoOf(code).severity, code, FileName(location), location, std::string(path),
       std::move(message)});
}

int Diagnostics::AddFile(std::string name) {
  other_files_->push_back(std::move(name));
  return static_cast<int>(other_files_->size());
}

const std::string& Diagnostics::FileName(SourceLocation location) const {
  if (location.file <= 0 || static_cast<size_t>(location.file) > other_files_->size()) {
    return file_;
  }
  return (*other_files_)[static_cast<size_t>(location.file) - 1];
}

Diagnostics Diagnostics::Sibling() const {
  Diagnostics sibling(file_);
  sibling.other_files_ = other_files_;
  return sibling;
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
