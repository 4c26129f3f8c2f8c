#include "lsp/text_positions.h"

namespace cinc {
namespace {

// The byte offset where 0-based line `line` starts, or the text's size.
size_t LineStart(std::string_view text, int line) {
  size_t offset = 0;
  for (int k = 0; k < line; ++k) {
    const size_t end = text.find('\n', offset);
    if (end == std::string_view::npos) return text.size();
    offset = end + 1;
  }
  return offset;
}

// The length in bytes of the UTF-8 sequence led by `lead` (1 for a stray byte).
size_t SequenceLength(unsigned char lead) {
  if (lead >= 0xF0 && lead < 0xF8) return 4;
  if (lead >= 0xE0) return lead < 0xF0 ? 3 : 1;
  if (lead >= 0xC0) return 2;
  return 1;
}

bool AtLineEnd(std::string_view text, size_t offset) {
  return offset >= text.size() || text[offset] == '\n' ||
         (text[offset] == '\r' && offset + 1 < text.size() && text[offset + 1] == '\n');
}

}  // namespace

LspPosition PositionOfColumn(std::string_view text, int line, int column) {
  LspPosition position{line > 0 ? line - 1 : 0, 0};
  size_t offset = LineStart(text, position.line);
  for (int k = 1; k < column && !AtLineEnd(text, offset); ++k) {
    const size_t length = SequenceLength(static_cast<unsigned char>(text[offset]));
    position.character += length == 4 ? 2 : 1;  // beyond the BMP: a surrogate pair
    offset += length;
  }
  return position;
}

size_t OffsetOfPosition(std::string_view text, LspPosition position) {
  size_t offset = LineStart(text, position.line);
  int units = 0;
  while (units < position.character && !AtLineEnd(text, offset)) {
    const size_t length = SequenceLength(static_cast<unsigned char>(text[offset]));
    units += length == 4 ? 2 : 1;
    offset += length;
  }
  return offset > text.size() ? text.size() : offset;
}

}  // namespace cinc
