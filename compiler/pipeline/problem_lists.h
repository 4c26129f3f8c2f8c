// Problems gathered on a side list and passed on, and problems of no file.
// A stage that must see its own problems apart (a model's, a check of cinc's
// own output) reports to a list of its own; these pass them on to the run's
// list without changing the file that list reports to.
#ifndef CINC_COMPILER_PIPELINE_PROBLEM_LISTS_H_
#define CINC_COMPILER_PIPELINE_PROBLEM_LISTS_H_

#include <string>
#include <string_view>

#include "core/diagnostics.h"

namespace cinc {

// Every problem of `from` into `into`: the kept ones in order, and the count
// of those `from` did not keep.
void PassOn(const Diagnostics& from, Diagnostics* into);

// The same, each problem an E_INTERNAL whose message follows `prefix`: for a
// check of cinc's own output, whose failure is a bug in cinc.
void PassOnAsInternal(const Diagnostics& from, std::string_view prefix, Diagnostics* into);

// A problem of no file and no line (the command line's, an output's).
void ReportUnlocated(DiagnosticCode code, std::string message, Diagnostics* into);

// E_OUTPUT "cannot write PATH: ERROR" (ERROR as core/atomic_file.h gives it).
void ReportCannotWrite(const std::string& path, const std::string& error, Diagnostics* into);

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_PROBLEM_LISTS_H_
