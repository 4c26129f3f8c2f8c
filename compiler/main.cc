// cinc: the command line (SPEC section 11). Parses arguments with CLI11 and
// hands over to compiler/commands. CLI11's own exit codes map to 2 (usage).
#include <CLI/CLI.hpp>
#include <iostream>
#include <map>

#include "compiler/commands.h"

int main(int argc, char** argv) {
  using cinc::CommandOptions;
  CLI::App app{"cinc: compiles assembly animation scenes to cinema sequences"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Show every subcommand's options");

  CommandOptions options;
  std::string diagnostics_format = "text";
  std::string visibility = "both";
  auto add_common = [&](CLI::App* command) {
    command->add_option("--diagnostics", diagnostics_format, "Diagnostics as text, json or sarif")
        ->check(CLI::IsMember({"text", "json", "sarif"}));
    command->add_flag("--werror", options.werror, "Treat warnings as errors");
  };

  CLI::App* build = app.add_subcommand("build", "Compile a scene to a sequence JSON");
  build->add_option("scene", options.scene, "The scene file")->required();
  build->add_option("-o,--output", options.output, "The sequence to write");
  build->add_option("--visibility", visibility, "Opacity as vfx cues, scale 0, or both")
      ->check(CLI::IsMember({"cues", "scale", "both"}));
  build->add_option("--depfile", options.depfile, "Write a Makefile depfile");
  add_common(build);

  CLI::App* check = app.add_subcommand("check", "Check a scene without writing anything");
  check->add_option("scene", options.scene, "The scene file")->required();
  add_common(check);

  CLI::App* resolve = app.add_subcommand("resolve", "Print every node's resolved start and end");
  resolve->add_option("scene", options.scene, "The scene file")->required();
  add_common(resolve);

  CLI::App* eval = app.add_subcommand("eval", "Print the exact state at a time");
  eval->add_option("scene", options.scene, "The scene file")->required();
  eval->add_option("--time", options.time, "Seconds, an exact decimal")->required();
  add_common(eval);

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
  options.emit.visibility = kVisibilities.at(visibility);

  if (build->parsed()) return cinc::RunBuild(options, std::cout, std::cerr);
  if (check->parsed()) return cinc::RunCheck(options, std::cout, std::cerr);
  if (resolve->parsed()) return cinc::RunResolve(options, std::cout, std::cerr);
  if (eval->parsed()) return cinc::RunEval(options, std::cout, std::cerr);
  return cinc::kExitUsage;
}
