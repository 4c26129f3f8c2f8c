#include "lsp/scene_text.h"

#include <cctype>

namespace cinc {
namespace {

bool IsWordChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' ||
         c == '/' || c == '$' || static_cast<unsigned char>(c) >= 0x80;
}

struct TextLine {
  size_t begin = 0;
  std::string_view text;  // without its line break
};

// The line that holds byte `offset`, and every line before it.
std::vector<TextLine> LinesUpTo(std::string_view text, size_t offset) {
  std::vector<TextLine> lines;
  size_t begin = 0;
  while (true) {
    size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(begin, end - begin);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back({begin, line});
    if (end >= offset || end == text.size()) break;
    begin = end + 1;
  }
  return lines;
}

size_t IndentOf(std::string_view line) {
  size_t indent = 0;
  while (indent < line.size() && line[indent] == ' ') ++indent;
  return indent;
}

bool IsBlankOrComment(std::string_view line) {
  const size_t indent = IndentOf(line);
  return indent == line.size() || line[indent] == '#';
}

// "key" of a line "key:" or "key: value" (after its indentation and any
// "- "); empty when the line is no such key.
std::string_view KeyOfLine(std::string_view content) {
  for (size_t i = 0; i < content.size(); ++i) {
    const char c = content[i];
    if (c == ':' && (i + 1 == content.size() || content[i + 1] == ' ')) {
      return content.substr(0, i);
    }
    if (c == '{' || c == '[' || c == '"' || c == '\'' || c == '#' || c == ',') return {};
  }
  return {};
}

// Whether the line ends after its key ("key:" and nothing, or a comment).
bool KeyHasNoValue(std::string_view content, std::string_view key) {
  std::string_view rest = content.substr(key.size() + 1);
  const size_t indent = IndentOf(rest);
  return indent == rest.size() || rest[indent] == '#';
}

// The block keys that lead to a line with content at `need`; `in_item`:
// the line is an item of a list ("- ...").
std::vector<std::string> BlockPath(const std::vector<TextLine>& lines, size_t need, bool in_item) {
  std::vector<std::string> reversed;
  bool same_indent_key = in_item;  // "nodes:\n- a": the list may sit at its key's indentation
  for (size_t i = lines.size() - 1; i-- > 0;) {
    const std::string_view line = lines[i].text;
    if (IsBlankOrComment(line)) continue;
    const size_t indent = IndentOf(line);
    std::string_view content = line.substr(indent);
    if (content.substr(0, 2) == "- " || content == "-") {
      if (indent < need) {
        reversed.push_back("-");
        need = indent;
        same_indent_key = true;
      }
      continue;
    }
    const std::string_view key = KeyOfLine(content);
    if (key.empty()) continue;
    if (indent < need || (same_indent_key && indent == need && KeyHasNoValue(content, key))) {
      reversed.emplace_back(key);
      need = indent;
      same_indent_key = false;
    }
    if (indent == 0 && need == 0) break;
  }
  return {reversed.rbegin(), reversed.rend()};
}

std::string Trimmed(std::string_view text) {
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end && (text[begin] == ' ' || text[begin] == '\t')) ++begin;
  while (end > begin && (text[end - 1] == ' ' || text[end - 1] == '\t')) --end;
  text = text.substr(begin, end - begin);
  if (text.size() >= 2 && (text[0] == '"' || text[0] == '\'') && text.back() == text[0]) {
    text = text.substr(1, text.size() - 2);
  }
  return std::string(text);
}

// Reads the cursor's line up to the cursor: its flow mappings and lists,
// and whether a key or which key's value is being written.
void ReadLine(std::string_view content, CursorContext* context) {
  struct Frame {
    char kind;        // 'B' the block mapping, '{' or '['
    std::string key;  // the key whose value is being written in it
    bool expecting_key;
    size_t path_size;  // context->path's size when it opened
  };
  std::vector<Frame> frames = {{'B', "", true, context->path.size()}};
  size_t token = 0;
  for (size_t i = 0; i < content.size(); ++i) {
    const char c = content[i];
    Frame& top = frames.back();
    if (c == '"' || c == '\'') {
      const size_t close = content.find(c, i + 1);
      if (close == std::string_view::npos) break;
      i = close;
    } else if (c == '#' && (i == 0 || content[i - 1] == ' ')) {
      context->key = "#";  // a comment: nothing to complete
      return;
    } else if (c == '{' || c == '[') {
      const size_t size = context->path.size();
      if (!top.key.empty()) context->path.push_back(top.key);
      if (top.kind == '[') context->path.push_back("-");
      frames.push_back({c, c == '[' ? top.key : "", c == '{', size});
      token = i + 1;
    } else if ((c == '}' || c == ']') && frames.size() > 1) {
      context->path.resize(top.path_size);
      frames.pop_back();
      token = i + 1;
    } else if (c == ',' && top.kind == '{') {
      top.expecting_key = true;
      top.key.clear();
      token = i + 1;
    } else if (c == ',') {
      token = i + 1;
    } else if (c == ':' && (i + 1 == content.size() || content[i + 1] == ' ') &&
               top.expecting_key) {
      top.key = Trimmed(content.substr(token, i - token));
      top.expecting_key = false;
      token = i + 1;
    }
  }
  const Frame& top = frames.back();
  context->at_key = top.expecting_key;
  context->key = top.expecting_key ? "" : top.key;
}

}  // namespace

CursorContext ContextAt(std::string_view text, size_t offset) {
  CursorContext context;
  if (offset > text.size()) offset = text.size();
  const std::vector<TextLine> lines = LinesUpTo(text, offset);
  const TextLine& current = lines.back();
  std::string_view before = current.text.substr(0, offset - current.begin);
  size_t indent = IndentOf(before);
  std::string_view content = before.substr(indent);
  bool in_item = false;
  // "- - x": each "- " is an item of a list inside the one before.
  int items = 0;
  while (content.substr(0, 2) == "- ") {
    in_item = true;
    ++items;
    size_t skip = 2;
    while (skip < content.size() && content[skip] == ' ') ++skip;
    content.remove_prefix(skip);
  }
  context.path = BlockPath(lines, indent, in_item);
  for (int k = 0; k < items; ++k) context.path.push_back("-");
  ReadLine(content, &context);
  size_t begin = offset;
  while (begin > 0 && IsWordChar(text[begin - 1])) --begin;
  context.word = std::string(text.substr(begin, offset - begin));
  context.word_begin = begin;
  return context;
}

std::string WordAround(std::string_view text, size_t offset, size_t* begin, size_t* end) {
  if (offset > text.size()) offset = text.size();
  size_t first = offset;
  while (first > 0 && IsWordChar(text[first - 1])) --first;
  size_t last = offset;
  while (last < text.size() && IsWordChar(text[last])) ++last;
  *begin = first;
  *end = last;
  return std::string(text.substr(first, last - first));
}

std::vector<NamedPlace> SectionKeys(std::string_view text, std::string_view section) {
  std::vector<NamedPlace> keys;
  const std::vector<TextLine> lines = LinesUpTo(text, text.size());
  bool inside = false;
  size_t child_indent = 0;
  for (const TextLine& line : lines) {
    if (IsBlankOrComment(line.text)) continue;
    const size_t indent = IndentOf(line.text);
    if (indent == 0) {
      inside = KeyOfLine(line.text) == section;
      child_indent = 0;
      continue;
    }
    if (!inside) continue;
    if (child_indent == 0) child_indent = indent;
    if (indent != child_indent) continue;
    const std::string_view key = KeyOfLine(line.text.substr(indent));
    if (!key.empty()) keys.push_back({Trimmed(key), line.begin + indent});
  }
  return keys;
}

std::vector<NamedPlace> IncludeEntries(std::string_view text) {
  std::vector<NamedPlace> entries;
  const std::vector<TextLine> lines = LinesUpTo(text, text.size());
  bool inside = false;
  for (const TextLine& line : lines) {
    if (IsBlankOrComment(line.text)) continue;
    const size_t indent = IndentOf(line.text);
    std::string_view content = line.text.substr(indent);
    if (indent == 0 && content.substr(0, 2) != "- ") {
      inside = KeyOfLine(content) == "include";
      if (!inside) continue;
      // A value on the same line: one path or a flow list of them.
      size_t at = content.find(':') + 1;
      while (at < content.size()) {
        while (at < content.size() &&
               (content[at] == ' ' || content[at] == '[' || content[at] == ',')) {
          ++at;
        }
        size_t end = at;
        while (end < content.size() && content[end] != ',' && content[end] != ']' &&
               content[end] != '#') {
          ++end;
        }
        const std::string name = Trimmed(content.substr(at, end - at));
        if (!name.empty()) entries.push_back({name, line.begin + indent + at});
        if (end < content.size() && content[end] == '#') break;
        at = end + 1;
      }
      continue;
    }
    if (inside && content.substr(0, 2) == "- ") {
      const std::string name = Trimmed(content.substr(2));
      if (!name.empty()) entries.push_back({name, line.begin + indent + 2});
    }
  }
  return entries;
}

}  // namespace cinc
