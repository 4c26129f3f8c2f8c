// `cinc serve SCENE [--port P] [--host H] [--reverse]` (docs/cli.md#cinc-serve):
// the preview page over HTTP, built again on every save, pushed to every
// open page.
//
// Contract: listens on `options.host` at `options.port` (0: any free port)
// and prints `serving URL (Ctrl-C stops)` on `out` once it does; then builds
// the preview (as `cinc preview` does, the page's data saying which build it
// is) and builds again on every change of the scene, an included file or a
// model (compiler/cli/watch.h). A good build is served at `/` and announced
// to the open pages (`build N` on `out`); a failed one prints its
// diagnostics on `errors` as a build does and sends them to the open pages
// (the first kMaxShownProblems of them, with their source lines), which keep
// the last good build. SIGINT and SIGTERM stop it: the port is closed, exit
// status 0. A port that cannot be listened on is exit status 3.
#ifndef CINC_COMPILER_CLI_SERVE_COMMAND_H_
#define CINC_COMPILER_CLI_SERVE_COMMAND_H_

#include <cstddef>
#include <ostream>

#include "compiler/cli/commands.h"

namespace cinc {

inline constexpr size_t kMaxShownProblems = 50;

int RunServe(const CommandOptions& options, std::ostream& out, std::ostream& errors);

// The report a failed build sends to the pages: {"build", "errors" (how many
// errors), "diagnostics": [{file, line, column, severity, code, message,
// source (the line's text, when it can be read)}], "more" (not listed)}.
std::string BuildErrorsJson(long long build, const Diagnostics& diagnostics);

}  // namespace cinc

#endif  // CINC_COMPILER_CLI_SERVE_COMMAND_H_
