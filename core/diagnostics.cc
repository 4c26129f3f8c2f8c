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
  const bool error = diagnostic.severity == Severity::kError;
  if (error) ++error_count_;
  if (items_.size() >= kMaxKeptDiagnostics) {
    ++not_kept_;
    if (error) ++not_kept_errors_;
    return;
  }
  diagnostic.message = BoundedMessage(std::move(diagnostic.message));
  diagnostic.path = BoundedPointer(std::move(diagnostic.path));
  items_.push_back(std::move(diagnostic));
}

void Diagnostics::AddNotKept(const Diagnostics& other) {
  not_kept_ += other.not_kept_;
  not_kept_errors_ += other.not_kept_errors_;
  error_count_ += other.not_kept_errors_;
}

void Diagnostics::PromoteWarnings() {
  for (Diagnostic& diagnostic : items_) diagnostic.severity = Severity::kError;
  not_kept_errors_ = not_kept_;
  error_count_ = static_cast<int>(items_.size()) + not_kept_;
}

void Diagnostics::Sort() {
  std::stable_sort(items_.begin(), items_.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::make_tuple(std::string_view(a.file), a.location.line, a.location.column,
                           a.code_name()) < std::make_tuple(std::string_view(b.file),
                                                            b.location.line, b.location.column,
                                                            b.code_name());
  });
}

namespace {

bool IsContinuationByte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

std::string BoundedMessage(std::string message) {
  if (message.size() <= kMaxMessageBytes) return message;
  static constexpr std::string_view kCut = "…";
  size_t head = (kMaxMessageBytes - kCut.size()) / 2;
  size_t tail = message.size() - (kMaxMessageBytes - kCut.size() - head);
  while (head > 0 && IsContinuationByte(message[head])) --head;
  while (tail < message.size() && IsContinuationByte(message[tail])) ++tail;
  return message.substr(0, head) + std::string(kCut) + message.substr(tail);
}

std::string BoundedPointer(std::string pointer) {
  if (pointer.size() <= kMaxPointerBytes) return pointer;
  size_t end = pointer.rfind('/', kMaxPointerBytes);
  pointer.resize(end == std::string::npos ? 0 : end);
  return pointer;
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
