#include "lsp/publish_diagnostics.h"

#include <vector>

#include "lsp/document_store.h"
#include "lsp/text_positions.h"
#include "resolver/references.h"

namespace cinc {
namespace {

Json PositionJson(LspPosition position) {
  return Json{{"line", position.line}, {"character", position.character}};
}

// Where the scalar that starts at `begin` ends: a quoted one after its
// closing quote, a plain one before the first of ",]}#" or a ": ".
size_t ScalarEnd(std::string_view text, size_t begin) {
  size_t end = begin;
  if (end < text.size() && (text[end] == '"' || text[end] == '\'')) {
    const char quote = text[end++];
    while (end < text.size() && text[end] != quote && text[end] != '\n') ++end;
    return end < text.size() && text[end] == quote ? end + 1 : end;
  }
  while (end < text.size()) {
    const char c = text[end];
    if (c == '\n' || c == '\r' || c == ',' || c == ']' || c == '}' || c == '#') break;
    if (c == ':' && (end + 1 == text.size() || text[end + 1] == ' ' || text[end + 1] == '\n'))
      break;
    ++end;
  }
  while (end > begin && (text[end - 1] == ' ' || text[end - 1] == '\t')) --end;
  return end;
}

// The node a cycle's message names ("a.x", "b.y (the previous node)").
const Node* CycleMember(const NodeTable& table, std::string_view name) {
  if (const size_t space = name.find(' '); space != std::string_view::npos) {
    name = name.substr(0, space);
  }
  const NodeReference parts = SplitNodeReference(name);
  const int number = table.Find(parts.owner, parts.id);
  return number < 0 ? nullptr : &table.node(number);
}

Json CycleRelated(const Diagnostic& diagnostic, const SceneAnalysis& analysis,
                  const TextOfFile& text_of) {
  Json related = Json::array();
  constexpr std::string_view kLead = "dependency cycle: ";
  std::string_view message = diagnostic.message;
  if (message.substr(0, kLead.size()) != kLead) return related;
  message.remove_prefix(kLead.size());
  const NodeTable table(analysis.scene);
  std::vector<std::string_view> members;
  for (size_t at = 0; at <= message.size();) {
    size_t arrow = message.find(" -> ", at);
    if (arrow == std::string_view::npos) arrow = message.size();
    members.push_back(message.substr(at, arrow - at));
    at = arrow + 4;
  }
  if (members.size() > 1) members.pop_back();  // the first again, closing the cycle
  for (size_t k = 0; k < members.size(); ++k) {
    const Node* node = CycleMember(table, members[k]);
    if (node == nullptr) continue;
    const std::string& file = analysis.FileOf(node->origin.location);
    const std::string text = text_of(file);
    related.push_back(Json{{"location", Json{{"uri", FileUriOfPath(file)},
                                             {"range", RangeAt(text, node->origin.location)}}},
                           {"message", "step " + std::to_string(k + 1) + " of the cycle: '" +
                                           node->QualifiedName() + "'"}});
  }
  return related;
}

}  // namespace

Json RangeOfBytes(std::string_view text, size_t begin, size_t end) {
  auto position = [text](size_t offset) {
    size_t line_start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
    line_start = (offset == 0 || line_start == std::string_view::npos) ? 0 : line_start + 1;
    int line = 0;
    for (size_t i = 0; i < line_start; ++i) line += text[i] == '\n';
    int units = 0;
    for (size_t i = line_start; i < offset; ++i) {
      const unsigned char c = static_cast<unsigned char>(text[i]);
      if ((c & 0xC0) == 0x80) continue;
      units += c >= 0xF0 ? 2 : 1;
    }
    return LspPosition{line, units};
  };
  return Json{{"start", PositionJson(position(begin))}, {"end", PositionJson(position(end))}};
}

Json RangeAt(std::string_view text, SourceLocation location) {
  if (location.line <= 0) {
    return Json{{"start", PositionJson({0, 0})}, {"end", PositionJson({0, 0})}};
  }
  const LspPosition start = PositionOfColumn(text, location.line, std::max(location.column, 1));
  const size_t begin = OffsetOfPosition(text, start);
  size_t end = location.column <= 0 ? text.find('\n', begin) : ScalarEnd(text, begin);
  if (end == std::string_view::npos) end = text.size();
  if (end > begin && text[end - 1] == '\r') --end;
  return RangeOfBytes(text, begin, end);
}

Json LspDiagnostic(const Diagnostic& diagnostic, std::string_view text,
                   const SceneAnalysis& analysis, const TextOfFile& text_of) {
  Json lsp{{"range", RangeAt(text, diagnostic.location)},
           {"severity", diagnostic.severity == Severity::kError ? 1 : 2},
           {"code", std::string(diagnostic.code_name())},
           {"source", "cinc"},
           {"message", diagnostic.message}};
  if (diagnostic.code == DiagnosticCode::kTimingCycle) {
    Json related = CycleRelated(diagnostic, analysis, text_of);
    if (!related.empty()) lsp["relatedInformation"] = std::move(related);
  }
  return lsp;
}

std::map<std::string, Json> DiagnosticsByFile(const SceneAnalysis& analysis,
                                              const TextOfFile& text_of) {
  std::map<std::string, Json> by_file;
  by_file[analysis.scene_path] = Json::array();
  std::map<std::string, std::string> texts;
  for (const Diagnostic& diagnostic : analysis.diagnostics.items()) {
    const std::string file = diagnostic.file.empty() ? analysis.scene_path : diagnostic.file;
    auto text = texts.find(file);
    if (text == texts.end()) text = texts.emplace(file, text_of(file)).first;
    by_file[file].push_back(LspDiagnostic(diagnostic, text->second, analysis, text_of));
  }
  return by_file;
}

}  // namespace cinc
