#include "compiler/scene/scene_loader.h"

#include <set>
#include <tuple>

#include "compiler/scene/read_context.h"
#include "compiler/scene/read_document.h"
#include "compiler/scene/read_includes.h"
#include "compiler/scene/read_models.h"
#include "compiler/scene/read_objects.h"
#include "compiler/scene/read_settings.h"
#include "compiler/scene/read_templates.h"
#include "compiler/scene/read_values.h"
#include "core/input_file.h"

namespace cinc {
namespace scene_loading {
namespace {

Scene LoadScene(ReadContext& context);

void ConvertNodeTimes(int64_t ticks_per_second, Node* node) {
  auto convert = [ticks_per_second](ExactTime* time) {
    *time = time->MultipliedBy(1, ticks_per_second);
  };
  for (Relation& relation : node->relations) {
    convert(&relation.offset);
  }
  convert(&node->chain_lag);
  convert(&node->duration);
  if (!node->rare_parts) return;
  NodeRareParts& rare = node->mutable_rare();
  if (rare.shot) convert(&rare.shot->blend);
  if (rare.sound) {
    convert(&rare.sound->offset);
    convert(&rare.sound->fade_in);
    convert(&rare.sound->fade_out);
  }
}

void ReportFractionalTicks(ReadContext& context) {
  // The second reading knows the unit from its start, so it reports every
  // fractional time where it is written. Values read after `time:` were
  // already reported by this reading; those are not repeated.
  Diagnostics again_diagnostics(context.file);
  ReadContext again(context.text, context.file, context.options, &again_diagnostics);
  again.time_unit = TimeUnit::kTicks;
  LoadScene(again);
  auto is_fractional_ticks = [](const Diagnostic& diagnostic) {
    return diagnostic.code == DiagnosticCode::kSceneValue &&
           diagnostic.message.ends_with(kNotWholeTicks);
  };
  using Key = std::tuple<std::string, int, int, std::string>;
  std::set<Key> reported;
  for (const Diagnostic& diagnostic : context.diagnostics->items()) {
    if (is_fractional_ticks(diagnostic)) {
      reported.emplace(diagnostic.file, diagnostic.location.line, diagnostic.location.column,
                       diagnostic.path);
    }
  }
  for (const Diagnostic& found : again_diagnostics.items()) {
    if (!is_fractional_ticks(found)) continue;
    if (reported.emplace(found.file, found.location.line, found.location.column, found.path)
            .second) {
      context.diagnostics->Add(found);
    }
  }
}

void ConvertTicks(ReadContext& context) {
  int64_t ticks = context.scene.ticks_per_second;
  if (ticks <= 0) return;
  if (context.fraction_before_time_unit) ReportFractionalTicks(context);
  for (SceneObject& object : context.scene.objects) {
    for (Node& node : object.nodes) ConvertNodeTimes(ticks, &node);
    if (object.pattern) object.pattern->stagger = object.pattern->stagger.MultipliedBy(1, ticks);
  }
  for (SceneObject& camera : context.scene.cameras) {
    for (Node& node : camera.nodes) ConvertNodeTimes(ticks, &node);
  }
  for (Node& node : context.scene.director_nodes) ConvertNodeTimes(ticks, &node);
  if (context.scene.disassembly) {
    ExactTime& lag = context.scene.disassembly->lag;
    lag = lag.MultipliedBy(1, ticks);
  }
}

// The scene of context's file, with everything it includes: its problems
// in context.diagnostics, sorted.
Scene LoadScene(ReadContext& context) {
  context.scene.file = context.file;
  context.scene.name = DefaultSceneName(context.file);
  context.includes->reading.push_back(FileIdentity(context.file));
  context.includes->reading_names.push_back(context.file);
  ReadDocument(context);
  CheckTemplateUses(context);
  CheckModelNames(context);
  CheckSharedNames(context);
  if (context.file_index == 0) SilenceLostNodes(context);
  ConvertTicks(context);
  context.scene.included_files = context.includes->files;
  context.diagnostics->Sort();
  return std::move(context.scene);
}

}  // namespace
}  // namespace scene_loading

Scene LoadSceneFromText(std::string_view text, const std::string& file, Diagnostics* diagnostics) {
  return LoadSceneFromText(text, file, SceneLoadOptions(), diagnostics);
}

Scene LoadSceneFromText(std::string_view text, const std::string& file,
                        const SceneLoadOptions& options, Diagnostics* diagnostics) {
  Diagnostics found = diagnostics->Sibling();
  scene_loading::ReadContext context(text, file, options, &found);
  Scene scene = scene_loading::LoadScene(context);
  scene_loading::AddUninterrupted(found, context.reader.interrupted(), diagnostics);
  if (!context.interrupted()) return scene;
  Scene unread;
  unread.file = scene.file;
  unread.name = scene.name;
  unread.included_files = scene.included_files;
  return unread;
}

std::string UnsavedTextKey(const std::string& path) { return scene_loading::FileIdentity(path); }

std::string ReadSceneText(const std::string& path, const SceneLoadOptions& options,
                          std::string* text) {
  if (options.unsaved_texts != nullptr && !options.unsaved_texts->empty()) {
    auto unsaved = options.unsaved_texts->find(UnsavedTextKey(path));
    if (unsaved != options.unsaved_texts->end()) {
      *text = unsaved->second;
      return "";
    }
  }
  InputRefusal refused = ReadInputFile(path, InputKind::kScene, text);
  return refused.refused() ? refused.Describe() : "";
}

Scene LoadSceneFile(const std::string& path, Diagnostics* diagnostics) {
  return LoadSceneFile(path, SceneLoadOptions(), diagnostics);
}

Scene LoadSceneFile(const std::string& path, const SceneLoadOptions& options,
                    Diagnostics* diagnostics) {
  std::string text;
  if (std::string refused = ReadSceneText(path, options, &text); !refused.empty()) {
    diagnostics->Add({Severity::kError,
                      DiagnosticCode::kSceneFormat,
                      path,
                      {0, 0},
                      "",
                      "cannot read file: " + refused});
    Scene scene;
    scene.file = path;
    scene.name = scene_loading::DefaultSceneName(path);
    return scene;
  }
  return LoadSceneFromText(text, path, options, diagnostics);
}

DocumentKind DetectDocumentKind(std::string_view text) {
  YamlReader reader(text);
  auto skip = [&reader](const YamlEvent& first) {
    int depth =
        first.kind == YamlEventKind::kMappingStart || first.kind == YamlEventKind::kSequenceStart
            ? 1
            : 0;
    while (depth > 0) {
      YamlEvent event = reader.Next();
      if (event.kind == YamlEventKind::kEnd) return;
      if (event.kind == YamlEventKind::kMappingStart ||
          event.kind == YamlEventKind::kSequenceStart) {
        ++depth;
      } else if (event.kind == YamlEventKind::kMappingEnd ||
                 event.kind == YamlEventKind::kSequenceEnd) {
        --depth;
      }
    }
  };
  YamlEvent first = reader.Next();
  if (first.kind == YamlEventKind::kEnd) return DocumentKind::kUnreadable;
  if (first.kind != YamlEventKind::kMappingStart) return DocumentKind::kSequence;
  for (;;) {
    YamlEvent key = reader.Next();
    if (key.kind == YamlEventKind::kMappingEnd) return DocumentKind::kSequence;
    if (key.kind == YamlEventKind::kEnd) {
      return reader.stopped() ? DocumentKind::kUnreadable : DocumentKind::kSequence;
    }
    if (key.kind == YamlEventKind::kScalar && key.value == "cinc") return DocumentKind::kScene;
    skip(key);
    skip(reader.Next());
  }
}

}  // namespace cinc
