// `cinc render`, `cinc stills` and `cinc booklet` (docs/publishing.md): the
// scene's preview page made in memory as `cinc preview` makes it, then
// pictures of it taken by render/ in Chromium. Exit status: 0 done, 1 scene
// errors or a render or output that failed (E_RENDER, E_OUTPUT), 2 usage
// (E_USAGE, or E_OUTPUT for an output that is an input). An existing output
// is replaced only when everything worked.
#ifndef CINC_COMPILER_CLI_PUBLISH_H_
#define CINC_COMPILER_CLI_PUBLISH_H_

#include <ostream>

#include "compiler/cli/commands.h"

namespace cinc {

// `cinc render SCENE -o OUT.mp4|OUT.webm|DIR/`: the video, or the frames.
int RunRender(const CommandOptions& options, std::ostream& out, std::ostream& errors);
// `cinc stills SCENE -o DIR`: a PNG per chapter, NN-label.png.
int RunStills(const CommandOptions& options, std::ostream& out, std::ostream& errors);
// `cinc booklet SCENE -o OUT.html|OUT.pdf`: the printable instruction.
int RunBooklet(const CommandOptions& options, std::ostream& out, std::ostream& errors);

}  // namespace cinc

#endif  // CINC_COMPILER_CLI_PUBLISH_H_
