#include "compiler/cli/diagnostic_printer.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/input_file.h"
#include "core/json_writer.h"
#include "core/uri_path.h"
#include "core/version.h"

namespace cinc {
namespace {

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t begin = 0;
  while (begin <= text.size()) {
    size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(begin, end - begin);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    if (end == text.size()) break;
    begin = end + 1;
  }
  return lines;
}

bool IsContinuationByte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Where the unit (one column) starting at `begin` ends: a byte and the at
// most three UTF-8 continuation bytes after it.
size_t UnitEnd(std::string_view text, size_t begin) {
  size_t end = begin + 1;
  while (end < text.size() && end - begin < 4 && IsContinuationByte(text[end])) ++end;
  return end;
}

// Where the unit before `end` starts.
size_t UnitBegin(std::string_view text, size_t end) {
  size_t begin = end - 1;
  while (begin > 0 && end - begin < 4 && IsContinuationByte(text[begin])) --begin;
  return begin;
}

// The code point of a well-formed UTF-8 sequence of 2 to 4 bytes, -1 for
// anything else (a stray, overlong or surrogate encoding).
long CodePoint(std::string_view unit) {
  const unsigned char lead = static_cast<unsigned char>(unit[0]);
  const size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
  if (length < 2 || length != unit.size() || lead > 0xF4) return -1;
  long code = lead & (0x7F >> length);
  for (size_t index = 1; index < length; ++index) code = code << 6 | (unit[index] & 0x3F);
  static constexpr long kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kSmallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return -1;
  return code;
}

// One unit as a terminal may show it: a control character (C0 but tab, DEL,
// C1) or a byte of invalid UTF-8 escaped (`\x1b`, `\u009b`, `\xff`).
std::string ShownUnit(std::string_view unit) {
  static constexpr char kHex[] = "0123456789abcdef";
  auto hex = [](unsigned value) { return std::string{kHex[value >> 4], kHex[value & 15]}; };
  const unsigned char lead = static_cast<unsigned char>(unit[0]);
  if (lead < 0x80) {
    if ((lead >= 0x20 && lead != 0x7F) || lead == '\t') return std::string(unit);
    return "\\x" + hex(lead);
  }
  const long code = CodePoint(unit);
  if (code >= 0xA0) return std::string(unit);
  if (code >= 0x80) return "\\u00" + hex(static_cast<unsigned>(code));
  std::string escaped;
  for (char byte : unit) escaped += "\\x" + hex(static_cast<unsigned char>(byte));
  return escaped;
}

// `text` with every unit as ShownUnit shows it.
std::string Escaped(std::string_view text) {
  std::string shown;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = UnitEnd(text, begin);
    shown += ShownUnit(text.substr(begin, end - begin));
    begin = end;
  }
  return shown;
}

// The columns a unit takes on screen: its escape's, or one.
size_t ShownWidth(std::string_view unit) {
  std::string shown = ShownUnit(unit);
  return shown == unit ? 1 : shown.size();
}

// At most this many columns of a source line are shown, around the caret.
constexpr size_t kWindowColumns = 120;
constexpr std::string_view kCutMark = "…";

struct ShownSource {
  std::string line;   // escaped, cut to kWindowColumns with "…" where cut
  std::string caret;  // whitespace up to the column, then '^'
};

// The source line as shown around `column` and the caret line under it
// (tabs kept so the caret lines up under tab-indented source). Columns
// count code points.
ShownSource SourceWindow(std::string_view line, int column) {
  size_t caret = 0;   // the byte of the column's unit
  size_t beyond = 0;  // columns past the end of the line
  for (int count = 1; count < column; ++count) {
    if (caret < line.size()) {
      caret = UnitEnd(line, caret);
    } else {
      ++beyond;
    }
  }
  // The window [left, right): half before the caret, the rest after, and
  // what the end of the line leaves over before it again.
  size_t left = caret, right = caret, width = beyond;
  auto grow_left = [&](size_t budget) {
    while (left > 0) {
      size_t begin = UnitBegin(line, left);
      size_t more = ShownWidth(line.substr(begin, left - begin));
      if (width + more > budget) break;
      width += more;
      left = begin;
    }
  };
  grow_left(kWindowColumns / 2);
  while (right < line.size()) {
    size_t end = UnitEnd(line, right);
    size_t more = ShownWidth(line.substr(right, end - right));
    if (width + more > kWindowColumns) break;
    width += more;
    right = end;
  }
  grow_left(kWindowColumns);
  ShownSource shown;
  if (left > 0) shown.line = kCutMark, shown.caret = " ";
  shown.line += Escaped(line.substr(left, right - left));
  if (right < line.size()) shown.line += kCutMark;
  for (size_t begin = left; begin < caret;) {
    size_t end = UnitEnd(line, begin);
    std::string_view unit = line.substr(begin, end - begin);
    shown.caret += unit == "\t" ? std::string("\t") : std::string(ShownWidth(unit), ' ');
    begin = end;
  }
  shown.caret += std::string(beyond, ' ') + "^";
  return shown;
}

// Text shows the first kShownTextDiagnostics of a run, then how many more
// there are.
constexpr size_t kShownTextDiagnostics = 200;

// One diagnostic's header line, escaped, without its line break.
std::string HeaderLine(const Diagnostic& diagnostic) {
  std::string out = diagnostic.file.empty() ? "cinc" : diagnostic.file;
  if (diagnostic.location.line > 0) {
    out += ":" + std::to_string(diagnostic.location.line) + ":" +
           std::to_string(diagnostic.location.column);
  }
  out += ": ";
  out += SeverityName(diagnostic.severity);
  out += ": " + diagnostic.message + " [" + std::string(diagnostic.code_name()) + "]";
  // In a sequence file (JSON, often on one line) the pointer says where
  // better than a column does.
  if (InfoOf(diagnostic.code).stage == "sequence" && !diagnostic.path.empty()) {
    out += " at " + diagnostic.path;
  }
  return Escaped(out);
}

std::string FormatText(const std::vector<Diagnostic>& diagnostics, int not_kept,
                       SourceLines* sources) {
  std::string out;
  const size_t shown = std::min(diagnostics.size(), kShownTextDiagnostics);
  for (size_t index = 0; index < shown; ++index) {
    const Diagnostic& diagnostic = diagnostics[index];
    out += HeaderLine(diagnostic) + "\n";
    if (diagnostic.location.line <= 0 || sources == nullptr) continue;
    const std::string* line = sources->Line(diagnostic.file, diagnostic.location.line);
    if (line == nullptr) continue;
    ShownSource shown = SourceWindow(*line, std::max(diagnostic.location.column, 1));
    out += shown.line + "\n";
    if (diagnostic.location.column > 0) out += shown.caret + "\n";
  }
  const size_t more = diagnostics.size() - shown + static_cast<size_t>(not_kept);
  if (more > 0) out += "cinc: " + std::to_string(more) + " more diagnostics not shown\n";
  return out;
}

// A file path as a URI reference (RFC 3986) for SARIF: bytes other than
// letters, digits, "-._~/" percent-encoded, so that a space, '#', '?', '%'
// or a ':' in a first segment (which would read as a scheme) stay the path.
std::string UriReference(const std::string& path) { return PercentEncodePath(path); }

Json DiagnosticToJson(const Diagnostic& diagnostic) {
  Json entry = Json::object();
  entry["file"] = diagnostic.file;
  entry["line"] = diagnostic.location.line;
  entry["column"] = diagnostic.location.column;
  entry["severity"] = std::string(SeverityName(diagnostic.severity));
  entry["code"] = std::string(diagnostic.code_name());
  entry["message"] = diagnostic.message;
  entry["path"] = diagnostic.path;
  return entry;
}

std::string FormatSarif(const std::vector<Diagnostic>& diagnostics,
                        std::string_view docs_base_uri) {
  Json results = Json::array();
  for (const Diagnostic& diagnostic : diagnostics) {
    Json result = Json::object();
    result["ruleId"] = std::string(diagnostic.code_name());
    result["level"] = diagnostic.severity == Severity::kError ? "error" : "warning";
    result["message"] = Json{{"text", diagnostic.message}};
    // A problem of no file (E_OUTPUT, E_USAGE) has no location at all.
    if (!diagnostic.file.empty()) {
      Json physical = Json::object();
      physical["artifactLocation"] = Json{{"uri", UriReference(diagnostic.file)}};
      if (diagnostic.location.line > 0) {
        Json region = Json::object();
        region["startLine"] = diagnostic.location.line;
        if (diagnostic.location.column > 0) region["startColumn"] = diagnostic.location.column;
        physical["region"] = region;
      }
      Json location = Json::object();
      location["physicalLocation"] = physical;
      if (!diagnostic.path.empty()) {
        location["logicalLocations"] = Json::array({Json{{"fullyQualifiedName", diagnostic.path}}});
      }
      result["locations"] = Json::array({location});
    }
    results.push_back(result);
  }
  // Every rule the run reported, with its summary and the page of the docs
  // that explains it (docs_location.h), when they can be found.
  Json rules = Json::array();
  std::vector<bool> listed(AllDiagnosticCodes().size(), false);
  for (const Diagnostic& diagnostic : diagnostics) {
    size_t number = static_cast<size_t>(diagnostic.code);
    if (listed[number]) continue;
    listed[number] = true;
    const DiagnosticCodeInfo& info = InfoOf(diagnostic.code);
    Json rule = Json::object();
    rule["id"] = std::string(info.name);
    rule["shortDescription"] = Json{{"text", std::string(info.summary)}};
    const std::string page = DocsAnchorOf(diagnostic.code);  // "docs/diagnostics.md#..."
    if (!docs_base_uri.empty()) {
      const std::string uri = std::string(docs_base_uri) + page.substr(page.find('/') + 1);
      rule["helpUri"] = uri;
      rule["help"] = Json{{"text", "See " + uri}};
    } else {
      rule["help"] = Json{{"text", "See " + page + " in cinc's sources."}};
    }
    rules.push_back(std::move(rule));
  }
  Json driver = Json::object();
  driver["name"] = "cinc";
  driver["version"] = std::string(kCincVersion);
  driver["rules"] = std::move(rules);
  Json run = Json::object();
  run["tool"] = Json{{"driver", driver}};
  run["results"] = results;
  Json log = Json::object();
  log["version"] = "2.1.0";
  log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  log["runs"] = Json::array({run});
  return WriteJson(log);
}

}  // namespace

void SourceLines::Provide(const std::string& file, std::string text) {
  lines_by_file_[file] = SplitLines(text);
}

const std::string* SourceLines::Line(const std::string& file, int line) {
  auto found = lines_by_file_.find(file);
  if (found == lines_by_file_.end()) {
    // A scene or a sequence cinc has read (the larger cap of the two); no
    // line from what it would not read (core/input_file.h).
    std::string text;
    std::vector<std::string> lines;
    if (!ReadInputFile(file, InputKind::kSequence, &text).refused()) lines = SplitLines(text);
    found = lines_by_file_.emplace(file, std::move(lines)).first;
  }
  if (line < 1 || static_cast<size_t>(line) > found->second.size()) return nullptr;
  return &found->second[static_cast<size_t>(line) - 1];
}

std::string FormatDiagnostics(const std::vector<Diagnostic>& diagnostics, DiagnosticsFormat format,
                              SourceLines* sources, std::string_view docs_base_uri) {
  switch (format) {
    case DiagnosticsFormat::kText:
      return FormatText(diagnostics, 0, sources);
    case DiagnosticsFormat::kJson: {
      Json array = Json::array();
      for (const Diagnostic& diagnostic : diagnostics)
        array.push_back(DiagnosticToJson(diagnostic));
      return WriteJson(array);
    }
    case DiagnosticsFormat::kSarif:
      return FormatSarif(diagnostics, docs_base_uri);
  }
  return "";
}

std::string FormatDiagnostics(const Diagnostics& diagnostics, DiagnosticsFormat format,
                              SourceLines* sources, std::string_view docs_base_uri) {
  if (diagnostics.not_kept() == 0 || format == DiagnosticsFormat::kText) {
    if (format == DiagnosticsFormat::kText)
      return FormatText(diagnostics.items(), diagnostics.not_kept(), sources);
    return FormatDiagnostics(diagnostics.items(), format, sources, docs_base_uri);
  }
  // For tools, one last entry counts what was not kept.
  std::vector<Diagnostic> listed = diagnostics.items();
  Diagnostic rest;
  rest.severity = diagnostics.not_kept_errors() > 0 ? Severity::kError : Severity::kWarning;
  rest.code = DiagnosticCode::kLimit;
  rest.message = std::to_string(diagnostics.not_kept()) + " more diagnostics (" +
                 std::to_string(diagnostics.not_kept_errors()) +
                 " errors) not kept: a run keeps the first " + std::to_string(kMaxKeptDiagnostics);
  listed.push_back(std::move(rest));
  return FormatDiagnostics(listed, format, sources, docs_base_uri);
}

}  // namespace cinc
