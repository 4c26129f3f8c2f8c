#include "compiler/commands.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

// After a standard header, which defines __GLIBC__ on glibc.
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "compiler/pipeline.h"
#include "compiler/scene_loader.h"
#include "compiler/schemas.h"
#include "core/json_writer.h"
#include "core/atomic_file.h"
#include "sequence/evaluation_json.h"
#include "sequence/evaluator.h"
#include "sequence/sequence_json.h"
#include "sequence/sequence_parse.h"
#include "emit/shards.h"
#include "sequence/validator.h"
#include "verify/verify.h"
#include "importers/import_model.h"
#include "importers/model.h"
#include "markers/state.h"
#include "resolver/resolve_output.h"

namespace cinc {
namespace {

// Prints the diagnostics (sorted) and says whether the run may go on.
bool Report(Diagnostics* diagnostics, const CommandOptions& options, std::ostream& errors) {
  if (options.werror) diagnostics->PromoteWarnings();
  diagnostics->Sort();
  if (!diagnostics->items().empty() || options.diagnostics_format != DiagnosticsFormat::kText) {
    SourceLines sources;
    errors << FormatDiagnostics(diagnostics->items(), options.diagnostics_format, &sources);
  }
  return !diagnostics->HasErrors();
}

// Compiles the scene and emits the sequence in memory; false on input errors.
bool CompileAndEmit(const CommandOptions& options, Diagnostics* diagnostics,
                    Compilation* compilation, Sequence* sequence) {
  *compilation = CompileScene(options.scene, {options.allowed_outside}, diagnostics);
  if (!compilation->ready) return false;
  *sequence = EmitSequence(compilation->scene, compilation->timeline, compilation->rig,
                           options.emit, diagnostics);
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

// A Makefile rule: the outputs (every shard) depend on the scene and every
// model source.
std::string Depfile(const std::vector<std::string>& outputs, const Compilation& compilation) {
  std::string text;
  for (const std::string& output : outputs) text += (text.empty() ? "" : " ") + MakeEscape(output);
  text += ":";
  text += " " + MakeEscape(compilation.scene.file);
  std::filesystem::path folder = std::filesystem::path(compilation.scene.file).parent_path();
  for (const Model& model : compilation.scene.models) {
    if (model.source.empty()) continue;
    text += " " + MakeEscape((folder / model.source).lexically_normal().generic_string());
  }
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

// Moves `value` to the heap and never frees it: the process is about to
// exit, and the operating system takes a large scene's memory back at once
// where freeing it piece by piece takes 50 ms at 100,000 nodes.
template <typename T>
void LeaveToExit(T value) {
  new T(std::move(value));  // NOLINT: deliberately never deleted
}

// Once emitted, only verification needs the rig and the timeline again.
// They are freed and their pages handed back, so that the sequence text
// does not add to them at the build's peak memory (10 MB at 100,000 nodes).
void ReleaseRigForWriting(Compilation* compilation) {
  compilation->rig = Rig();
  compilation->timeline = Timeline();
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

std::vector<std::string> ObjectNames(const Scene& scene) {
  std::vector<std::string> names;
  for (const SceneObject& object : scene.objects) names.push_back(object.name);
  return names;
}

// Replays shards against the scene and prints the table (or JSON); E_VERIFY
// problems go to `diagnostics` (shard problems attributed to the first file).
void VerifyShards(const CommandOptions& options, const Compilation& compilation,
                  const std::vector<Sequence>& shards, const std::vector<std::string>& files,
                  Diagnostics* diagnostics, std::ostream& out) {
  diagnostics->set_file(files.front());
  MergedShards merged = MergeShards(shards, files, diagnostics);
  diagnostics->set_file(options.scene);
  if (!merged.ok) return;
  VerifyReport report = VerifySequence(compilation.scene, compilation.timeline, compilation.rig,
                                       merged.sequence, {compilation.scene.tolerance}, diagnostics);
  out << (options.json ? WriteJson(VerifyReportToJson(report)) : VerifyReportToText(report));
}

// A file that a build with more shards left behind: a sequence named `name.k`.
bool IsStaleShard(const std::string& path, const std::string& expected_name) {
  std::ifstream stream(path, std::ios::binary);
  if (!stream) return false;
  std::ostringstream text;
  text << stream.rdbuf();
  Diagnostics ignored;
  std::optional<Json> document = ParseSequenceJsonText(text.str(), &ignored);
  return document && document->is_object() && document->contains("name") &&
         (*document)["name"] == expected_name;
}

}  // namespace

std::string DefaultOutputPath(const std::string& scene_path) {
  std::filesystem::path path(scene_path);
  return (path.parent_path() / (path.stem().string() + ".sequence.json")).string();
}

int RunBuild(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  Compilation compilation;
  Sequence sequence;
  bool emitted = CompileAndEmit(options, &diagnostics, &compilation, &sequence);
  if (!emitted || diagnostics.HasErrors()) {
    Report(&diagnostics, options, errors);
    return kExitInputError;
  }
  // With --verify the scene's warnings are reported with the verification's.
  if (!options.verify && !Report(&diagnostics, options, errors)) return kExitInputError;
  // More than 256 tracks become shards (emit/shards.h). Every shard is
  // validated (a failure is a bug in cinc) and, with --verify, replayed from
  // its bytes before any file is written.
  std::vector<Sequence> shards = ShardSequence(std::move(sequence), ObjectNames(compilation.scene));
  if (!options.verify) ReleaseRigForWriting(&compilation);
  std::string output = options.output.empty() ? DefaultOutputPath(options.scene) : options.output;
  std::vector<std::string> paths;
  std::vector<std::string> texts;
  Diagnostics internal(options.scene);
  for (size_t index = 0; index < shards.size(); ++index) {
    // Validated and written from the model: no Json tree of the whole sequence.
    if (!ValidateEmittedSequence(shards[index], &internal)) {
      Report(&internal, options, errors);
      return kExitInternal;
    }
    paths.push_back(index == 0 ? output : ShardFilePath(output, static_cast<int>(index) + 1));
    texts.push_back(WriteSequence(shards[index]));
  }
  if (options.verify) {
    std::vector<Sequence> written;
    for (const std::string& text : texts) {
      std::optional<Sequence> read = ParseSequenceText(text, &internal);
      if (!read) {
        Report(&internal, options, errors);
        return kExitInternal;
      }
      written.push_back(std::move(*read));
    }
    VerifyShards(options, compilation, written, paths, &diagnostics, out);
    if (!Report(&diagnostics, options, errors)) return kExitInputError;
  }
  // Each file atomically; the first (the one players open) last, so it only
  // changes once its shards are in place.
  std::string error;
  for (size_t index = paths.size(); index-- > 0;) {
    if (!WriteFileAtomically(paths[index], texts[index], &error)) {
      errors << "cinc: error: cannot write " << paths[index] << ": " << error << " [E_OUTPUT]\n";
      return kExitInternal;
    }
  }
  for (int number = static_cast<int>(paths.size()) + 1;; ++number) {
    std::string stale = ShardFilePath(output, number);
    if (!IsStaleShard(stale, ShardName(shards.front().name, number))) break;
    std::error_code ignored;
    std::filesystem::remove(stale, ignored);
  }
  if (!options.depfile.empty() &&
      !WriteFileAtomically(options.depfile, Depfile(paths, compilation), &error)) {
    errors << "cinc: error: cannot write " << options.depfile << ": " << error << " [E_OUTPUT]\n";
    return kExitInternal;
  }
  for (const std::string& path : paths) out << "wrote " << path << "\n";
  if (!options.free_memory) {
    LeaveToExit(std::move(compilation));
    LeaveToExit(std::move(shards));
    LeaveToExit(std::move(texts));
  }
  return kExitSuccess;
}

int RunCheck(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  Compilation compilation;
  Sequence sequence;
  bool emitted = CompileAndEmit(options, &diagnostics, &compilation, &sequence);
  if (!Report(&diagnostics, options, errors) || !emitted) return kExitInputError;
  return kExitSuccess;
}

int RunResolve(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  Compilation compilation = CompileScene(options.scene, {options.allowed_outside}, &diagnostics);
  if (!Report(&diagnostics, options, errors)) return kExitInputError;
  out << WriteJson(ResolvedTimesToJson(compilation.scene, compilation.timeline));
  return kExitSuccess;
}

int RunEval(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  std::optional<ExactTime> time = ExactTime::ParseDecimal(options.time);
  if (!time) {
    errors << "cinc: error: --time '" << options.time
           << "' is not a decimal number of seconds [E_USAGE]\n";
    return kExitUsage;
  }
  Diagnostics diagnostics(options.scene);
  if (IsSequenceFile(options.scene)) {
    std::optional<Sequence> sequence = LoadSequenceFile(options.scene, &diagnostics);
    if (!Report(&diagnostics, options, errors) || !sequence) return kExitInputError;
    out << WriteJson(EvaluateSequenceToJson(*sequence, time->ToDouble()));
    return kExitSuccess;
  }
  Compilation compilation = CompileScene(options.scene, {options.allowed_outside}, &diagnostics);
  if (!Report(&diagnostics, options, errors) || !compilation.ready) return kExitInputError;
  ExactTime clamped = std::clamp(*time, ExactTime(), compilation.timeline.duration);
  SceneState state = EvaluateState(compilation.scene, compilation.rig, clamped);
  out << WriteJson(StateToJson(compilation.scene, state));
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
  if (!diagnostics.HasErrors())
    VerifyShards(options, compilation, shards, files, &diagnostics, out);
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

int RunSchema(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  out << (options.schema_name == "scene" ? SceneSchemaText() : SequenceSchemaText());
  return kExitSuccess;
}

}  // namespace cinc
