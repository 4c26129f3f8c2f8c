// textDocument/codeAction (docs/lsp.md "Quick fixes"): each did-you-mean of
// a diagnostic as a quick fix that writes the suggestion.
#ifndef CINC_LSP_CODE_ACTIONS_H_
#define CINC_LSP_CODE_ACTIONS_H_

#include <string>
#include <string_view>
#include <vector>

#include "core/json_writer.h"

namespace cinc {

// The CodeActions for `diagnostics` (the request's context: the client's
// copies of what was published) in the document `uri` with `text`.
Json CodeActions(const std::string& uri, std::string_view text, const Json& diagnostics);

// What a message suggests: "unknown node 'body.inn' (did you mean 'body.in'?)"
// -> written "body.inn", suggestions {"body.in"}; empty when none.
struct Suggestion {
  std::string written;
  std::vector<std::string> suggestions;
};
Suggestion SuggestionOf(std::string_view message);

}  // namespace cinc

#endif  // CINC_LSP_CODE_ACTIONS_H_
