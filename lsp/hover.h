// textDocument/hover (docs/lsp.md "Hover"): a node's resolved times, what
// fixes its start and its slack; a marker's pose; a pattern's copies.
#ifndef CINC_LSP_HOVER_H_
#define CINC_LSP_HOVER_H_

#include <cstddef>
#include <string_view>

#include "core/json_writer.h"
#include "lsp/scene_view.h"
#include "resolver/references.h"

namespace cinc {

// The Hover at byte `offset`, or null when there is nothing to say.
Json Hover(const SceneView& view, size_t offset);

// The node a word names where the cursor is: `owner.id`, or `id` in
// `owner`'s list; -1 when none.
int NodeOfWord(const NodeTable& table, std::string_view owner, std::string_view word);

// How much later node `number` could end without moving the sequence's end:
// the duration less the latest end among it and every node that waits on
// it, directly or through others (docs/lsp.md "Hover").
ExactTime SlackOf(const Timeline& timeline, const NodeTable& table, int number);

}  // namespace cinc

#endif  // CINC_LSP_HOVER_H_
