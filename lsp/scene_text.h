// What the text of a scene says around a place, read from the text alone
// so that it works while the scene is half written (docs/lsp.md "Where the
// cursor is"): the keys that lead to it, whether a key or a value is being
// written there, and the word it is in.
#ifndef CINC_LSP_SCENE_TEXT_H_
#define CINC_LSP_SCENE_TEXT_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cinc {

struct CursorContext {
  // The keys from the top to the mapping the cursor is in; "-" for an item
  // of a list: {"objects", "body", "nodes", "-"}.
  std::vector<std::string> path;
  bool at_key = false;  // a key of that mapping is being written
  std::string key;      // else the key whose value is being written ("after")
  std::string word;     // the reference-like word before the cursor ("body.i")
  size_t word_begin = 0;
};

// The context at byte `offset` of `text`. Block mappings and lists are read
// by indentation, flow ones ({...}, [...]) on the cursor's line.
CursorContext ContextAt(std::string_view text, size_t offset);

// The reference-like word (letters, digits, "_-./$") around `offset`:
// [*begin, *end); empty when there is none.
std::string WordAround(std::string_view text, size_t offset, size_t* begin, size_t* end);

struct NamedPlace {
  std::string name;
  size_t offset = 0;  // of the name in the text
};

// The keys one level under the top-level key `section` ("templates"), in
// block style, with where each is written.
std::vector<NamedPlace> SectionKeys(std::string_view text, std::string_view section);

// The top-level `include:` entries (block or flow list) with where each is
// written.
std::vector<NamedPlace> IncludeEntries(std::string_view text);

}  // namespace cinc

#endif  // CINC_LSP_SCENE_TEXT_H_
