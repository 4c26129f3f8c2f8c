#include "compiler/scene/read_includes.h"

#include <algorithm>
#include <filesystem>

#include "compiler/scene/field_table.h"
#include "compiler/scene/read_document.h"
#include "compiler/scene/read_templates.h"
#include "compiler/scene/read_values.h"
#include "compiler/scene/scalars.h"
#include "compiler/scene/source_paths.h"
#include "core/input_file.h"

namespace cinc::scene_loading {
namespace {

// Takes over what an included file's context read: its models and its
// templates (their YAML copied onto this reader's tape).
void AdoptIncluded(ReadContext& context, ReadContext& included) {
  const size_t offset = context.reader.AppendTapeOf(included.reader);
  // Its models' and templates' origins view its paths: they become ours.
  context.scene.paths->Adopt(std::move(*included.scene.paths));
  for (Model& model : included.scene.models) context.scene.models.push_back(std::move(model));
  for (const std::string& name : included.templates.names) {
    Template entry = included.templates.by_name.at(name);
    entry.node.begin += offset;
    entry.node.end += offset;
    AddTemplate(context, name, std::move(entry));
  }
  context.merged_reports.merge(included.merged_reports);
}

// Reads one included file with a context of its own.
void IncludeFile(ReadContext& context, const std::string& path, const Origin& origin) {
  if (!CheckSource(context, "include", path, origin.location)) return;
  const std::string name =
      (std::filesystem::path(context.file).parent_path() / path).lexically_normal().string();
  const std::string identity = FileIdentity(name);
  auto on_stack =
      std::find(context.includes->reading.begin(), context.includes->reading.end(), identity);
  if (on_stack != context.includes->reading.end()) {
    std::string chain;
    for (auto at = context.includes->reading_names.begin() +
                   (on_stack - context.includes->reading.begin());
         at != context.includes->reading_names.end(); ++at) {
      chain += *at + " -> ";
    }
    context.ReportAt(DiagnosticCode::kSceneFormat, origin, "include cycle: " + chain + name);
    return;
  }
  if (context.includes->read.contains(identity)) return;  // through another include: read once
  if (context.includes->reading.size() > kMaxIncludeDepth) {
    context.ReportAt(DiagnosticCode::kLimit, origin,
                     "includes nest deeper than " + std::to_string(kMaxIncludeDepth) + " files");
    return;
  }
  if (context.includes->files.size() >= kMaxIncludedFiles) {
    context.ReportAt(
        DiagnosticCode::kLimit, origin,
        "the scene includes more than " + std::to_string(kMaxIncludedFiles) + " files");
    return;
  }
  std::string text;
  if (std::string refused = ReadSceneText(name, context.options, &text); !refused.empty()) {
    context.ReportAt(DiagnosticCode::kSceneFormat, origin,
                     "cannot read include '" + path + "' (" + name + "): " + refused);
    return;
  }
  context.includes->read.insert(identity);
  context.includes->files.push_back(name);
  context.includes->reading.push_back(identity);
  context.includes->reading_names.push_back(name);
  // Its problems are gathered apart: after a syntax error in it, only what
  // lies before the broken construct is reported (as for the scene).
  Diagnostics found = context.diagnostics->Sibling();
  const int index = found.AddFile(name);
  ReadContext included(text, name, context.options, &found, index, context.includes);
  ReadDocument(included);
  context.includes->reading.pop_back();
  context.includes->reading_names.pop_back();
  const std::optional<YamlProblem>& interrupted = included.reader.interrupted();
  AddUninterrupted(found, interrupted, context.diagnostics);
  if (interrupted.has_value()) context.includes->interrupted = true;
  AdoptIncluded(context, included);
}

}  // namespace

std::string FileIdentity(const std::string& path) {
  std::error_code error;
  std::filesystem::path identity = std::filesystem::weakly_canonical(path, error);
  if (error) identity = std::filesystem::absolute(path, error).lexically_normal();
  return identity.string();
}

void ReadIncludes(ReadContext& context, const YamlEvent& first) {
  context.includes_loaded = true;
  if (IsNullScalar(first)) return;  // `include:` and nothing
  auto include = [&context](const YamlEvent& entry) {
    Origin origin = context.OriginAt(entry.location);
    if (std::optional<std::string> path = ReadString(context, entry, "include"))
      IncludeFile(context, *path, origin);
  };
  if (first.kind == YamlEventKind::kMappingStart) {
    context.TypeError(first, "a file name or a list of them");
  } else if (first.kind != YamlEventKind::kSequenceStart) {
    include(first);
  } else if (ForEachElement(context, include) == size_t{0}) {
    context.Report(DiagnosticCode::kSceneFormat, first.location, "'include' is an empty list");
  }
}

}  // namespace cinc::scene_loading
