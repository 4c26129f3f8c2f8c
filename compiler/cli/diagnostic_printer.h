// Printing diagnostics for people and for tools (docs/cli.md "Diagnostics").
//
// Contract: text is `file:line:col: severity: message [CODE]` (followed by
// ` at /json/pointer` for a problem of a sequence file, E_CINEMA_*), then the
// source line (at most 120 columns around the column, "…" where cut) and a
// caret under the column when the line is known and the file can be read;
// control characters and invalid UTF-8 are shown escaped (`\x1b`,
// `\u009b`); at most 200 diagnostics, then a line counting the rest; JSON is an array of {file,
// line, column, severity, code, message, path}; SARIF is a 2.1.0 log with one run of tool "cinc"
// whose rules carry `helpUri`, `docs_base_uri` + the code's page (docs_location.h), when
// `docs_base_uri` is not empty. The caller sorts the diagnostics first. Output is deterministic.
#ifndef CINC_COMPILER_CLI_DIAGNOSTIC_PRINTER_H_
#define CINC_COMPILER_CLI_DIAGNOSTIC_PRINTER_H_

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostics.h"

namespace cinc {

enum class DiagnosticsFormat { kText, kJson, kSarif };

// Source lines for carets, read from disk once per file and cached.
class SourceLines {
 public:
  // Provides the text of a file that is not on disk (or overrides it).
  void Provide(const std::string& file, std::string text);
  // The 1-based line of `file` without its line break; nullptr when unknown.
  const std::string* Line(const std::string& file, int line);

 private:
  std::map<std::string, std::vector<std::string>> lines_by_file_;
};

// The diagnostics as `format` prints them; text shows the first 200 and
// then one line `cinc: N more diagnostics not shown`.
std::string FormatDiagnostics(const std::vector<Diagnostic>& diagnostics, DiagnosticsFormat format,
                              SourceLines* sources, std::string_view docs_base_uri = {});
// The same for a run's list: text counts its problems not kept among those
// not shown; JSON and SARIF end with one E_LIMIT entry that counts them.
std::string FormatDiagnostics(const Diagnostics& diagnostics, DiagnosticsFormat format,
                              SourceLines* sources, std::string_view docs_base_uri = {});

}  // namespace cinc

#endif  // CINC_COMPILER_CLI_DIAGNOSTIC_PRINTER_H_
