#include "compiler/commands.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "compiler/pipeline.h"
#include "compiler/scene_loader.h"
#include "compiler/schemas.h"
#include "compiler/watch.h"
#include "core/atomic_file.h"
#include "core/json_writer.h"
#include "core/number_format.h"
#include "emit/reverse_sequence.h"
#include "emit/shards.h"
#include "importers/import_model.h"
#include "importers/model.h"
#include "markers/state.h"
#include "resolver/critical_path.h"
#include "resolver/dependency_graph.h"
#include "resolver/resolve_output.h"
#include "sequence/evaluation_json.h"
#include "sequence/evaluator.h"
#include "sequence/sequence_json.h"
#include "sequence/sequence_parse.h"
#include "sequence/validator.h"
#include "verify/verify.h"
#include "views/graph_dot.h"
#include "views/timeline_svg.h"

namespace cinc {
namespace {

// Prints the diagnostics (sorted) and says whether the run may go on.
bool Report(Diagnostics* diagnostics, const CommandOptions& options, std::ostream& errors) {
  if (options.werror) diagnostics->PromoteWarnings();
  diagnostics->Sort();
  if (!diagnostics->items().empty() || options.diagnostics_format != DiagnosticsFormat::kText) {
    SourceLines sources;
    errors << FormatDiagnostics(diagnostics->items(), options.diagnostics_format, &sources,
                                options.docs_base_uri);
  }
  return !diagnostics->HasErrors();
}

std::string MakeEscape(const std::string& path) {
  std::string escaped;
  for (char c : path) {
    if (c == ' ' || c == '#' || c == '\\') escaped += '\\';
    if (c == '$') escaped += '$';
    escaped += c;
  }
  return escaped;
}

// A Makefile rule: the outputs (every shard) depend on every input.
std::string Depfile(const std::vector<OutputFile>& outputs,
                    const std::vector<std::string>& inputs) {
  std::string text;
  for (const OutputFile& output : outputs) {
    text += (text.empty() ? "" : " ") + MakeEscape(output.path);
  }
  text += ":";
  for (const std::string& input : inputs) text += " " + MakeEscape(input);
  return text + "\n";
}

// A document whose top level has a `cinc:` key is a scene; anything else is
// read as a sequence (docs/cli.md). An unreadable file goes to the scene
// loader, which reports why.
bool IsSequenceFile(const std::string& path) {
  std::ifstream stream(path, std::ios::binary);
  if (!stream) return false;
  std::ostringstream text;
  text << stream.rdbuf();
  return DetectDocumentKind(text.str()) == DocumentKind::kSequence;
}

void PrintVerifyReport(const VerifyReport& report, const CommandOptions& options,
                       std::ostream& out) {
  out << (options.json ? WriteJson(VerifyReportToJson(report)) : VerifyReportToText(report));
}

// A file that a build with more shards left behind: a sequence named
// `name.k` (read up to its name only).
bool IsStaleShard(const std::string& path, const std::string& expected_name) {
  std::ifstream stream(path, std::ios::binary);
  if (!stream) return false;
  return ReadSequenceName(stream) == expected_name;
}

// Writes the build's files (the first, the one players open, last, so it
// only changes once its shards are in place), removes shards a larger build
// left behind, and writes the depfile; false after an E_OUTPUT.
bool WriteOutputs(BuildResult* build, const CommandOptions& options, Diagnostics* diagnostics) {
  std::string error;
  auto failed = [&](const std::string& path) {
    ReportCannotWrite(path, error, diagnostics);
    return false;
  };
  for (size_t index = build->files.size(); index-- > 0;) {
    OutputFile& file = build->files[index];
    bool written = file.staged ? file.staged->Commit(&error)
                               : WriteFileAtomically(file.path, file.bytes, &error);
    if (!written) return failed(file.path);
  }
  const std::string& first = build->files.front().path;
  bool sequence = FormatOf(options) == OutputFormat::kSequence;
  for (int number = static_cast<int>(build->files.size()) + 1; sequence; ++number) {
    std::string stale = ShardFilePath(first, number);
    if (!IsStaleShard(stale, ShardName(build->sequence_name, number))) break;
    std::error_code ignored;
    std::filesystem::remove(stale, ignored);
  }
  if (!options.depfile.empty() &&
      !WriteFileAtomically(options.depfile, Depfile(build->files, build->inputs), &error)) {
    return failed(options.depfile);
  }
  return true;
}

BuildSettings BuildSettingsOf(const CommandOptions& options) {
  BuildSettings settings;
  settings.load.allowed_outside_roots = options.allowed_outside;
  settings.emit = options.emit;
  settings.format = FormatOf(options);
  settings.output =
      options.output.empty() ? DefaultOutputPath(options.scene, settings.format) : options.output;
  settings.verify = options.verify;
  settings.reverse = options.reverse;
  settings.leave_memory_to_exit = !options.free_memory;
  settings.stage_files = true;
  return settings;
}

}  // namespace

OutputFormat FormatOf(const CommandOptions& options) {
  if (options.format == "preview") return OutputFormat::kPreview;
  if (options.format == "glb") return OutputFormat::kGlb;
  if (options.format == "gltf") return OutputFormat::kGltf;
  if (options.format == "sequence") return OutputFormat::kSequence;
  std::string extension = std::filesystem::path(options.output).extension().string();
  if (extension == ".glb") return OutputFormat::kGlb;
  if (extension == ".gltf") return OutputFormat::kGltf;
  return OutputFormat::kSequence;
}

std::string OutputBesideScene(const std::string& scene_path, std::string_view suffix) {
  std::filesystem::path path(scene_path);
  return (path.parent_path() / (path.stem().string() + std::string(suffix))).string();
}

std::string DefaultOutputPath(const std::string& scene_path, OutputFormat format) {
  const char* extension = format == OutputFormat::kGlb       ? ".glb"
                          : format == OutputFormat::kGltf    ? ".gltf"
                          : format == OutputFormat::kPreview ? ".preview.html"
                                                             : ".sequence.json";
  return OutputBesideScene(scene_path, extension);
}

// One build: prints, writes, and says which files it read in `inputs`.
int BuildOnce(const CommandOptions& options, std::ostream& out, std::ostream& errors,
              std::vector<std::string>* inputs) {
  Diagnostics diagnostics(options.scene);
  BuildResult build = BuildSequence(options.scene, BuildSettingsOf(options), &diagnostics);
  *inputs = build.inputs;
  if (build.verify_report) PrintVerifyReport(*build.verify_report, options, out);
  if (options.werror) diagnostics.PromoteWarnings();
  if (diagnostics.HasErrors()) {
    Report(&diagnostics, options, errors);
    bool internal =
        build.status == BuildStatus::kInternalError || build.status == BuildStatus::kOutputError;
    return internal ? kExitInternal : kExitInputError;
  }
  // Every diagnostic is printed once, after the writes: warnings and any
  // E_OUTPUT in one document, whatever --diagnostics says.
  bool written = WriteOutputs(&build, options, &diagnostics);
  Report(&diagnostics, options, errors);
  if (!written) return kExitInternal;
  for (const OutputFile& file : build.files) out << "wrote " << file.path << "\n";
  return kExitSuccess;
}

int RunBuild(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  std::vector<std::string> inputs;
  if (!options.watch) return BuildOnce(options, out, errors, &inputs);
  return WatchAndRebuild(
      options.scene,
      [&](std::vector<std::string>* read) {
        BuildOnce(options, out, errors, read);
        out.flush();
      },
      WatchSettings(), errors);
}

int RunPreview(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  CommandOptions preview = options;
  preview.format = "preview";
  return RunBuild(preview, out, errors);
}

int RunCheck(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  BuildSettings settings = BuildSettingsOf(options);
  settings.verify = false;
  settings.make_bytes = false;
  BuildResult build = BuildSequence(options.scene, settings, &diagnostics);
  if (!Report(&diagnostics, options, errors)) {
    return build.status == BuildStatus::kInternalError ? kExitInternal : kExitInputError;
  }
  return kExitSuccess;
}

int RunResolve(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  Compilation compilation = CompileScene(options.scene, {options.allowed_outside}, &diagnostics);
  if (!Report(&diagnostics, options, errors)) return kExitInputError;
  Json resolved = ResolvedTimesToJson(compilation.scene, compilation.timeline);
  if (options.critical_path) {
    resolved["critical_path"] = CriticalPath(compilation.scene, compilation.timeline);
  }
  out << WriteJson(resolved);
  return kExitSuccess;
}

// Writes a view's text to `path` ("wrote PATH" on `out`), or reports
// E_OUTPUT and returns false.
bool WriteView(const CommandOptions& options, const std::string& path, const std::string& text,
               std::ostream& out, std::ostream& errors) {
  std::string error;
  if (!WriteFileAtomically(path, text, &error)) {
    Diagnostics output_problem;
    output_problem.Report(DiagnosticCode::kOutput, {}, "", "cannot write " + path + ": " + error);
    Report(&output_problem, options, errors);
    return false;
  }
  out << "wrote " << path << "\n";
  return true;
}

int RunGraph(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  Compilation compilation = CompileScene(options.scene, {options.allowed_outside}, &diagnostics);
  const bool clean = Report(&diagnostics, options, errors);
  const Scene& scene = compilation.scene;
  // A scene with errors still draws (a cycle is marked) when it has anything
  // to draw; its exit status says it failed.
  if (!clean && scene.objects.empty() && scene.cameras.empty() && scene.director_nodes.empty()) {
    return kExitInputError;
  }
  NodeTable table(scene);
  std::string dot =
      DependencyGraphDot(scene, compilation.timeline, table, BuildDependencyGraph(table),
                         compilation.ready ? &compilation.rig : nullptr);
  if (options.output.empty()) {
    out << dot;
  } else if (!WriteView(options, options.output, dot, out, errors)) {
    return kExitInternal;
  }
  return clean ? kExitSuccess : kExitInputError;
}

int RunTimeline(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  Compilation compilation = CompileScene(options.scene, {options.allowed_outside}, &diagnostics);
  if (!Report(&diagnostics, options, errors)) return kExitInputError;
  const Scene& scene = compilation.scene;
  NodeTable table(scene);
  std::string svg = TimelineSvg(scene, compilation.timeline, table, BuildDependencyGraph(table),
                                CriticalPathNumbers(table, compilation.timeline));
  const std::string path =
      options.output.empty() ? OutputBesideScene(options.scene, ".timeline.svg") : options.output;
  return WriteView(options, path, svg, out, errors) ? kExitSuccess : kExitInternal;
}

int RunEval(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  auto usage_error = [&](const std::string& option, const std::string& value, const char* what) {
    Diagnostics usage;
    usage.Report(DiagnosticCode::kUsage, {}, "", option + " '" + value + "' is not " + what);
    Report(&usage, options, errors);
    return kExitUsage;
  };
  std::optional<ExactTime> time = ExactTime::ParseDecimal(options.time);
  if (!time) return usage_error("--time", options.time, "a decimal number of seconds");
  std::optional<ExactTime> every;
  if (!options.every.empty()) {
    every = ExactTime::ParseDecimal(options.every);
    if (!every || !(ExactTime() < *every)) {
      return usage_error("--every", options.every, "a positive decimal number of seconds");
    }
  }
  Diagnostics diagnostics(options.scene);
  // A single --time outside [0, duration] is evaluated at the nearer end;
  // the user is told (a warning: the state printed is not at the time asked).
  auto warn_if_clamped = [&](double duration) {
    const double t = time->ToDouble();
    if (every || (t >= 0 && t <= duration)) return;
    const std::string end = t < 0 ? "0" : FormatDouble(duration);
    diagnostics.Report(
        DiagnosticCode::kTimeClamped, {}, "",
        "--time " + options.time + " is " +
            (t < 0 ? std::string("before the start") : "past the end (" + end + " s)") +
            ": this is the state at " + end + " s");
  };
  if (IsSequenceFile(options.scene)) {
    std::optional<Sequence> sequence = LoadSequenceFile(options.scene, &diagnostics);
    if (sequence) warn_if_clamped(sequence->duration);
    if (!Report(&diagnostics, options, errors) || !sequence) return kExitInputError;
    // The disassembly as a player plays it.
    if (options.reverse) *sequence = ReversedSequence(*sequence);
    if (!every) {
      out << WriteJson(EvaluateSequenceToJson(*sequence, time->ToDouble()));
      return kExitSuccess;
    }
    Json states = Json::array();
    for (ExactTime t = *time; t.ToDouble() <= sequence->duration; t += *every) {
      states.push_back(EvaluateSequenceToJson(*sequence, t.ToDouble()));
    }
    out << WriteJson(states);
    return kExitSuccess;
  }
  Compilation compilation = CompileScene(options.scene, {options.allowed_outside}, &diagnostics);
  if (compilation.ready) warn_if_clamped(compilation.timeline.duration.ToDouble());
  if (!Report(&diagnostics, options, errors) || !compilation.ready) return kExitInputError;
  const ExactTime& duration = compilation.timeline.duration;
  auto state_at = [&](const ExactTime& t) {
    ExactTime clamped = std::clamp(t, ExactTime(), duration);
    if (!options.reverse && !compilation.scene.reverse) {
      return StateToJson(compilation.scene,
                         EvaluateState(compilation.scene, compilation.rig, clamped));
    }
    // The disassembly's state at t is the forward state at D - t, exactly.
    Json state = StateToJson(compilation.scene,
                             EvaluateState(compilation.scene, compilation.rig, duration - clamped));
    state["time"] = clamped.ToDouble();
    return state;
  };
  if (!every) {
    out << WriteJson(state_at(*time));
    return kExitSuccess;
  }
  Json states = Json::array();
  for (ExactTime t = std::max(*time, ExactTime()); !(duration < t); t += *every) {
    states.push_back(state_at(t));
  }
  out << WriteJson(states);
  return kExitSuccess;
}

int RunVerify(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  Compilation compilation = CompileScene(options.scene, {options.allowed_outside}, &diagnostics);
  if (!compilation.ready) {
    Report(&diagnostics, options, errors);
    return kExitInputError;
  }
  // The first shard, then `out.2.sequence.json`, ... while they exist.
  std::vector<Sequence> shards;
  std::vector<std::string> files = {options.sequence};
  for (int number = 2; std::filesystem::exists(ShardFilePath(options.sequence, number)); ++number) {
    files.push_back(ShardFilePath(options.sequence, number));
  }
  for (const std::string& file : files) {
    diagnostics.set_file(file);
    if (std::optional<Sequence> shard = LoadSequenceFile(file, &diagnostics)) {
      shards.push_back(std::move(*shard));
    }
  }
  if (!diagnostics.HasErrors()) {
    if (std::optional<VerifyReport> report =
            VerifySequenceFiles(compilation, shards, files, VerifySettings().samples_per_second,
                                options.reverse || compilation.scene.reverse, &diagnostics)) {
      PrintVerifyReport(*report, options, out);
    }
  }
  return Report(&diagnostics, options, errors) ? kExitSuccess : kExitInputError;
}

int RunValidate(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  std::optional<Sequence> sequence = LoadSequenceFile(options.scene, &diagnostics);
  if (!Report(&diagnostics, options, errors) || !sequence) return kExitInputError;
  out << options.scene << ": valid\n";
  return kExitSuccess;
}

int RunMarkers(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  ImportedModel model = ImportModel(options.scene, &diagnostics);
  if (!Report(&diagnostics, options, errors)) return kExitInputError;
  out << (options.json ? WriteJson(ModelToJson(model)) : ModelToText(model));
  return kExitSuccess;
}

void ReportInternalError(const std::string& what, const CommandOptions& options,
                         std::ostream& errors) {
  Diagnostics internal;
  internal.Report(DiagnosticCode::kInternal, {}, "", "internal error: " + what);
  errors << FormatDiagnostics(internal.items(), options.diagnostics_format, nullptr,
                              options.docs_base_uri);
}

int RunSchema(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  out << (options.schema_name == "scene" ? SceneSchemaText() : SequenceSchemaText());
  return kExitSuccess;
}

}  // namespace cinc
