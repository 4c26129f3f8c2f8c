#include "compiler/diagnostic_printer.h"

#include <fstream>
#include <sstream>

#include "core/json_writer.h"
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

// The caret line: whitespace up to the column (tabs kept so the caret lines
// up under a tab-indented source line), then '^'. Columns count code points.
std::string CaretLine(const std::string& source, int column) {
  std::string caret;
  int code_points = 0;
  for (size_t index = 0; index < source.size() && code_points < column - 1; ++index) {
    unsigned char byte = static_cast<unsigned char>(source[index]);
    if ((byte & 0xC0) == 0x80) continue;  // a UTF-8 continuation byte
    caret += source[index] == '\t' ? '\t' : ' ';
    ++code_points;
  }
  for (; code_points < column - 1; ++code_points) caret += ' ';
  return caret + "^";
}

std::string FormatText(const std::vector<Diagnostic>& diagnostics, SourceLines* sources) {
  std::string out;
  for (const Diagnostic& diagnostic : diagnostics) {
    out += diagnostic.file.empty() ? "cinc" : diagnostic.file;
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
    out += "\n";
    if (diagnostic.location.line <= 0 || sources == nullptr) continue;
    const std::string* line = sources->Line(diagnostic.file, diagnostic.location.line);
    if (line == nullptr) continue;
    out += *line + "\n";
    if (diagnostic.location.column > 0) out += CaretLine(*line, diagnostic.location.column) + "\n";
  }
  return out;
}

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
      physical["artifactLocation"] = Json{{"uri", diagnostic.file}};
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
    std::ifstream stream(file, std::ios::binary);
    std::vector<std::string> lines;
    if (stream) {
      std::ostringstream text;
      text << stream.rdbuf();
      lines = SplitLines(text.str());
    }
    found = lines_by_file_.emplace(file, std::move(lines)).first;
  }
  if (line < 1 || static_cast<size_t>(line) > found->second.size()) return nullptr;
  return &found->second[static_cast<size_t>(line) - 1];
}

std::string FormatDiagnostics(const std::vector<Diagnostic>& diagnostics, DiagnosticsFormat format,
                              SourceLines* sources, std::string_view docs_base_uri) {
  switch (format) {
    case DiagnosticsFormat::kText:
      return FormatText(diagnostics, sources);
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

}  // namespace cinc
