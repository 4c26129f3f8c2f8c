// Diagnostics: the one way every stage reports a problem.
//
// Contract: stages never throw across module boundaries. They append to a
// Diagnostics list and carry on, so that one run reports every problem.
// A diagnostic has a stable code (core/diagnostic_codes.h: E_SCENE_FORMAT,
// W_TIMING_OVERLAP, ...) whose registry entry gives its severity, a 1-based
// line and column in `file` (0 when unknown), a JSON pointer into the input
// document (`/objects/screw1/nodes/1/after`) and a message in plain words.
// Reports are sorted by (file, line, column, code name) before printing.
// A scene may read other files (includes): a location names its file by an
// index that the Diagnostics list, and every list made with Sibling(), maps
// to the file's name.
#ifndef CINC_CORE_DIAGNOSTICS_H_
#define CINC_CORE_DIAGNOSTICS_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic_codes.h"

namespace cinc {

// A place in a source file. Lines and columns are 1-based; 0 means unknown.
// `file` 0 is the Diagnostics list's own file; k > 0 the k-th file added to
// it with AddFile.
struct SourceLocation {
  int line = 0;
  int column = 0;
  int file = 0;
  friend bool operator==(const SourceLocation&, const SourceLocation&) = default;
};

struct Diagnostic {
  Severity severity = Severity::kError;  // the code's, or an error under --werror
  DiagnosticCode code = DiagnosticCode::kInternal;
  std::string file;  // as the user named it
  SourceLocation location;
  std::string path;     // JSON pointer into the document, "" for the whole file
  std::string message;  // no trailing period, no code

  std::string_view code_name() const { return CodeName(code); }
};

// What one list keeps (docs/diagnostics.md "Reading a diagnostic"): the
// first kMaxKeptDiagnostics problems, each message and pointer at most
// these many bytes (a longer message loses its middle, a longer pointer is
// cut to the pointer of a containing value); later problems are counted.
inline constexpr size_t kMaxKeptDiagnostics = 10000;
inline constexpr size_t kMaxMessageBytes = 2048;
inline constexpr size_t kMaxPointerBytes = 1024;

// An append-only list of diagnostics for one run, bounded as above.
class Diagnostics {
 public:
  explicit Diagnostics(std::string file = "")
      : file_(std::move(file)), other_files_(std::make_shared<std::vector<std::string>>()) {}

  // The file that Report attributes its diagnostics to.
  void set_file(std::string file) { file_ = std::move(file); }
  const std::string& file() const { return file_; }

  // Another file that locations may point into (an included file); returns
  // its index for SourceLocation::file. Siblings share the table.
  int AddFile(std::string name);
  // The name of the file `location` lies in: file() for index 0 (or an
  // index that names no file).
  const std::string& FileName(SourceLocation location) const;
  // An empty list with the same file and the same table of files: for a
  // stage that gathers its problems apart before passing them on.
  Diagnostics Sibling() const;

  // A problem of the kind `code`, with the code's severity.
  void Report(DiagnosticCode code, SourceLocation location, std::string_view path,
              std::string message);
  void Add(Diagnostic diagnostic);
  // Counts the problems `other` found but did not keep, when its kept ones
  // are passed on to this list.
  void AddNotKept(const Diagnostics& other);

  // The kept problems.
  const std::vector<Diagnostic>& items() const { return items_; }
  // How many problems were found beyond the kept ones, and how many of them
  // are errors.
  int not_kept() const { return not_kept_; }
  int not_kept_errors() const { return not_kept_errors_; }
  bool HasErrors() const { return error_count_ > 0; }
  int error_count() const { return error_count_; }
  int warning_count() const { return static_cast<int>(items_.size()) + not_kept_ - error_count_; }

  // Turns every warning into an error (`--werror`).
  void PromoteWarnings();
  // Stable sort by (file, line, column, code name); equal keys keep report
  // order.
  void Sort();

 private:
  std::string file_;
  std::shared_ptr<std::vector<std::string>> other_files_;  // index k is other_files_[k - 1]
  std::vector<Diagnostic> items_;
  int error_count_ = 0;  // kept or not
  int not_kept_ = 0;
  int not_kept_errors_ = 0;
};

// `message` at most kMaxMessageBytes: a longer one keeps its start and its
// end (whole UTF-8 sequences) around "…".
std::string BoundedMessage(std::string message);
// `pointer` at most kMaxPointerBytes: a longer one is cut to the longest
// pointer of a containing value that fits ("" at worst).
std::string BoundedPointer(std::string pointer);

// Escapes one reference token of a JSON pointer (RFC 6901: ~ -> ~0, / -> ~1).
std::string JsonPointerToken(std::string_view token);

}  // namespace cinc

#endif  // CINC_CORE_DIAGNOSTICS_H_
