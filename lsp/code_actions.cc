#include "lsp/code_actions.h"

#include "lsp/publish_diagnostics.h"
#include "lsp/text_positions.h"

namespace cinc {
namespace {

LspPosition PositionJsonToLsp(const Json& position) {
  if (!position.is_object() || !position.contains("line") || !position.contains("character") ||
      !position["line"].is_number_integer() || !position["character"].is_number_integer()) {
    return {};
  }
  return {std::max(0, position["line"].get<int>()), std::max(0, position["character"].get<int>())};
}

// The quoted names of `text` ('a', 'b' or 'c').
std::vector<std::string> QuotedNames(std::string_view text) {
  std::vector<std::string> names;
  for (size_t open = text.find('\''); open != std::string_view::npos;) {
    const size_t close = text.find('\'', open + 1);
    if (close == std::string_view::npos) break;
    names.emplace_back(text.substr(open + 1, close - open - 1));
    open = text.find('\'', close + 1);
  }
  return names;
}

}  // namespace

Suggestion SuggestionOf(std::string_view message) {
  Suggestion suggestion;
  constexpr std::string_view kLead = " (did you mean ";
  const size_t lead = message.rfind(kLead);
  if (lead == std::string_view::npos) return suggestion;
  const size_t close = message.find("?)", lead);
  if (close == std::string_view::npos) return suggestion;
  suggestion.suggestions =
      QuotedNames(message.substr(lead + kLead.size(), close - lead - kLead.size()));
  const std::vector<std::string> before = QuotedNames(message.substr(0, lead));
  if (before.empty()) {
    suggestion.suggestions.clear();
  } else {
    suggestion.written = before.back();
  }
  return suggestion;
}

Json CodeActions(const std::string& uri, std::string_view text, const Json& diagnostics) {
  Json actions = Json::array();
  if (!diagnostics.is_array()) return actions;
  for (const Json& diagnostic : diagnostics) {
    if (!diagnostic.is_object() || !diagnostic.contains("message") ||
        !diagnostic["message"].is_string() || !diagnostic.contains("range")) {
      continue;
    }
    const Suggestion suggestion = SuggestionOf(diagnostic["message"].get<std::string>());
    if (suggestion.written.empty()) continue;
    const Json& range = diagnostic["range"];
    if (!range.is_object()) continue;
    const size_t begin = OffsetOfPosition(text, PositionJsonToLsp(range.value("start", Json())));
    const size_t end =
        std::max(begin, OffsetOfPosition(text, PositionJsonToLsp(range.value("end", Json()))));
    const std::string_view written_here = text.substr(begin, end - begin);
    for (const std::string& replacement : suggestion.suggestions) {
      size_t at = written_here.find(suggestion.written);
      std::string old_text = suggestion.written;
      std::string new_text = replacement;
      // "body.inn" reported, "inn" written: the part after the owner.
      const size_t dot = suggestion.written.find('.');
      if (at == std::string_view::npos && dot != std::string::npos &&
          replacement.compare(0, dot + 1, suggestion.written, 0, dot + 1) == 0) {
        old_text = suggestion.written.substr(dot + 1);
        new_text = replacement.substr(dot + 1);
        at = written_here.find(old_text);
      }
      if (at == std::string_view::npos) continue;
      Json edit{{"range", RangeOfBytes(text, begin + at, begin + at + old_text.size())},
                {"newText", new_text}};
      actions.push_back(Json{{"title", "Change '" + old_text + "' to '" + new_text + "'"},
                             {"kind", "quickfix"},
                             {"diagnostics", Json::array({diagnostic})},
                             {"isPreferred", suggestion.suggestions.size() == 1},
                             {"edit", Json{{"changes", Json{{uri, Json::array({edit})}}}}}});
    }
  }
  return actions;
}

}  // namespace cinc
