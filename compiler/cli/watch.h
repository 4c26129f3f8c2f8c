// `--watch` on build and preview: build, then build again on every change
// of the scene or its models, until Ctrl-C.
//
// Contract: WatchAndRebuild calls `build_once`, which builds, prints what a
// build prints, and fills `inputs` with the files it read (the scene and its
// models; what it could learn, also when the build failed). Then it waits
// for any of those files, or the scene, to be written, replaced (editors
// write a new file and rename it), deleted or created again, and builds
// again; a burst of changes (a save that touches several files) gives one
// build after `debounce_ms` of quiet. A save while a build runs is never
// lost: the files already known are watched while it reads them, and a file
// it is the first to name counts as changed if it was written since the
// build began. A failed build keeps the last good
// output (builds write atomically and only when they succeed) and the
// watch goes on; a scene that is deleted waits until it is back. The
// watched files are the scene and every input a build of this run named
// (so a model that fails to read, or that an edit removed, is still
// watched). SIGINT and SIGTERM (Ctrl-C) end it with
// exit status 0; a watch that cannot be set up (no inotify) is exit 3 with
// the reason on `errors`. Linux only (inotify, signalfd).
#ifndef CINC_COMPILER_CLI_WATCH_H_
#define CINC_COMPILER_CLI_WATCH_H_

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace cinc {

struct WatchSettings {
  int debounce_ms = 100;
};

int WatchAndRebuild(const std::string& scene,
                    const std::function<void(std::vector<std::string>* inputs)>& build_once,
                    const WatchSettings& settings, std::ostream& errors);

}  // namespace cinc

#endif  // CINC_COMPILER_CLI_WATCH_H_
