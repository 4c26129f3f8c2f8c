#include "compiler/commands.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/pipeline.h"
#include "compiler/scene_loader.h"
#include "compiler/schemas.h"
#include "core/json_writer.h"
#include "emit/atomic_file.h"
#include "emit/evaluation_json.h"
#include "emit/evaluator.h"
#include "emit/sequence_json.h"
#include "emit/sequence_parse.h"
#include "emit/validator.h"
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

// A Makefile rule: the output depends on the scene and every model source.
std::string Depfile(const std::string& output, const Compilation& compilation) {
  std::string text = MakeEscape(output) + ":";
  text += " " + MakeEscape(compilation.scene.file);
  std::filesystem::path folder = std::filesystem::path(compilation.scene.file).parent_path();
  for (const Model& model : compilation.scene.models) {
    if (model.source.empty()) continue;
    text += " " + MakeEscape((folder / model.source).lexically_normal().generic_string());
  }
  return text + "\n";
}

// A document whose top level has a `cinc:` key is a scene; anything else
// (SPEC section 2) is read as a sequence. An unreadable file goes to the scene
// loader, which reports why.
bool IsSequenceFile(const std::string& path) {
  std::ifstream stream(path, std::ios::binary);
  if (!stream) return false;
  std::ostringstream text;
  text << stream.rdbuf();
  return DetectDocumentKind(text.str()) == DocumentKind::kSequence;
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
  if (!Report(&diagnostics, options, errors) || !emitted) return kExitInputError;
  // What cinc writes must pass its own validator; a failure is a bug in cinc.
  Diagnostics internal(options.scene);
  Json document = SequenceToJson(sequence);
  if (!ValidateEmittedSequence(document, &internal)) {
    Report(&internal, options, errors);
    return kExitInternal;
  }
  std::string output = options.output.empty() ? DefaultOutputPath(options.scene) : options.output;
  std::string error;
  if (!WriteFileAtomically(output, WriteJson(document), &error)) {
    errors << "cinc: error: cannot write " << output << ": " << error << " [E_OUTPUT]\n";
    return kExitInternal;
  }
  if (!options.depfile.empty() &&
      !WriteFileAtomically(options.depfile, Depfile(output, compilation), &error)) {
    errors << "cinc: error: cannot write " << options.depfile << ": " << error << " [E_OUTPUT]\n";
    return kExitInternal;
  }
  out << "wrote " << output << "\n";
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
