#include "compiler/pipeline.h"

#include <filesystem>
#include <utility>

// After a standard header, which defines __GLIBC__ on glibc.
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "compiler/scene_loader.h"
#include "emit/emit_sequence.h"
#include "emit/shards.h"
#include "markers/marker_table.h"
#include "resolver/resolve_timing.h"
#include "sequence/sequence_json.h"
#include "sequence/sequence_parse.h"
#include "sequence/validator.h"

namespace cinc {
namespace {

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

// The scene and every model source, as paths from the working folder.
std::vector<std::string> InputsOf(const Scene& scene) {
  std::vector<std::string> inputs = {scene.file};
  std::filesystem::path folder = std::filesystem::path(scene.file).parent_path();
  for (const Model& model : scene.models) {
    if (model.source.empty()) continue;
    inputs.push_back((folder / model.source).lexically_normal().generic_string());
  }
  return inputs;
}

// Reads the written bytes back, as a player would, and replays them against
// the scene (shard problems are attributed to the shard's file).
std::optional<VerifyReport> VerifyWritten(const Compilation& compilation,
                                          const std::vector<OutputFile>& files,
                                          Diagnostics* diagnostics, Diagnostics* internal) {
  std::vector<Sequence> shards;
  std::vector<std::string> paths;
  for (const OutputFile& file : files) {
    std::optional<Sequence> read = ParseSequenceText(file.bytes, internal);
    if (!read) return std::nullopt;
    shards.push_back(std::move(*read));
    paths.push_back(file.path);
  }
  std::string scene_file = diagnostics->file();
  diagnostics->set_file(paths.front());
  MergedShards merged = MergeShards(shards, paths, diagnostics);
  diagnostics->set_file(scene_file);
  if (!merged.ok) return VerifyReport{};
  return VerifySequence(compilation.scene, compilation.timeline, compilation.rig, merged.sequence,
                        {compilation.scene.tolerance}, diagnostics);
}

}  // namespace

Compilation CompileScene(const std::string& scene_path, const SceneLoadOptions& load_options,
                         Diagnostics* diagnostics) {
  Compilation compilation;
  compilation.scene = LoadSceneFile(scene_path, load_options, diagnostics);
  compilation.timeline = ResolveTiming(compilation.scene, diagnostics);
  // Models and marker references are checked even when timing failed, so one
  // run reports problems of every kind.
  ModelLibrary library = ImportModels(compilation.scene, diagnostics);
  MarkerTable markers = BuildMarkerTable(compilation.scene, std::move(library), diagnostics);
  if (diagnostics->HasErrors()) return compilation;
  compilation.rig = BuildRig(compilation.scene, compilation.timeline, markers, diagnostics);
  compilation.ready = !diagnostics->HasErrors();
  return compilation;
}

BuildResult BuildSequence(const std::string& scene_path, const BuildSettings& settings,
                          Diagnostics* diagnostics) {
  BuildResult result;
  Compilation compilation = CompileScene(scene_path, settings.load, diagnostics);
  if (!compilation.ready) return result;
  Sequence sequence = EmitSequence(compilation.scene, compilation.timeline, compilation.rig,
                                   settings.emit, diagnostics);
  if (diagnostics->HasErrors()) return result;
  result.inputs = InputsOf(compilation.scene);
  result.sequence_name = sequence.name;
  // More than 256 tracks become shards (emit/shards.h). Every shard is
  // validated and, with verify, replayed from its bytes.
  std::vector<Sequence> shards = ShardSequence(std::move(sequence), ObjectNames(compilation.scene));
  if (!settings.verify) ReleaseRigForWriting(&compilation);
  Diagnostics internal(scene_path);
  for (size_t index = 0; index < shards.size(); ++index) {
    // Validated and written from the model: no Json tree of the whole sequence.
    if (!ValidateEmittedSequence(shards[index], &internal)) break;
    std::string path =
        index == 0 ? settings.output : ShardFilePath(settings.output, static_cast<int>(index) + 1);
    result.files.push_back({std::move(path), WriteSequence(shards[index])});
  }
  if (settings.verify && !internal.HasErrors()) {
    result.verify_report = VerifyWritten(compilation, result.files, diagnostics, &internal);
  }
  for (const Diagnostic& problem : internal.items()) diagnostics->Add(problem);
  if (internal.HasErrors()) {
    result.status = BuildStatus::kInternalError;
    result.files.clear();
  } else {
    result.status = diagnostics->HasErrors() ? BuildStatus::kInputErrors : BuildStatus::kBuilt;
  }
  if (settings.leave_memory_to_exit) {
    LeaveToExit(std::move(compilation));
    LeaveToExit(std::move(shards));
  }
  return result;
}

}  // namespace cinc
