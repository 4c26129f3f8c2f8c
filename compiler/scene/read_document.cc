#include "compiler/scene/read_document.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/scene/field_table.h"
#include "compiler/scene/mapping_walker.h"
#include "compiler/scene/read_director.h"
#include "compiler/scene/read_disassembly.h"
#include "compiler/scene/read_includes.h"
#include "compiler/scene/read_models.h"
#include "compiler/scene/read_objects.h"
#include "compiler/scene/read_settings.h"
#include "compiler/scene/read_templates.h"
#include "compiler/scene/read_values.h"

namespace cinc::scene_loading {
namespace {

void ReadSnap(ReadContext& context, const YamlEvent& value) {
  if (std::optional<int64_t> snap = ReadInteger(context, value, "snap", 1, 100000)) {
    context.scene.snap = *snap;
  }
}

void ReadLoop(ReadContext& context, const YamlEvent& value) {
  if (std::optional<bool> loop = ReadBool(context, value)) context.scene.loop = *loop;
}

void ReadReverse(ReadContext& context, const YamlEvent& value) {
  if (std::optional<bool> reverse = ReadBool(context, value)) context.scene.reverse = *reverse;
}

// `aspect:` the frame's width / height, for framing (docs/cameras.md).
void ReadAspect(ReadContext& context, const YamlEvent& value) {
  constexpr NumberRange kAspectRange{0, 100, true, false};
  if (std::optional<double> aspect = ReadNumber(context, value, "aspect", kAspectRange)) {
    context.scene.aspect = *aspect;
  }
}

enum PreviewField { kPreviewLighting, kPreviewBackground };
constexpr FieldRule<Scene> kPreviewRules[] = {
    {"lighting",
     [](ReadContext& context, const YamlEvent& value, Scene* scene) {
       std::optional<std::string> lighting = ReadString(context, value, "lighting");
       if (!lighting) return false;
       if (*lighting != "studio" && *lighting != "flat") {
         context.Report(DiagnosticCode::kSceneValue, value.location,
                        "unknown lighting '" + *lighting + "' (studio or flat)");
         return false;
       }
       scene->preview_lighting =
           *lighting == "flat" ? Scene::Lighting::kFlat : Scene::Lighting::kStudio;
       return true;
     }},
    {"background",
     [](ReadContext& context, const YamlEvent& value, Scene* scene) {
       std::optional<std::string> colour = ReadString(context, value, "background");
       if (!colour) return false;
       const bool hex = colour->size() == 7 && (*colour)[0] == '#' &&
                        std::all_of(colour->begin() + 1, colour->end(), [](char c) {
                          return std::isxdigit(static_cast<unsigned char>(c));
                        });
       if (!hex) {
         context.Report(DiagnosticCode::kSceneValue, value.location,
                        "background '" + *colour + "' is not a colour written #rrggbb");
         return false;
       }
       for (char& c : *colour) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
       scene->preview_background = std::move(*colour);
       return true;
     }},
};
constexpr auto kPreviewTable = MakeFieldTable(kPreviewRules);

// `preview: {lighting: studio | flat, background: "#rrggbb"}` (docs/gltf.md "Preview").
void ReadPreview(ReadContext& context, const YamlEvent& value) {
  if (!ExpectMapping(context, value)) return;
  context.scene.preview_given = true;
  ReadFields(context, kPreviewTable, &context.scene);
}

// A top-level key and its reader.
struct Section {
  std::string_view name;
  void (*read)(ReadContext& context, const YamlEvent& value);
  bool has_nodes = false;         // read after `templates:` and `include:`
  bool in_included_file = false;  // an included file may give it
};

// In the order of their names for did-you-mean.
constexpr Section kSections[] = {
    {"cinc", ReadVersion, false, true},
    {"name", ReadSequenceName},
    {"time", ReadTimeUnit},
    {"snap", ReadSnap},
    {"loop", ReadLoop},
    {"tolerance", ReadTolerance},
    {"aspect", ReadAspect},
    {"preview", ReadPreview},
    {"models", ReadModels, false, true},
    {"objects", ReadObjects, true},
    {"cameras", ReadCameras, true},
    {"director", ReadDirector, true},
    {"templates", ReadTemplates, false, true},
    {"reverse", ReadReverse},
    {"disassembly", ReadDisassembly},
    {"include", ReadIncludes, false, true},
};
constexpr auto kSectionNames = [] {
  std::array<std::string_view, std::size(kSections)> names{};
  for (size_t index = 0; index < names.size(); ++index) names[index] = kSections[index].name;
  return names;
}();
constexpr int kNameSection = 1;
static_assert(kSections[kNameSection].name == "name");

// The scene's top level. Nodes merge templates as they are read: sections
// with nodes that come before `templates:` (or `include:`) are kept on the
// reader's tape and read after it.
void ReadTopLevel(ReadContext& context) {
  struct Deferred {
    int section;
    std::string key;
    YamlNodeHandle value;
  };
  std::vector<Deferred> deferred;
  MappingWalker walker(context, kSectionNames, {.skip_extension_keys = true});
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    const int section = walker.field();
    const bool templates_may_follow = (context.templates.may_follow && !context.templates.loaded) ||
                                      (context.may_have_includes && !context.includes_loaded);
    if (templates_may_follow && kSections[section].has_nodes) {
      bool at_end = false;
      YamlNodeHandle value = context.Capture(&at_end);
      if (value.empty()) break;  // reading stopped
      deferred.push_back({section, walker.key(), value});
      continue;
    }
    kSections[section].read(context, context.Next());
  }
  for (const Deferred& section : deferred) {
    PathSegment segment(context, section.key);
    context.reader.Replay(section.value, YamlReader::ReplayKind::kDeferred);
    kSections[section.section].read(context, context.Next());
  }
}

// An included file's top level: only `cinc`, `name` (ignored), `models`,
// `templates`, `include` and `x-` keys.
void ReadIncludedTopLevel(ReadContext& context) {
  MappingWalker walker(context, kSectionNames, {.skip_extension_keys = true});
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    const int section = walker.field();
    YamlEvent value = context.Next();
    if (section == kNameSection) {  // a library may be a scene of its own: its name is its own
      context.Skip(value);
    } else if (kSections[section].in_included_file) {
      kSections[section].read(context, value);
    } else {
      context.Report(DiagnosticCode::kSceneFormat, walker.key_location(),
                     "'" + walker.key() +
                         "' is not allowed in an included file (it may give models, templates "
                         "and include)");
      context.Skip(value);
    }
  }
}

bool Before(SourceLocation a, SourceLocation b) {
  return a.line < b.line || (a.line == b.line && a.column < b.column);
}

}  // namespace

void ReadDocument(ReadContext& context) {
  YamlEvent first = context.Next();
  if (first.kind == YamlEventKind::kEnd) return;
  if (first.kind == YamlEventKind::kMappingStart) {
    if (context.file_index == 0) {
      ReadTopLevel(context);
    } else {
      ReadIncludedTopLevel(context);
    }
    if (!context.has_version && !context.reader.stopped()) {
      context.ReportAt(DiagnosticCode::kSceneVersion, Origin{.location = {1, 1}, .pointer = ""},
                       "missing field cinc");
    }
  } else {
    context.TypeError(first, "a mapping");
  }
  context.reader.Finish();
  context.Next();  // reports what Finish found
}

void AddUninterrupted(const Diagnostics& found, const std::optional<YamlProblem>& interrupted,
                      Diagnostics* diagnostics) {
  for (const Diagnostic& diagnostic : found.items()) {
    const bool is_interruption = interrupted.has_value() && diagnostic.code == interrupted->code &&
                                 diagnostic.location == interrupted->location &&
                                 diagnostic.message == interrupted->message;
    // An included file's problems (another file) are sorted out by its own
    // loader.
    const bool after_interruption =
        interrupted.has_value() && diagnostic.location.file == interrupted->location.file &&
        (diagnostic.location.line == 0 || !Before(diagnostic.location, interrupted->context));
    if (!is_interruption && after_interruption) continue;
    diagnostics->Add(diagnostic);
  }
  diagnostics->AddNotKept(found);
}

}  // namespace cinc::scene_loading
