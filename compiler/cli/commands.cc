#include "compiler/cli/commands.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <utility>

#include "compiler/cli/depfile.h"
#include "compiler/cli/schemas.h"
#include "compiler/cli/watch.h"
#include "compiler/pipeline/output_formats.h"
#include "compiler/pipeline/pipeline.h"
#include "compiler/pipeline/problem_lists.h"
#include "compiler/scene/scene_loader.h"
#include "core/atomic_file.h"
#include "core/input_file.h"
#include "core/json_writer.h"
#include "core/number_format.h"
#include "core/same_file.h"
#include "emit/reverse_sequence.h"
#include "emit/shards.h"
#include "importers/import_model.h"
#include "importers/model.h"
#include "lsp/lsp_server.h"
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
#include "views/parts_list.h"
#include "views/timeline_svg.h"

namespace cinc {
namespace {

// A document whose top level has a `cinc:` key is a scene; anything else is
// read as a sequence (docs/cli.md). An unreadable file goes to the scene
// loader, which reports why.
bool IsSequenceFile(const std::string& path) {
  std::string text;
  if (ReadInputFile(path, InputKind::kSequence, &text).refused()) return false;
  return DetectDocumentKind(text) == DocumentKind::kSequence;
}

void PrintVerifyReport(const VerifyReport& report, const CommandOptions& options,
                       std::ostream& out) {
  out << (options.json ? WriteJson(VerifyReportToJson(report)) : VerifyReportToText(report));
}

// A file that a build with more shards left behind: a sequence named
// `name.k` (read up to its name only: cinc writes it in the first bytes).
bool IsStaleShard(const std::string& path, const std::string& expected_name) {
  constexpr size_t kNameBytes = 64 << 10;
  std::string text;
  if (ReadInputPrefix(path, InputKind::kSequence, kNameBytes, &text).refused()) return false;
  std::istringstream stream(text);
  return ReadSequenceName(stream) == expected_name;
}

// Writes the build's files (the first, the one players open, last, so it
// only changes once its shards are in place), removes shards a larger build
// left behind, and writes the depfile; the exit status (an E_OUTPUT or
// E_PATH reported when it is not kExitSuccess).
int WriteOutputs(BuildResult* build, const CommandOptions& options, Diagnostics* diagnostics) {
  std::vector<std::string> outputs;
  for (const OutputFile& file : build->files) outputs.push_back(file.path);
  if (int status = CheckOutputPaths(outputs, options.depfile, build->inputs, diagnostics)) {
    return status;
  }
  std::string error;
  auto failed = [&](const std::string& path) {
    ReportCannotWrite(path, error, diagnostics);
    return kExitInternal;
  };
  // Each folder flushed once, after its last rename (core/atomic_file.h).
  std::map<std::filesystem::path, std::string> folders;
  const OutputFile* not_written = nullptr;
  for (size_t index = build->files.size(); index-- > 0;) {
    OutputFile& file = build->files[index];
    bool written = file.staged ? file.staged->Commit(&error, FolderSync::kByCaller)
                               : WriteFileAtomically(file.path, file.bytes, &error);
    if (file.staged) folders.emplace(std::filesystem::path(file.path).parent_path(), file.path);
    if (!written) {
      not_written = &file;
      break;
    }
  }
  for (const auto& [folder, path] : folders) SyncFolderOf(path);
  if (not_written != nullptr) return failed(not_written->path);
  const std::string& first = build->files.front().path;
  const bool shards = FormatOf(options).numbered_shards;
  for (int number = static_cast<int>(build->files.size()) + 1; shards; ++number) {
    std::string stale = ShardFilePath(first, number);
    if (!IsStaleShard(stale, ShardName(build->sequence_name, number))) break;
    std::error_code ignored;
    std::filesystem::remove(stale, ignored);
  }
  if (!options.depfile.empty() &&
      !WriteFileAtomically(options.depfile, MakeDepfile(outputs, build->inputs), &error)) {
    return failed(options.depfile);
  }
  return kExitSuccess;
}

}  // namespace

BuildSettings BuildSettingsOf(const CommandOptions& options) {
  BuildSettings settings;
  settings.load.allowed_outside_roots = options.allowed_outside;
  settings.emit = options.emit;
  settings.format = &FormatOf(options);
  settings.output =
      options.output.empty() ? DefaultOutputPath(options.scene, *settings.format) : options.output;
  settings.verify = options.verify;
  settings.reverse = options.reverse;
  settings.gltf_profile = options.gltf_profile;
  // A watch builds again: each build frees its memory.
  settings.leave_memory_to_exit = !options.free_memory && !options.watch;
  settings.stage_files = true;
  settings.preview_parts = [](const Compilation& compilation) {
    return PartsListJson(ListParts(compilation.scene, compilation.timeline,
                                   NodeTable(compilation.scene), compilation.rig));
  };
  return settings;
}

bool Report(Diagnostics* diagnostics, const CommandOptions& options, std::ostream& errors) {
  if (options.werror) diagnostics->PromoteWarnings();
  diagnostics->Sort();
  if (!diagnostics->items().empty() || options.diagnostics_format != DiagnosticsFormat::kText) {
    SourceLines sources;
    errors << FormatDiagnostics(*diagnostics, options.diagnostics_format, &sources,
                                options.docs_base_uri);
  }
  return !diagnostics->HasErrors();
}

int CheckOutputPaths(const std::vector<std::string>& outputs, const std::string& depfile,
                     const std::vector<std::string>& inputs, Diagnostics* diagnostics) {
  int status = kExitSuccess;
  std::vector<std::string> all = outputs;
  if (!depfile.empty()) all.push_back(depfile);
  for (size_t index = 0; index < all.size(); ++index) {
    const std::string& path = all[index];
    auto refuse = [&](const std::string& why) {
      ReportUnlocated(DiagnosticCode::kOutput, "cannot write " + path + ": " + why, diagnostics);
      status = kExitUsage;
    };
    if (std::any_of(inputs.begin(), inputs.end(),
                    [&](const std::string& input) { return IsSameFile(path, input); })) {
      refuse("it is an input of this build; choose another path");
    } else if (std::any_of(all.begin(), all.begin() + static_cast<long>(index),
                           [&](const std::string& other) {
                             return other == path || IsSameFile(other, path);
                           })) {
      refuse("it is also another output of this build; choose another path");
    }
  }
  if (depfile.empty() || status != kExitSuccess) return status;
  std::vector<std::string> named = outputs;
  named.insert(named.end(), inputs.begin(), inputs.end());
  for (const std::string& path : named) {
    if (std::optional<std::string> why = DepfileRefusal(path)) {
      ReportUnlocated(DiagnosticCode::kPath,
                      "the depfile " + depfile + " cannot name '" + path + "': " + *why +
                          ", which Make cannot read in a path; rename the file or build "
                          "without --depfile",
                      diagnostics);
      status = kExitInputError;
    }
  }
  return status;
}

const OutputFormat& FormatOf(const CommandOptions& options) {
  if (const OutputFormat* named = FindOutputFormat(options.format)) return *named;
  const std::string extension = std::filesystem::path(options.output).extension().string();
  for (const OutputFormat& format : OutputFormats()) {
    if (!format.extension.empty() && format.extension == extension) return format;
  }
  return OutputFormats().front();
}

std::string OutputBesideScene(const std::string& scene_path, std::string_view suffix) {
  std::filesystem::path path(scene_path);
  return (path.parent_path() / (path.stem().string() + std::string(suffix))).string();
}

std::string DefaultOutputPath(const std::string& scene_path, const OutputFormat& format) {
  return OutputBesideScene(scene_path, format.default_suffix);
}

// One build: prints, writes, and says which files it read in `inputs`.
int BuildOnce(const CommandOptions& options, std::ostream& out, std::ostream& errors,
              std::vector<std::string>* inputs) {
  Diagnostics diagnostics(options.scene);
  BuildResult build = BuildOutput(options.scene, BuildSettingsOf(options), &diagnostics);
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
  int status = WriteOutputs(&build, options, &diagnostics);
  Report(&diagnostics, options, errors);
  if (status != kExitSuccess) return status;
  for (const OutputFile& file : build.files) out << "wrote " << file.path << "\n";
  return kExitSuccess;
}

int RunBuild(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  const std::string_view format = FormatOf(options).name;
  if (options.gltf_profile != GltfProfile::kGltf && format != "glb" && format != "gltf") {
    Diagnostics usage;
    usage.Report(
        DiagnosticCode::kUsage, {}, "",
        "--for applies to the glTF outputs (--format glb or gltf), not " + std::string(format));
    Report(&usage, options, errors);
    return kExitUsage;
  }
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
  BuildResult build = BuildOutput(options.scene, settings, &diagnostics);
  if (!Report(&diagnostics, options, errors)) {
    return build.status == BuildStatus::kInternalError ? kExitInternal : kExitInputError;
  }
  return kExitSuccess;
}

int RunLsp(const CommandOptions&, std::ostream& out, std::ostream&) {
  out.flush();
  return RunLanguageServer(STDIN_FILENO, STDOUT_FILENO, {std::string(SceneSchemaText())});
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

// Writes a view's text to `path` ("wrote PATH" on `out`) unless it is one
// of the scene's inputs; the exit status, after an E_OUTPUT when it failed.
int WriteView(const Scene& scene, const std::string& path, const std::string& text,
              std::ostream& out, Diagnostics* diagnostics) {
  if (int status = CheckOutputPaths({path}, "", InputsOf(scene), diagnostics)) return status;
  std::string error;
  if (!WriteFileAtomically(path, text, &error)) {
    ReportCannotWrite(path, error, diagnostics);
    return kExitInternal;
  }
  out << "wrote " << path << "\n";
  return kExitSuccess;
}

// Whether the scene's diagnostics (warnings promoted by --werror) hold errors.
bool HasErrors(Diagnostics* diagnostics, const CommandOptions& options) {
  if (options.werror) diagnostics->PromoteWarnings();
  return diagnostics->HasErrors();
}

int RunGraph(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  Compilation compilation = CompileScene(options.scene, {options.allowed_outside}, &diagnostics);
  const bool clean = !HasErrors(&diagnostics, options);
  const Scene& scene = compilation.scene;
  // A scene with errors still draws (a cycle is marked) when it has anything
  // to draw; its exit status says it failed.
  if (!clean && scene.objects.empty() && scene.cameras.empty() && scene.director_nodes.empty()) {
    Report(&diagnostics, options, errors);
    return kExitInputError;
  }
  NodeTable table(scene);
  std::string dot =
      DependencyGraphDot(scene, compilation.timeline, table, BuildDependencyGraph(table),
                         compilation.ready ? &compilation.rig : nullptr);
  int status = kExitSuccess;
  if (options.output.empty()) {
    out << dot;
  } else {
    status = WriteView(scene, options.output, dot, out, &diagnostics);
  }
  Report(&diagnostics, options, errors);
  if (status != kExitSuccess) return status;
  return clean ? kExitSuccess : kExitInputError;
}

int RunTimeline(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  Compilation compilation = CompileScene(options.scene, {options.allowed_outside}, &diagnostics);
  if (HasErrors(&diagnostics, options)) {
    Report(&diagnostics, options, errors);
    return kExitInputError;
  }
  const Scene& scene = compilation.scene;
  NodeTable table(scene);
  std::string svg = TimelineSvg(scene, compilation.timeline, table, BuildDependencyGraph(table),
                                CriticalPathNumbers(table, compilation.timeline));
  const std::string path =
      options.output.empty() ? OutputBesideScene(options.scene, ".timeline.svg") : options.output;
  int status = WriteView(scene, path, svg, out, &diagnostics);
  Report(&diagnostics, options, errors);
  return status;
}

int RunParts(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  Compilation compilation = CompileScene(options.scene, {options.allowed_outside}, &diagnostics);
  if (HasErrors(&diagnostics, options)) {
    Report(&diagnostics, options, errors);
    return kExitInputError;
  }
  const PartsList list = ListParts(compilation.scene, compilation.timeline,
                                   NodeTable(compilation.scene), compilation.rig);
  const std::string text = options.json  ? PartsListJson(list)
                           : options.csv ? PartsListCsv(list)
                                         : PartsListText(list);
  int status = kExitSuccess;
  if (options.output.empty()) {
    out << text;
  } else {
    status = WriteView(compilation.scene, options.output, text, out, &diagnostics);
  }
  Report(&diagnostics, options, errors);
  return status;
}

namespace {

// The most states one `eval --every` evaluates (docs/cli.md): checked before
// the first, so that a tiny step is a usage error, not hours and gigabytes.
constexpr long long kMaxEvalStates = 1'000'000;

// The states from `first` to `last` (seconds) every `every`, when that is more
// than kMaxEvalStates: the E_USAGE message to give; "" otherwise.
std::string TooManyStates(double first, double last, const ExactTime& every,
                          const std::string& every_text) {
  const double states = first > last ? 0 : std::floor((last - first) / every.ToDouble()) + 1;
  if (states <= static_cast<double>(kMaxEvalStates)) return "";
  const std::string count =
      states < 1e18 ? std::to_string(static_cast<long long>(states)) : "more than 10^18";
  return "--every " + every_text + " from " + FormatDouble(first) + " s to " + FormatDouble(last) +
         " s would be " + count + " states; eval evaluates at most " +
         std::to_string(kMaxEvalStates) + ": choose a larger --every or a later --time";
}

// Prints, as WriteJson prints their array, `state_at(t)` for t = first,
// first + every, ... while `in_range(t)`: one state at a time in memory.
void PrintStates(std::ostream& out, ExactTime first, const ExactTime& every,
                 const std::function<bool(const ExactTime&)>& in_range,
                 const std::function<Json(const ExactTime&)>& state_at) {
  std::string text = "[";
  for (ExactTime t = first; in_range(t); t += every) {
    text += text.size() == 1 ? "\n  " : ",\n  ";
    AppendJsonValue(state_at(t), 1, &text);
    out << text;
    text.clear();
  }
  out << (text.empty() ? "\n]\n" : text + "]\n");  // "[]" when there is none
}

}  // namespace

int RunEval(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  auto usage = [&](const std::string& message) {
    Diagnostics usage;
    usage.Report(DiagnosticCode::kUsage, {}, "", message);
    Report(&usage, options, errors);
    return kExitUsage;
  };
  auto usage_error = [&](const std::string& option, const std::string& value, const char* what) {
    return usage(option + " '" + value + "' is not " + what);
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
    const double duration = sequence->duration;
    std::string refused = TooManyStates(time->ToDouble(), duration, *every, options.every);
    if (!refused.empty()) return usage(refused);
    PrintStates(
        out, *time, *every, [&](const ExactTime& t) { return t.ToDouble() <= duration; },
        [&](const ExactTime& t) { return EvaluateSequenceToJson(*sequence, t.ToDouble()); });
    return kExitSuccess;
  }
  Compilation compilation = CompileScene(options.scene, {options.allowed_outside}, &diagnostics);
  const bool reverse = options.reverse || compilation.scene.reverse;  // no `disassembly:` then
  const Timeline& timeline = compilation.timeline;
  const ExactTime duration = reverse ? timeline.duration : PlayedDuration(timeline);
  if (compilation.ready) warn_if_clamped(duration.ToDouble());
  if (!Report(&diagnostics, options, errors) || !compilation.ready) return kExitInputError;
  auto state_at = [&](const ExactTime& t) {
    ExactTime clamped = std::clamp(t, ExactTime(), duration);
    if (!reverse) {
      return StateToJson(compilation.scene, EvaluatePlayedState(compilation.scene, timeline,
                                                                compilation.rig, clamped));
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
  const ExactTime first = std::max(*time, ExactTime());
  std::string refused = TooManyStates(first.ToDouble(), duration.ToDouble(), *every, options.every);
  if (!refused.empty()) return usage(refused);
  PrintStates(
      out, first, *every, [&](const ExactTime& t) { return !(duration < t); }, state_at);
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
    Diagnostics loading(file);  // each file's problems are its own
    if (std::optional<Sequence> shard = LoadSequenceFile(file, &loading)) {
      shards.push_back(std::move(*shard));
    }
    PassOn(loading, &diagnostics);
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
