#include "compiler/pipeline.h"

#include <algorithm>
#include <filesystem>
#include <utility>

// After a standard header, which defines __GLIBC__ on glibc.
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "compiler/scene/scene_loader.h"
#include "compiler/scene/scene_patterns.h"
#include "emit/emit_sequence.h"
#include "emit/reverse_sequence.h"
#include "emit/shards.h"
#include "gltf/gltf_document.h"
#include "importers/import_model.h"
#include "markers/marker_table.h"
#include "preview/preview_page.h"
#include "resolver/resolve_timing.h"
#include "sequence/limits.h"
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

// Frees every node's relations and `until:` entries (the timeline holds
// their result), for the rig and emission to use the memory. (Handing
// their pages back to the system, malloc_trim, saved 3 MB of fan-in's peak
// and cost an eighth of its time in page faults: not done.)
void ReleaseRelations(Scene* scene) {
  ForEachNodeList(*scene, [](std::vector<Node>& nodes) {
    for (Node& node : nodes) {
      std::vector<Relation>().swap(node.relations);
      node.until = BoxedList<Relation>();
    }
  });
}

bool OnlyOutputErrors(const Diagnostics& diagnostics) {
  return std::all_of(
      diagnostics.items().begin(), diagnostics.items().end(), [](const Diagnostic& problem) {
        return problem.severity != Severity::kError || problem.code == DiagnosticCode::kOutput;
      });
}

std::vector<std::string> ObjectNames(const Scene& scene) {
  std::vector<std::string> names;
  for (const SceneObject& object : scene.objects) names.push_back(object.name);
  return names;
}

}  // namespace

std::vector<std::string> InputsOf(const Scene& scene) {
  std::vector<std::string> inputs = {scene.file};
  inputs.insert(inputs.end(), scene.included_files.begin(), scene.included_files.end());
  for (const Model& model : scene.models) {
    if (model.source.empty()) continue;
    for (std::string& file : ModelInputFiles(SourcePath(scene, model))) {
      inputs.push_back(std::move(file));
    }
  }
  return inputs;
}

void ReportCannotWrite(const std::string& path, const std::string& error,
                       Diagnostics* diagnostics) {
  diagnostics->set_file("");
  diagnostics->Report(DiagnosticCode::kOutput, {}, "", "cannot write " + path + ": " + error);
}

Compilation CompileScene(const std::string& scene_path, const SceneLoadOptions& load_options,
                         Diagnostics* diagnostics, RelationsAfterTiming relations) {
  Compilation compilation;
  compilation.scene = LoadSceneFile(scene_path, load_options, diagnostics);
  // The models are read first, for patterns over their markers; their
  // problems are reported after timing's, as the stages run.
  Diagnostics model_problems = diagnostics->Sibling();
  ModelLibrary library = ImportModels(compilation.scene, &model_problems);
  ModelMarkerNames marker_names;
  for (const ModelMarkers& model : library.models) {
    std::vector<std::string>& names = marker_names[model.name];
    for (const Marker& marker : model.markers) names.push_back(marker.name);
  }
  ExpandPatterns(marker_names, &compilation.scene, diagnostics);
  compilation.timeline = ResolveTiming(compilation.scene, diagnostics);
  if (relations == RelationsAfterTiming::kRelease) ReleaseRelations(&compilation.scene);
  // Models and marker references are checked even when timing failed, so one
  // run reports problems of every kind.
  for (const Diagnostic& problem : model_problems.items()) diagnostics->Add(problem);
  MarkerTable markers = BuildMarkerTable(compilation.scene, std::move(library), diagnostics);
  if (diagnostics->HasErrors()) return compilation;
  compilation.rig = BuildRig(compilation.scene, compilation.timeline, markers, diagnostics);
  compilation.ready = !diagnostics->HasErrors();
  return compilation;
}

std::optional<VerifyReport> VerifySequenceFiles(const Compilation& compilation,
                                                const std::vector<Sequence>& shards,
                                                const std::vector<std::string>& files,
                                                int samples_per_second, bool reversed,
                                                Diagnostics* diagnostics) {
  diagnostics->set_file(files.front());
  MergedShards merged = MergeShards(shards, files, diagnostics);
  diagnostics->set_file(compilation.scene.file);
  if (!merged.ok) return std::nullopt;
  return VerifySequence(compilation.scene, compilation.timeline, compilation.rig, merged.sequence,
                        {compilation.scene.tolerance, samples_per_second, reversed}, diagnostics);
}

namespace {

// Every model's drawable content, for the models objects use; problems are
// located at the model's `source:` value in the scene.
std::vector<std::optional<ModelContent>> ReadContents(const Scene& scene,
                                                      Diagnostics* diagnostics) {
  std::vector<std::optional<ModelContent>> contents(scene.models.size());
  for (size_t index = 0; index < scene.models.size(); ++index) {
    const Model& model = scene.models[index];
    bool used = std::any_of(scene.objects.begin(), scene.objects.end(),
                            [&](const SceneObject& object) { return object.model == model.name; });
    if (model.source.empty() || model.source_refused || !used) continue;
    Diagnostics own(SourcePath(scene, model));
    contents[index] = ImportModelContent(SourcePath(scene, model), &own);
    AddModelProblems(scene, model, own, diagnostics);
  }
  return contents;
}

// `reverse`: the disassembly (--reverse, or `reverse: true` in the scene).
void BuildGltf(const Compilation& compilation, const BuildSettings& settings, bool reverse,
               Diagnostics* diagnostics, BuildResult* result) {
  const Scene& scene = compilation.scene;
  std::vector<std::optional<ModelContent>> contents = ReadContents(scene, diagnostics);
  if (diagnostics->HasErrors()) return;
  GltfExportSettings gltf;
  gltf.fit = FitSettingsFor(scene);
  gltf.fit.max_keys = kMaxGltfChannelKeys;
  gltf.hide_with_scale = settings.emit.HidesWithScale();
  gltf.reverse = reverse;
  gltf.duration = compilation.timeline.duration;
  GltfDocument document = BuildGltfDocument(scene, compilation.rig, contents, gltf, diagnostics);
  if (diagnostics->HasErrors()) return;
  result->sequence_name = scene.name;
  if (settings.verify) {
    result->verify_report =
        VerifyGltf(scene, compilation.timeline, compilation.rig, document.motions,
                   {scene.tolerance, settings.verify_samples_per_second, reverse}, diagnostics);
  }
  std::string bytes;
  if (settings.format == OutputFormat::kPreview) {
    // The page plays the GLB for the objects and the sequence for what glTF
    // cannot carry (shots, blends, fov, opacity, cues): the whole sequence,
    // validated as a build would.
    Sequence sequence =
        EmitSequence(scene, compilation.timeline, compilation.rig, settings.emit, diagnostics);
    if (reverse) sequence = ReversedSequence(sequence);
    const std::vector<std::string> names = ObjectNames(scene);
    if (diagnostics->HasErrors() ||
        !CheckFirstShardFits(scene, FirstShardOwnTracks(sequence, names), diagnostics)) {
      return;
    }
    // Validated as a build writes it (in shards past 256 tracks); the page
    // takes it whole.
    Diagnostics internal(scene.file);
    for (const Sequence& shard : ShardSequence(sequence, names)) {
      if (!ValidateEmittedSequence(shard, &internal)) break;
    }
    for (const Diagnostic& problem : internal.items()) diagnostics->Add(problem);
    if (internal.HasErrors()) {
      result->status = BuildStatus::kInternalError;
      return;
    }
    if (settings.make_bytes) bytes = PreviewPage(scene, sequence, WriteGlb(document));
  } else if (settings.make_bytes) {
    bytes = settings.format == OutputFormat::kGlb ? WriteGlb(document) : WriteGltf(document);
  }
  result->files.push_back({settings.output, std::move(bytes), std::nullopt});
  result->status = diagnostics->HasErrors() ? BuildStatus::kInputErrors : BuildStatus::kBuilt;
}

}  // namespace

BuildResult BuildSequence(const std::string& scene_path, const BuildSettings& settings,
                          Diagnostics* diagnostics) {
  BuildResult result;
  Compilation compilation =
      CompileScene(scene_path, settings.load, diagnostics, RelationsAfterTiming::kRelease);
  // Known even when the build fails: what `--watch` watches.
  result.inputs = InputsOf(compilation.scene);
  if (!compilation.ready) return result;
  // --reverse, or `reverse: true` in the scene.
  const bool reverse = settings.reverse || compilation.scene.reverse;
  if (settings.format != OutputFormat::kSequence) {
    BuildGltf(compilation, settings, reverse, diagnostics, &result);
    if (settings.leave_memory_to_exit) LeaveToExit(std::move(compilation));
    return result;
  }
  const Scene& scene = compilation.scene;
  result.sequence_name = scene.name;
  // More than 256 tracks become shards (emit/shards.h). Every shard is
  // validated and written as it is made; with verify, it is replayed from
  // its bytes.
  Diagnostics internal(scene_path);
  const bool stage = settings.stage_files && settings.make_bytes && !settings.verify;
  bool output_failed = false;
  // Staged shards' text, head and tail, their room kept from one to the next.
  std::string head;
  std::string tail;
  auto take = [&](Sequence shard, size_t index, size_t count) {
    // Without verify, the rig is not needed once the last shard is made.
    if (index + 1 == count && !settings.verify) ReleaseRigForWriting(&compilation);
    if (internal.HasErrors()) return;
    // Validated and written from the model: no Json tree of the whole sequence.
    if (!ValidateEmittedSequence(shard, &internal)) return;
    std::string path =
        index == 0 ? settings.output : ShardFilePath(settings.output, static_cast<int>(index) + 1);
    OutputFile file{std::move(path), std::string(), std::nullopt};
    if (!stage) {
      if (settings.make_bytes) file.bytes = WriteSequence(shard);
    } else if (!output_failed) {
      WriteSequenceInto(shard, &head, &tail);
      shard = Sequence();  // its text stands for it
      std::string error;
      file.staged = StagedFile::Stage(file.path, {head, tail}, &error);
      if (!file.staged) {
        ReportCannotWrite(file.path, error, diagnostics);
        diagnostics->set_file(scene.file);
        output_failed = true;
      }
    }
    result.files.push_back(std::move(file));
  };
  if (reverse) {
    // The disassembly mirrors the whole sequence's cue tracks: it is made
    // whole, then cut.
    Sequence sequence =
        EmitSequence(scene, compilation.timeline, compilation.rig, settings.emit, diagnostics);
    if (diagnostics->HasErrors()) return result;
    sequence = ReversedSequence(sequence);
    const std::vector<std::string> names = ObjectNames(scene);
    if (!CheckFirstShardFits(scene, FirstShardOwnTracks(sequence, names), diagnostics)) {
      return result;
    }
    std::vector<Sequence> shards = ShardSequence(std::move(sequence), names);
    for (size_t index = 0; index < shards.size(); ++index) {
      take(std::move(shards[index]), index, shards.size());
    }
  } else if (!EmitShards(scene, compilation.timeline, compilation.rig, settings.emit, diagnostics,
                         take) ||
             diagnostics->HasErrors()) {
    // An input error outranks a file that could not be written.
    if (output_failed && OnlyOutputErrors(*diagnostics)) result.status = BuildStatus::kOutputError;
    result.files.clear();
    return result;
  }
  if (settings.verify && settings.make_bytes && !internal.HasErrors()) {
    // The bytes read back, as a player reads them; cinc's own shards that
    // do not read or merge are a bug in cinc.
    std::vector<Sequence> written;
    std::vector<std::string> paths;
    for (const OutputFile& file : result.files) {
      std::optional<Sequence> read = ParseSequenceText(file.bytes, &internal);
      if (!read) break;
      written.push_back(std::move(*read));
      paths.push_back(file.path);
    }
    if (!internal.HasErrors()) {
      Diagnostics merging = diagnostics->Sibling();
      result.verify_report = VerifySequenceFiles(
          compilation, written, paths, settings.verify_samples_per_second, reverse, &merging);
      for (const Diagnostic& problem : merging.items()) {
        if (result.verify_report) {
          diagnostics->Add(problem);
        } else {
          Diagnostic wrapped = problem;
          wrapped.code = DiagnosticCode::kInternal;
          wrapped.message = "cinc's shards do not merge: " + problem.message;
          internal.Add(std::move(wrapped));
        }
      }
    }
  }
  for (const Diagnostic& problem : internal.items()) diagnostics->Add(problem);
  if (internal.HasErrors()) {
    result.status = BuildStatus::kInternalError;
    result.files.clear();
  } else if (output_failed) {
    result.status = BuildStatus::kOutputError;
    result.files.clear();
  } else {
    result.status = diagnostics->HasErrors() ? BuildStatus::kInputErrors : BuildStatus::kBuilt;
  }
  if (settings.leave_memory_to_exit) LeaveToExit(std::move(compilation));
  return result;
}

}  // namespace cinc
