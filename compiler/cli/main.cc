// cinc: the command line (docs/cli.md). Parses arguments with CLI11 and
// hands over to compiler/cli/commands. CLI11's own exit codes map to 2 (usage).
#include <CLI/CLI.hpp>
#include <iostream>
#include <map>

// After a standard header, which defines __GLIBC__ on glibc.
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "compiler/cli/commands.h"
#include "compiler/cli/docs_location.h"
#include "compiler/cli/huge_pages.h"
#include "core/version.h"

int main(int argc, char** argv) {
  using cinc::CommandOptions;
  const bool restarted = cinc::RestoreEnvironmentAfterRestart();
  CLI::App app{"cinc: compiles assembly animation scenes to cinema sequences"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show every subcommand's options");
  app.set_version_flag("--version", std::string("cinc ") + cinc::kCincVersion,
                       "Print cinc's version and exit");

  // A fixed threshold: blocks of 256 KB and more are mapped and given back to
  // the system when freed. glibc otherwise raises the threshold after the
  // first large free, and a large scene's freed temporaries (the resolver's
  // tables) then stay in the process: 12 MB of peak memory at 100,000 nodes.
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
  CommandOptions options;
  options.free_memory = false;  // the process ends with the command
  std::string diagnostics_format = "text";
  std::string visibility = "both";
  auto add_common = [&](CLI::App* command) {
    command->add_option("--diagnostics", diagnostics_format, "Diagnostics as text, json or sarif")
        ->check(CLI::IsMember({"text", "json", "sarif"}));
    command->add_flag("--werror", options.werror, "Treat warnings as errors");
  };
  auto add_scene_options = [&](CLI::App* command) {
    command->add_option("--allow-outside", options.allowed_outside,
                        "A folder model files and includes may come from besides the scene's own");
  };

  CLI::App* build = app.add_subcommand("build", "Compile a scene to a sequence JSON");
  build->add_option("scene", options.scene, "The scene file")->required();
  build->add_option("-o,--output", options.output, "The file to write");
  build
      ->add_option("--format", options.format,
                   "sequence (the cinema sequence JSON), glb or gltf (an animated glTF asset); "
                   "default: from -o's extension, else sequence")
      ->check(CLI::IsMember({"sequence", "glb", "gltf"}));
  build->add_option("--visibility", visibility, "Opacity as vfx cues, scale 0, or both")
      ->check(CLI::IsMember({"cues", "scale", "both"}));
  build->add_option("--depfile", options.depfile, "Write a Makefile depfile");
  build->add_flag("--verify", options.verify,
                  "Replay the sequence against the scene before writing it");
  build->add_flag("--reverse", options.reverse,
                  "Write the disassembly: the scene played backwards");
  build->add_flag("--watch", options.watch,
                  "Build again whenever the scene or a model changes, until Ctrl-C");
  add_common(build);
  add_scene_options(build);

  CLI::App* preview =
      app.add_subcommand("preview", "Write a web page that plays the scene, offline, in one file");
  preview->add_option("scene", options.scene, "The scene file")->required();
  preview->add_option("-o,--output", options.output, "The page to write (.html)");
  preview->add_option("--depfile", options.depfile, "Write a Makefile depfile");
  preview->add_flag("--reverse", options.reverse,
                    "Play the disassembly: the scene played backwards");
  preview->add_flag("--watch", options.watch,
                    "Write the page again whenever the scene or a model changes, until Ctrl-C");
  add_common(preview);
  add_scene_options(preview);

  CLI::App* check = app.add_subcommand("check", "Check a scene without writing anything");
  check->add_option("scene", options.scene, "The scene file")->required();
  add_common(check);
  add_scene_options(check);

  CLI::App* resolve = app.add_subcommand("resolve", "Print every node's resolved start and end");
  resolve->add_option("scene", options.scene, "The scene file")->required();
  resolve->add_flag("--critical-path", options.critical_path,
                    "Add the chain of relations that fixes the duration");
  add_common(resolve);
  add_scene_options(resolve);

  CLI::App* graph =
      app.add_subcommand("graph", "Print the timing relations and attachments as Graphviz DOT");
  graph->add_option("scene", options.scene, "The scene file")->required();
  std::string graph_format = "dot";
  graph->add_option("--format", graph_format, "The graph's format")->check(CLI::IsMember({"dot"}));
  graph->add_option("-o,--output", options.output, "Write the graph here instead of stdout");
  add_common(graph);
  add_scene_options(graph);

  CLI::App* timeline = app.add_subcommand(
      "timeline", "Draw the resolved timeline and its critical path as an SVG Gantt chart");
  timeline->add_option("scene", options.scene, "The scene file")->required();
  timeline->add_option("-o,--output", options.output,
                       "The picture to write (default: SCENE-stem.timeline.svg beside the scene)");
  add_common(timeline);
  add_scene_options(timeline);

  CLI::App* eval = app.add_subcommand("eval", "Print the exact state at a time");
  eval->add_option("file", options.scene, "A scene or a sequence file")->required();
  eval->add_option("--time", options.time, "Seconds, an exact decimal")->required();
  eval->add_option("--every", options.every,
                   "Also every this many seconds after --time, to the end: a JSON array");
  eval->add_flag("--reverse", options.reverse,
                 "The state of the disassembly: at t, the scene's state at its duration - t");
  add_common(eval);
  add_scene_options(eval);

  CLI::App* validate = app.add_subcommand("validate", "Check a sequence file against the format");
  validate->add_option("sequence", options.scene, "The sequence file")->required();
  add_common(validate);

  CLI::App* verify =
      app.add_subcommand("verify", "Replay a sequence against the scene's exact state");
  verify->add_option("scene", options.scene, "The scene file")->required();
  verify->add_option("sequence", options.sequence, "The sequence file (its first shard)")
      ->required();
  verify->add_flag("--json", options.json, "Print JSON instead of a table");
  verify->add_flag("--reverse", options.reverse,
                   "The sequence is the disassembly (built with --reverse)");
  add_common(verify);
  add_scene_options(verify);

  CLI::App* markers = app.add_subcommand("markers", "List a model's markers and LODs");
  markers->add_option("model", options.scene, "The model file (glTF, GLB, FBX, .blend, ...)")
      ->required();
  markers->add_flag("--json", options.json, "Print JSON instead of a table");
  add_common(markers);

  CLI::App* schema = app.add_subcommand("schema", "Print a JSON Schema");
  schema->add_option("name", options.schema_name, "scene or sequence")
      ->required()
      ->check(CLI::IsMember({"scene", "sequence"}));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    int status = app.exit(error);
    return status == 0 ? 0 : cinc::kExitUsage;
  }

  static const std::map<std::string, cinc::DiagnosticsFormat> kFormats = {
      {"text", cinc::DiagnosticsFormat::kText},
      {"json", cinc::DiagnosticsFormat::kJson},
      {"sarif", cinc::DiagnosticsFormat::kSarif}};
  static const std::map<std::string, cinc::EmitSettings::Visibility> kVisibilities = {
      {"cues", cinc::EmitSettings::Visibility::kCues},
      {"scale", cinc::EmitSettings::Visibility::kScale},
      {"both", cinc::EmitSettings::Visibility::kBoth}};
  options.diagnostics_format = kFormats.at(diagnostics_format);
  if (options.diagnostics_format == cinc::DiagnosticsFormat::kSarif) {
    options.docs_base_uri = cinc::DocsBaseUri();
  }
  options.emit.visibility = kVisibilities.at(visibility);
  // A large input: once more from the start, with the heap on huge pages
  // (compiler/cli/huge_pages.h). Nothing has been read or written yet.
  cinc::RestartWithHugePagesIfWorthIt(argv, options.scene, restarted);

  // Stages report through diagnostics and do not throw; anything that still
  // escapes (a bad_alloc, a library bug) is an internal error, never a crash.
  try {
    if (build->parsed()) return cinc::RunBuild(options, std::cout, std::cerr);
    if (preview->parsed()) return cinc::RunPreview(options, std::cout, std::cerr);
    if (check->parsed()) return cinc::RunCheck(options, std::cout, std::cerr);
    if (resolve->parsed()) return cinc::RunResolve(options, std::cout, std::cerr);
    if (graph->parsed()) return cinc::RunGraph(options, std::cout, std::cerr);
    if (timeline->parsed()) return cinc::RunTimeline(options, std::cout, std::cerr);
    if (eval->parsed()) return cinc::RunEval(options, std::cout, std::cerr);
    if (validate->parsed()) return cinc::RunValidate(options, std::cout, std::cerr);
    if (verify->parsed()) return cinc::RunVerify(options, std::cout, std::cerr);
    if (markers->parsed()) return cinc::RunMarkers(options, std::cout, std::cerr);
    if (schema->parsed()) return cinc::RunSchema(options, std::cout, std::cerr);
  } catch (const std::exception& error) {
    cinc::ReportInternalError(error.what(), options, std::cerr);
    return cinc::kExitInternal;
  }
  return cinc::kExitUsage;
}
