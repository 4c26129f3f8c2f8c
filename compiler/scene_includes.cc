// Includes: `include: FILE | [FILE, ...]` at the top level (docs/language.md
// "Includes"). Each included file is read by a loader of its own, whose
// locations carry the file's index (SourceLocation::file); what it read, its
// models and its templates, is then taken over by the including loader, the
// templates' YAML copied onto its reader's tape so that nodes replay them as
// they replay the scene's own.
#include <algorithm>
#include <filesystem>
#include <unordered_map>

#include "compiler/scene_loader_internal.h"
#include "core/input_file.h"

namespace cinc::scene_loading {

std::string FileIdentity(const std::string& path) {
  std::error_code error;
  std::filesystem::path identity = std::filesystem::weakly_canonical(path, error);
  if (error) identity = std::filesystem::absolute(path, error).lexically_normal();
  return identity.string();
}

void SceneLoader::LoadIncludes(const YamlEvent& first) {
  includes_loaded_ = true;
  if (IsNullScalar(first)) return;  // `include:` and nothing
  auto include = [this](const YamlEvent& entry) {
    Origin origin = OriginAt(entry.location);
    if (std::optional<std::string> path = ReadString(entry, "include")) IncludeFile(*path, origin);
  };
  if (first.kind == YamlEventKind::kMappingStart) {
    TypeError(first, "a file name or a list of them");
  } else if (first.kind != YamlEventKind::kSequenceStart) {
    include(first);
  } else if (ForEachElement(include) == size_t{0}) {
    Report(DiagnosticCode::kSceneFormat, first.location, "'include' is an empty list");
  }
}

void SceneLoader::IncludeFile(const std::string& path, const Origin& origin) {
  if (!CheckSource("include", path, origin.location)) return;
  const std::string name =
      (std::filesystem::path(file_).parent_path() / path).lexically_normal().string();
  const std::string identity = FileIdentity(name);
  auto on_stack = std::find(includes_->reading.begin(), includes_->reading.end(), identity);
  if (on_stack != includes_->reading.end()) {
    std::string chain;
    for (auto at = includes_->reading_names.begin() + (on_stack - includes_->reading.begin());
         at != includes_->reading_names.end(); ++at) {
      chain += *at + " -> ";
    }
    ReportAt(DiagnosticCode::kSceneFormat, origin, "include cycle: " + chain + name);
    return;
  }
  if (includes_->read.contains(identity)) return;  // through another include: read once
  if (includes_->reading.size() > kMaxIncludeDepth) {
    ReportAt(DiagnosticCode::kLimit, origin,
             "includes nest deeper than " + std::to_string(kMaxIncludeDepth) + " files");
    return;
  }
  if (includes_->files.size() >= kMaxIncludedFiles) {
    ReportAt(DiagnosticCode::kLimit, origin,
             "the scene includes more than " + std::to_string(kMaxIncludedFiles) + " files");
    return;
  }
  std::string text;
  if (InputRefusal refused = ReadInputFile(name, InputKind::kScene, &text); refused.refused()) {
    ReportAt(DiagnosticCode::kSceneFormat, origin,
             "cannot read include '" + path + "' (" + name + "): " + refused.Describe());
    return;
  }
  includes_->read.insert(identity);
  includes_->files.push_back(name);
  includes_->reading.push_back(identity);
  includes_->reading_names.push_back(name);
  // Its problems are gathered apart: after a syntax error in it, only what
  // lies before the broken construct is reported (as for the scene).
  Diagnostics found = diagnostics_->Sibling();
  const int index = found.AddFile(name);
  SceneLoader included(text, name, options_, &found, index, includes_);
  included.ReadDocument();
  includes_->reading.pop_back();
  includes_->reading_names.pop_back();
  const std::optional<YamlProblem>& interrupted = included.reader_.interrupted();
  AddUninterrupted(found, interrupted, diagnostics_);
  if (interrupted.has_value()) includes_->interrupted = true;
  AdoptIncluded(&included);
}

void SceneLoader::AdoptIncluded(SceneLoader* included) {
  const size_t offset = reader_.AppendTapeOf(included->reader_);
  // Its models' and templates' origins view its paths: they become ours.
  scene_.paths->Adopt(std::move(*included->scene_.paths));
  for (Model& model : included->scene_.models) scene_.models.push_back(std::move(model));
  for (const std::string& name : included->template_names_) {
    Template entry = included->templates_.at(name);
    entry.node.begin += offset;
    entry.node.end += offset;
    AddTemplate(name, std::move(entry));
  }
  merged_reports_.merge(included->merged_reports_);
}

void SceneLoader::CheckModelNames() {
  std::unordered_map<std::string_view, const Model*> first_of_name;
  std::vector<Model> models;
  models.reserve(scene_.models.size());
  for (Model& model : scene_.models) {
    auto found = first_of_name.find(model.name);
    if (found != first_of_name.end()) {
      ReportAt(DiagnosticCode::kSceneName, model.origin,
               "model '" + model.name + "' is defined twice: here and at " +
                   PlaceText(found->second->origin.location));
      continue;
    }
    models.push_back(std::move(model));
    first_of_name.emplace(models.back().name, &models.back());  // reserved: no reallocation
  }
  scene_.models = std::move(models);
}

std::string SceneLoader::PlaceText(SourceLocation location) const {
  return (location.file == 0 ? file_ : diagnostics_->FileName(location)) + ":" +
         std::to_string(location.line) + ":" + std::to_string(location.column);
}

}  // namespace cinc::scene_loading
