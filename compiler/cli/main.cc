// cinc: the command line (docs/cli.md). Parses arguments with CLI11 and
// hands over to compiler/cli/commands. CLI11's own exit codes map to 2 (usage).
#include <CLI/CLI.hpp>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "compiler/cli/commands.h"
#include "compiler/cli/docs_location.h"
#include "compiler/cli/huge_pages.h"
#include "compiler/cli/publish.h"
#include "compiler/cli/serve_command.h"
#include "compiler/pipeline/build_memory.h"
#include "compiler/pipeline/output_formats.h"
#include "core/version.h"

namespace {

using cinc::CommandOptions;

// What the command line sets: the options, and the words main maps to them.
struct Parsed {
  CommandOptions options;
  std::string diagnostics_format = "text";
  std::string visibility = "both";
  std::string gltf_for = "gltf";
  std::string graph_format = "dot";
};

// A subcommand and the function that runs it.
struct Subcommand {
  CLI::App* app;
  int (*run)(const CommandOptions& options, std::ostream& out, std::ostream& errors);
};

void AddCommon(CLI::App* command, Parsed* parsed) {
  command
      ->add_option("--diagnostics", parsed->diagnostics_format,
                   "Diagnostics as text, json or sarif")
      ->check(CLI::IsMember({"text", "json", "sarif"}));
  command->add_flag("--werror", parsed->options.werror, "Treat warnings as errors");
}

void AddSceneOptions(CLI::App* command, Parsed* parsed) {
  command->add_option("--allow-outside", parsed->options.allowed_outside,
                      "A folder model files and includes may come from besides the scene's own");
}

// `build --format`: the outputs of compiler/pipeline/output_formats.cc that
// build offers.
void AddFormatOption(CLI::App* build, Parsed* parsed) {
  std::vector<std::string> names;
  std::string help;
  for (const cinc::OutputFormat& format : cinc::OutputFormats()) {
    if (!format.build_option) continue;
    names.emplace_back(format.name);
    help += (help.empty() ? "" : ", ") + names.back() + " (" + std::string(format.summary) + ")";
  }
  build
      ->add_option("--format", parsed->options.format,
                   help + "; default: from -o's extension, else " + names.front())
      ->check(CLI::IsMember(names));
}

// build, preview, check.
void AddBuildCommands(CLI::App* app, Parsed* parsed, std::vector<Subcommand>* commands) {
  CommandOptions& options = parsed->options;
  CLI::App* build = app->add_subcommand("build", "Compile a scene to a sequence JSON");
  build->add_option("scene", options.scene, "The scene file")->required();
  build->add_option("-o,--output", options.output, "The file to write");
  AddFormatOption(build, parsed);
  build->add_option("--visibility", parsed->visibility, "Opacity as vfx cues, scale 0, or both")
      ->check(CLI::IsMember({"cues", "scale", "both"}));
  build->add_option("--depfile", options.depfile, "Write a Makefile depfile");
  build->add_flag("--verify", options.verify,
                  "Replay the sequence against the scene before writing it");
  build->add_flag("--reverse", options.reverse,
                  "Write the disassembly: the scene played backwards");
  build
      ->add_option("--for", parsed->gltf_for,
                   "glb/gltf: the players the keys are fitted for: gltf (glTF players, "
                   "three.js), or blender (LINEAR keys that Blender's importer plays too)")
      ->check(CLI::IsMember({"gltf", "blender"}))
      ->capture_default_str();
  build->add_flag("--watch", options.watch,
                  "Build again whenever the scene or a model changes, until Ctrl-C");
  AddCommon(build, parsed);
  AddSceneOptions(build, parsed);
  commands->push_back({build, cinc::RunBuild});

  CLI::App* preview =
      app->add_subcommand("preview", "Write a web page that plays the scene, offline, in one file");
  preview->add_option("scene", options.scene, "The scene file")->required();
  preview->add_option("-o,--output", options.output, "The page to write (.html)");
  preview->add_option("--depfile", options.depfile, "Write a Makefile depfile");
  preview->add_flag("--reverse", options.reverse,
                    "Play the disassembly: the scene played backwards");
  preview->add_flag("--watch", options.watch,
                    "Write the page again whenever the scene or a model changes, until Ctrl-C");
  AddCommon(preview, parsed);
  AddSceneOptions(preview, parsed);
  commands->push_back({preview, cinc::RunPreview});

  CLI::App* serve = app->add_subcommand(
      "serve", "Serve the preview page over HTTP, built again and pushed on every save");
  serve->add_option("scene", options.scene, "The scene file")->required();
  serve->add_option("--port", options.port, "The port to listen on (0: any free port)")
      ->check(CLI::Range(0, 65535));
  serve->add_option("--host", options.host,
                    "The address to listen on (default 127.0.0.1; another host only when asked)");
  serve->add_flag("--reverse", options.reverse,
                  "Serve the disassembly: the scene played backwards");
  AddCommon(serve, parsed);
  AddSceneOptions(serve, parsed);
  commands->push_back({serve, cinc::RunServe});

  CLI::App* check = app->add_subcommand("check", "Check a scene without writing anything");
  check->add_option("scene", options.scene, "The scene file")->required();
  AddCommon(check, parsed);
  AddSceneOptions(check, parsed);
  commands->push_back({check, cinc::RunCheck});
}

// resolve, graph, timeline, eval: what the compiled scene holds.
void AddSceneCommands(CLI::App* app, Parsed* parsed, std::vector<Subcommand>* commands) {
  CommandOptions& options = parsed->options;
  CLI::App* resolve = app->add_subcommand("resolve", "Print every node's resolved start and end");
  resolve->add_option("scene", options.scene, "The scene file")->required();
  resolve->add_flag("--critical-path", options.critical_path,
                    "Add the chain of relations that fixes the duration");
  AddCommon(resolve, parsed);
  AddSceneOptions(resolve, parsed);
  commands->push_back({resolve, cinc::RunResolve});

  CLI::App* graph =
      app->add_subcommand("graph", "Print the timing relations and attachments as Graphviz DOT");
  graph->add_option("scene", options.scene, "The scene file")->required();
  graph->add_option("--format", parsed->graph_format, "The graph's format")
      ->check(CLI::IsMember({"dot"}));
  graph->add_option("-o,--output", options.output, "Write the graph here instead of stdout");
  AddCommon(graph, parsed);
  AddSceneOptions(graph, parsed);
  commands->push_back({graph, cinc::RunGraph});

  CLI::App* timeline = app->add_subcommand(
      "timeline", "Draw the resolved timeline and its critical path as an SVG Gantt chart");
  timeline->add_option("scene", options.scene, "The scene file")->required();
  timeline->add_option("-o,--output", options.output,
                       "The picture to write (default: SCENE-stem.timeline.svg beside the scene)");
  AddCommon(timeline, parsed);
  AddSceneOptions(timeline, parsed);
  commands->push_back({timeline, cinc::RunTimeline});

  CLI::App* parts =
      app->add_subcommand("parts", "List each chapter's parts with counts, then the total");
  parts->add_option("scene", options.scene, "The scene file")->required();
  CLI::Option* json = parts->add_flag("--json", options.json, "Print JSON");
  parts->add_flag("--csv", options.csv, "Print CSV (RFC 4180)")->excludes(json);
  parts->add_option("-o,--output", options.output, "Write the list here instead of stdout");
  AddCommon(parts, parsed);
  AddSceneOptions(parts, parsed);
  commands->push_back({parts, cinc::RunParts});

  CLI::App* eval = app->add_subcommand("eval", "Print the exact state at a time");
  eval->add_option("file", options.scene, "A scene or a sequence file")->required();
  eval->add_option("--time", options.time, "Seconds, an exact decimal")->required();
  eval->add_option("--every", options.every,
                   "Also every this many seconds after --time, to the end: a JSON array");
  eval->add_flag("--reverse", options.reverse,
                 "The state of the disassembly: at t, the scene's state at its duration - t");
  AddCommon(eval, parsed);
  AddSceneOptions(eval, parsed);
  commands->push_back({eval, cinc::RunEval});
}

// validate, verify, markers, schema: sequences, models and schemas.
void AddFileCommands(CLI::App* app, Parsed* parsed, std::vector<Subcommand>* commands) {
  CommandOptions& options = parsed->options;
  CLI::App* validate = app->add_subcommand("validate", "Check a sequence file against the format");
  validate->add_option("sequence", options.scene, "The sequence file")->required();
  AddCommon(validate, parsed);
  commands->push_back({validate, cinc::RunValidate});

  CLI::App* verify =
      app->add_subcommand("verify", "Replay a sequence against the scene's exact state");
  verify->add_option("scene", options.scene, "The scene file")->required();
  verify->add_option("sequence", options.sequence, "The sequence file (its first shard)")
      ->required();
  verify->add_flag("--json", options.json, "Print JSON instead of a table");
  verify->add_flag("--reverse", options.reverse,
                   "The sequence is the disassembly (built with --reverse)");
  AddCommon(verify, parsed);
  AddSceneOptions(verify, parsed);
  commands->push_back({verify, cinc::RunVerify});

  CLI::App* markers = app->add_subcommand("markers", "List a model's markers and LODs");
  markers->add_option("model", options.scene, "The model file (glTF, GLB, FBX, .blend, ...)")
      ->required();
  markers->add_flag("--json", options.json, "Print JSON instead of a table");
  AddCommon(markers, parsed);
  commands->push_back({markers, cinc::RunMarkers});

  CLI::App* lsp =
      app->add_subcommand("lsp", "Answer an editor as a Language Server Protocol server on stdio");
  commands->push_back({lsp, cinc::RunLsp});

  CLI::App* schema = app->add_subcommand("schema", "Print a JSON Schema");
  schema->add_option("name", options.schema_name, "scene or sequence")
      ->required()
      ->check(CLI::IsMember({"scene", "sequence"}));
  commands->push_back({schema, cinc::RunSchema});
}

// --size and --view of render, stills and booklet.
void AddPictureOptions(CLI::App* command, cinc::PublishOptions* publish, const char* size) {
  command->add_option("--size", publish->size, "WIDTHxHEIGHT in pixels")->default_str(size);
  command->add_option("--view", publish->view, "The camera view, or the orbit view")
      ->check(CLI::IsMember({"camera", "orbit"}))
      ->capture_default_str();
}

// render, stills, booklet: pictures of the preview page (docs/publishing.md).
void AddPublishCommands(CLI::App* app, Parsed* parsed, std::vector<Subcommand>* commands) {
  CommandOptions& options = parsed->options;
  cinc::PublishOptions& publish = options.publish;
  CLI::App* render =
      app->add_subcommand("render", "Render the scene to an MP4 or WebM video, or PNG frames");
  render->add_option("scene", options.scene, "The scene file")->required();
  render->add_option("-o,--output", options.output, "OUT.mp4, OUT.webm, or DIR/ for PNG frames")
      ->required();
  render->add_option("--fps", publish.fps, "Frames a second, 1 to 240")->capture_default_str();
  AddPictureOptions(render, &publish, "1920x1080");
  render->add_flag("--reverse", options.reverse,
                   "Render the disassembly: the scene played backwards");
  CLI::Option* from = render->add_option("--from", publish.from, "Start at this many seconds");
  CLI::Option* to = render->add_option("--to", publish.to, "End at this many seconds");
  render->add_option("--chapter", publish.chapter, "Only chapter N (from 1): its start to its end")
      ->excludes(from)
      ->excludes(to);
  render->add_option("--frames", publish.frames,
                     "FIRST:END: only frames FIRST to END - 1 of the range, to split a render");
  render->add_option("--sounds", publish.sounds,
                     "DIR holding NAME.wav, .ogg or .flac: mix the scene's sounds into the video");
  AddCommon(render, parsed);
  AddSceneOptions(render, parsed);
  commands->push_back({render, cinc::RunRender});

  CLI::App* stills = app->add_subcommand("stills", "Write a PNG of each chapter, NN-label.png");
  stills->add_option("scene", options.scene, "The scene file")->required();
  stills->add_option("-o,--output", options.output, "The folder to write the PNGs into")
      ->required();
  AddPictureOptions(stills, &publish, "1920x1080");
  stills
      ->add_option("--at", publish.at,
                   "start, end, or seconds from the chapter's start (at most its length)")
      ->capture_default_str();
  stills->add_option("--background", publish.background, "The scene's colour, or transparent")
      ->check(CLI::IsMember({"scene", "transparent"}))
      ->capture_default_str();
  AddCommon(stills, parsed);
  AddSceneOptions(stills, parsed);
  commands->push_back({stills, cinc::RunStills});

  CLI::App* booklet =
      app->add_subcommand("booklet", "Write the printable instruction booklet, HTML or PDF");
  booklet->add_option("scene", options.scene, "The scene file")->required();
  booklet->add_option("-o,--output", options.output, "OUT.html or OUT.pdf")->required();
  booklet->add_option("--paper", publish.paper, "The paper size")
      ->check(CLI::IsMember({"a4", "letter"}))
      ->capture_default_str();
  AddPictureOptions(booklet, &publish, "1280x720");
  AddCommon(booklet, parsed);
  AddSceneOptions(booklet, parsed);
  commands->push_back({booklet, cinc::RunBooklet});
}

// The words of --diagnostics, --visibility and --for as options.
void MapWords(Parsed* parsed) {
  static const std::map<std::string, cinc::DiagnosticsFormat> kFormats = {
      {"text", cinc::DiagnosticsFormat::kText},
      {"json", cinc::DiagnosticsFormat::kJson},
      {"sarif", cinc::DiagnosticsFormat::kSarif}};
  static const std::map<std::string, cinc::EmitSettings::Visibility> kVisibilities = {
      {"cues", cinc::EmitSettings::Visibility::kCues},
      {"scale", cinc::EmitSettings::Visibility::kScale},
      {"both", cinc::EmitSettings::Visibility::kBoth}};
  CommandOptions& options = parsed->options;
  options.diagnostics_format = kFormats.at(parsed->diagnostics_format);
  if (options.diagnostics_format == cinc::DiagnosticsFormat::kSarif) {
    options.docs_base_uri = cinc::DocsBaseUri();
  }
  options.emit.visibility = kVisibilities.at(parsed->visibility);
  options.gltf_profile =
      parsed->gltf_for == "blender" ? cinc::GltfProfile::kBlender : cinc::GltfProfile::kGltf;
}

}  // namespace

int main(int argc, char** argv) {
  const bool restarted = cinc::RestoreEnvironmentAfterRestart();
  CLI::App app{"cinc: compiles assembly animation scenes to cinema sequences"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show every subcommand's options");
  app.set_version_flag("--version", std::string("cinc ") + cinc::kCincVersion,
                       "Print cinc's version and exit");
  cinc::TuneAllocatorForOneCommand();
  cinc::KeepMemoryForUnwinding();
  Parsed parsed;
  parsed.options.free_memory = false;  // the process ends with the command
  std::vector<Subcommand> commands;
  AddBuildCommands(&app, &parsed, &commands);
  AddSceneCommands(&app, &parsed, &commands);
  AddFileCommands(&app, &parsed, &commands);
  AddPublishCommands(&app, &parsed, &commands);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    int status = app.exit(error);
    return status == 0 ? 0 : cinc::kExitUsage;
  }
  MapWords(&parsed);
  const CommandOptions& options = parsed.options;
  // A large input: once more from the start, with the heap on huge pages
  // (compiler/cli/huge_pages.h). Nothing has been read or written yet.
  cinc::RestartWithHugePagesIfWorthIt(argv, options.scene, restarted);

  // Stages report through diagnostics and do not throw; anything that still
  // escapes (a bad_alloc, a library bug) is an internal error, never a crash.
  try {
    for (const Subcommand& command : commands) {
      if (command.app->parsed()) return command.run(options, std::cout, std::cerr);
    }
  } catch (const std::exception& error) {
    cinc::ReportInternalError(error.what(), options, std::cerr);
    return cinc::kExitInternal;
  }
  return cinc::kExitUsage;
}
