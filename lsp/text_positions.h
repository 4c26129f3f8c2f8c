// Positions in a text as the Language Server Protocol counts them: lines
// from 0, characters in UTF-16 code units (docs/lsp.md).
#ifndef CINC_LSP_TEXT_POSITIONS_H_
#define CINC_LSP_TEXT_POSITIONS_H_

#include <cstddef>
#include <string_view>

namespace cinc {

struct LspPosition {
  int line = 0;       // from 0
  int character = 0;  // UTF-16 code units from the line's start
  friend bool operator==(const LspPosition&, const LspPosition&) = default;
};

// The position of cinc's 1-based line and column (a column counts code
// points, as the YAML reader does); past a line's end, its end.
LspPosition PositionOfColumn(std::string_view text, int line, int column);

// The byte offset of `position` in `text`, clamped to its line's end and to
// the text's end.
size_t OffsetOfPosition(std::string_view text, LspPosition position);

}  // namespace cinc

#endif  // CINC_LSP_TEXT_POSITIONS_H_
