// The subcommands of `cinc` (docs/cli.md), each a function from options
// to an exit status: 0 success (warnings allowed), 1 errors in the input,
// 2 usage, 3 an output that could not be written or an internal error.
// Diagnostics go to `errors` (stderr), results to `out` (stdout).
#ifndef CINC_COMPILER_CLI_COMMANDS_H_
#define CINC_COMPILER_CLI_COMMANDS_H_

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/cli/diagnostic_printer.h"
#include "compiler/pipeline/output_formats.h"
#include "compiler/pipeline/pipeline.h"
#include "emit/emit_sequence.h"

namespace cinc {

enum ExitStatus { kExitSuccess = 0, kExitInputError = 1, kExitUsage = 2, kExitInternal = 3 };

// The options of `cinc render`, `cinc stills` and `cinc booklet`
// (compiler/cli/publish.h), as the command line gives them.
struct PublishOptions {
  int fps = 30;
  std::string size;                  // WxH; empty: the command's default
  std::string view = "camera";       // camera | orbit
  std::optional<double> from;        // render: seconds
  std::optional<double> to;          // render: seconds
  std::optional<int> chapter;        // render: 1-based
  std::string frames;                // render: A:B, the slice
  std::string sounds;                // render: --sounds DIR; empty: no sound track
  std::string at = "end";            // stills: start | end | seconds from the chapter's start
  std::string background = "scene";  // stills: scene | transparent
  std::string paper = "a4";          // booklet: a4 | letter
};

struct CommandOptions {
  std::string scene;                         // the scene (or, for eval, a scene or a sequence)
  std::string output;                        // build: -o; empty means beside the scene
  std::string format;                        // build: --format; empty: from -o's extension
  std::string depfile;                       // build: --depfile
  std::string time;                          // eval: --time, an exact decimal number of seconds
  std::string every;                         // eval: --every, states from --time to the end
  std::vector<std::string> allowed_outside;  // --allow-outside: more roots for model files
  EmitSettings emit;
  DiagnosticsFormat diagnostics_format = DiagnosticsFormat::kText;
  std::string docs_base_uri;  // SARIF's helpUri base (compiler/cli/docs_location.h), found once
  bool werror = false;
  bool json = false;     // markers, verify, parts: --json
  bool csv = false;      // parts: --csv
  bool verify = false;   // build: --verify
  bool reverse = false;  // build, preview, eval, verify: --reverse (the disassembly)
  GltfProfile gltf_profile = GltfProfile::kGltf;  // build --for: the players a glTF is fitted for
  bool watch = false;                             // build, preview: --watch (compiler/cli/watch.h)
  bool critical_path = false;      // resolve: --critical-path (resolver/critical_path.h)
  std::string sequence;            // verify: the sequence file (its first shard)
  std::string schema_name;         // schema: scene | sequence
  PublishOptions publish;          // render, stills, booklet
  std::string host = "127.0.0.1";  // serve: --host
  int port = 0;                    // serve: --port; 0: any free port
  // False when the process exits right after the command (main): a build
  // (but a watch's) then leaves its memory to the operating system.
  bool free_memory = true;
};

int RunBuild(const CommandOptions& options, std::ostream& out, std::ostream& errors);
int RunCheck(const CommandOptions& options, std::ostream& out, std::ostream& errors);
// `cinc preview SCENE [-o OUT.html]`: the page that plays the scene
// (preview/preview_page.h), written as build writes its files.
int RunPreview(const CommandOptions& options, std::ostream& out, std::ostream& errors);
int RunResolve(const CommandOptions& options, std::ostream& out, std::ostream& errors);
// `cinc graph SCENE [--format dot] [-o OUT]`: the timing relations and
// attachments as Graphviz DOT (views/graph_dot.h), on stdout or into OUT. A
// scene with errors prints them and exits 1, drawing what it can (a cycle
// marked).
int RunGraph(const CommandOptions& options, std::ostream& out, std::ostream& errors);
// `cinc timeline SCENE [-o OUT.svg]`: the resolved timeline as an SVG Gantt
// chart with the critical path (views/timeline_svg.h), into OUT or
// `SCENE-stem.timeline.svg` beside the scene. A scene with errors prints
// them, writes nothing and exits 1.
int RunTimeline(const CommandOptions& options, std::ostream& out, std::ostream& errors);
// `cinc parts`: each chapter's parts with counts, then the total (text, or
// --json, --csv), on stdout or to -o.
int RunParts(const CommandOptions& options, std::ostream& out, std::ostream& errors);
// `cinc eval SCENE|SEQUENCE --time t`: a scene's exact state (docs/state.md)
// or a sequence's evaluation (docs/sequence-format.md).
int RunEval(const CommandOptions& options, std::ostream& out, std::ostream& errors);
// `cinc verify SCENE SEQUENCE [--json]`: replays the sequence (and its
// shards) against the scene's exact state (verify/verify.h); E_VERIFY, exit 1,
// when an error is over the tolerance.
int RunVerify(const CommandOptions& options, std::ostream& out, std::ostream& errors);
// `cinc validate SEQUENCE`: every problem of a sequence file, with its code.
int RunValidate(const CommandOptions& options, std::ostream& out, std::ostream& errors);
// `cinc markers MODEL [--json]`: the model's markers and LODs (docs/importers.md).
int RunMarkers(const CommandOptions& options, std::ostream& out, std::ostream& errors);
// `cinc schema scene|sequence`: prints the JSON Schema.
int RunSchema(const CommandOptions& options, std::ostream& out, std::ostream& errors);

// `cinc lsp`: the language server on stdin and stdout (lsp/lsp_server.h)
// until the editor says exit.
int RunLsp(const CommandOptions& options, std::ostream& out, std::ostream& errors);

// Prints the diagnostics (warnings promoted by --werror, sorted) in the
// chosen format; whether they hold no error.
bool Report(Diagnostics* diagnostics, const CommandOptions& options, std::ostream& errors);

// Whether the outputs may be written, checked before any is: E_OUTPUT for
// one that is an input of the build (the scene, an include, a model) or
// named twice, E_PATH for a path the depfile cannot hold. The exit status
// for what was reported, or kExitSuccess.
int CheckOutputPaths(const std::vector<std::string>& outputs, const std::string& depfile,
                     const std::vector<std::string>& inputs, Diagnostics* diagnostics);

// An exception that escaped a command (a bad_alloc, a library bug) as an
// E_INTERNAL diagnostic in the chosen format.
void ReportInternalError(const std::string& what, const CommandOptions& options,
                         std::ostream& errors);

// --format, else the format -o's extension chooses (.glb, .gltf), else the
// first (the sequence): a row of compiler/pipeline/output_formats.cc.
const OutputFormat& FormatOf(const CommandOptions& options);
// What a build of the options makes (build, preview, serve): the format,
// the output path, the emit settings, the parts panel of a preview.
BuildSettings BuildSettingsOf(const CommandOptions& options);

// OutputBesideScene("dir/scene.yaml", ".timeline.svg") is
// "dir/scene.timeline.svg".
std::string OutputBesideScene(const std::string& scene_path, std::string_view suffix);
// `scene.yaml` -> `scene.sequence.json` (the format's default_suffix) in the
// same folder.
std::string DefaultOutputPath(const std::string& scene_path, const OutputFormat& format);

}  // namespace cinc

#endif  // CINC_COMPILER_CLI_COMMANDS_H_
