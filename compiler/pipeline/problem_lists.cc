#include "compiler/pipeline/problem_lists.h"

#include <utility>

namespace cinc {

void PassOn(const Diagnostics& from, Diagnostics* into) {
  for (const Diagnostic& problem : from.items()) into->Add(problem);
  into->AddNotKept(from);
}

void PassOnAsInternal(const Diagnostics& from, std::string_view prefix, Diagnostics* into) {
  for (const Diagnostic& problem : from.items()) {
    Diagnostic wrapped = problem;
    wrapped.code = DiagnosticCode::kInternal;
    wrapped.message = std::string(prefix) + problem.message;
    into->Add(std::move(wrapped));
  }
  into->AddNotKept(from);
}

void ReportUnlocated(DiagnosticCode code, std::string message, Diagnostics* into) {
  into->Add({InfoOf(code).severity, code, "", {}, "", std::move(message)});
}

void ReportCannotWrite(const std::string& path, const std::string& error, Diagnostics* into) {
  ReportUnlocated(DiagnosticCode::kOutput, "cannot write " + path + ": " + error, into);
}

}  // namespace cinc
