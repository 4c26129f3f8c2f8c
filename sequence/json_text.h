// JSON text helpers for reading sequences: nesting depth, places in the text.
//
// Contract: pure functions of the text, no recursion (a document nested
// 100,000 deep is scanned in a loop). Lines and columns are 1-based, columns
// count UTF-8 code points (as the diagnostic printer's caret does). The
// pointer locator expects text that parses as JSON; on anything else it
// simply finds fewer places.
#ifndef CINC_SEQUENCE_JSON_TEXT_H_
#define CINC_SEQUENCE_JSON_TEXT_H_

#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "core/diagnostics.h"

namespace cinc {

// The deepest nesting of [ and { outside strings, and the byte offset of the
// first bracket that went past `limit` (npos when none did).
struct NestingScan {
  int max_depth = 0;
  size_t first_too_deep = std::string_view::npos;
};
NestingScan ScanNesting(std::string_view text, int limit);

// The line and column of the byte at `offset` (0-based; past the end = the end).
SourceLocation LocationOfOffset(std::string_view text, size_t offset);

// For each JSON pointer of `pointers` found in `text`: where it starts. An
// object member's place is its key's opening quote, an array element's its
// first character, the root ("") the document's first character. A key
// written twice is found at its last occurrence (the one nlohmann keeps).
std::map<std::string, SourceLocation> LocateJsonPointers(std::string_view text,
                                                         const std::set<std::string>& pointers);

}  // namespace cinc

#endif  // CINC_SEQUENCE_JSON_TEXT_H_
