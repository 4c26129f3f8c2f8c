// A scene's diagnostics as the Language Server Protocol publishes them
// (textDocument/publishDiagnostics, docs/lsp.md "Diagnostics").
#ifndef CINC_LSP_PUBLISH_DIAGNOSTICS_H_
#define CINC_LSP_PUBLISH_DIAGNOSTICS_H_

#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "core/diagnostics.h"
#include "core/json_writer.h"
#include "lsp/scene_analysis.h"

namespace cinc {

// The text of a file, for positions: the editor's unsaved text or the file's.
using TextOfFile = std::function<std::string(const std::string& path)>;

// An LSP Range from cinc's 1-based line and column: from that place to the
// end of the word (scalar) written there; line 0 is the file's start, column
// 0 the whole line.
Json RangeAt(std::string_view text, SourceLocation location);
Json RangeOfBytes(std::string_view text, size_t begin, size_t end);

// One Diagnostic: range, severity (1 error, 2 warning), code, source
// "cinc", message; for E_TIMING_CYCLE, relatedInformation at each node of
// the cycle that the analysis knows.
Json LspDiagnostic(const Diagnostic& diagnostic, std::string_view text,
                   const SceneAnalysis& analysis, const TextOfFile& text_of);

// The diagnostics of every file the analysis reports problems in, by path
// (the scene's own path always present, with an empty list when clean).
std::map<std::string, Json> DiagnosticsByFile(const SceneAnalysis& analysis,
                                              const TextOfFile& text_of);

}  // namespace cinc

#endif  // CINC_LSP_PUBLISH_DIAGNOSTICS_H_
