#include "compiler/scene/read_templates.h"

#include <algorithm>
#include <unordered_map>

#include "compiler/scene/field_table.h"
#include "compiler/scene/mapping_walker.h"
#include "compiler/scene/read_values.h"
#include "compiler/scene/scalars.h"
#include "core/suggestion.h"

namespace cinc::scene_loading {
namespace {

// The names a `use:` value gives, each with its origin.
std::vector<TemplateUse> ReadUseNames(ReadContext& context, const YamlEvent& first) {
  std::vector<TemplateUse> names;
  auto read = [&](const YamlEvent& event) {
    Origin origin = context.OriginAt(event.location);
    if (std::optional<std::string> name = ReadName(context, event, "template")) {
      names.push_back({std::move(*name), std::move(origin)});
    }
  };
  if (first.kind == YamlEventKind::kMappingStart) {
    context.TypeError(first, "a template name or a list of them");
    return names;
  }
  if (first.kind != YamlEventKind::kSequenceStart) {
    read(first);
    return names;
  }
  if (ForEachElement(context, read) == size_t{0}) {
    context.Report(DiagnosticCode::kSceneFormat, first.location, "'use' is an empty list");
  }
  return names;
}

}  // namespace

std::vector<YamlNodeHandle> TemplatesOfUse(ReadContext& context, const YamlEvent& first,
                                           bool report_unknown) {
  std::vector<YamlNodeHandle> sources;
  for (const TemplateUse& use : ReadUseNames(context, first)) {
    auto found = context.templates.by_name.find(use.name);
    if (found == context.templates.by_name.end()) {
      if (report_unknown && !context.includes->interrupted) {
        std::vector<std::string_view> known(context.templates.names.begin(),
                                            context.templates.names.end());
        context.ReportAt(DiagnosticCode::kSceneName, use.origin,
                         "unknown template '" + use.name + "'" +
                             (known.empty() ? std::string(" (the scene has no templates:)")
                                            : DidYouMean(use.name, known)));
      }
      continue;
    }
    sources.push_back(found->second.node);
  }
  return sources;
}

void ReadTemplates(ReadContext& context, const YamlEvent& first) {
  context.templates.loaded = true;
  if (IsNullScalar(first) || !ExpectMapping(context, first)) return;  // `templates:` and nothing
  // What is reported here is not reported again when a node replays the
  // template (ReadContext::ReportAtPath).
  ++context.merging_walkers;
  struct Done {
    int* count;
    ~Done() { --*count; }
  } done{&context.merging_walkers};
  MappingWalker walker(context, {});
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    const std::string name = walker.key();
    bool at_end = false;
    YamlNodeHandle node = context.Capture(&at_end);
    if (node.empty()) return;  // reading stopped
    if (!CheckName(context, name, "template", walker.key_location())) continue;
    // Only its `use:` is read here; its fields are checked where it is used.
    context.reader.Replay(node);
    YamlEvent value = context.Next();
    if (value.kind != YamlEventKind::kMappingStart) {
      context.TypeError(value, "a mapping of node fields");
      continue;
    }
    Template entry{node, {}, {}};
    MappingWalker fields(context, {});
    while (fields.Next()) {
      PathSegment field(context, fields.key());
      YamlEvent field_value = context.Next();
      if (fields.key() == "use") {
        entry.uses = ReadUseNames(context, field_value);
      } else {
        context.Skip(field_value);
      }
    }
    entry.origin = context.OriginAt(walker.key_location());
    AddTemplate(context, name, std::move(entry));
  }
}

void AddTemplate(ReadContext& context, const std::string& name, Template entry) {
  auto [found, added] = context.templates.by_name.try_emplace(name, entry);
  if (added) {
    context.templates.names.push_back(name);
    return;
  }
  context.ReportAt(DiagnosticCode::kSceneName, entry.origin,
                   "template '" + name + "' is defined twice: here and at " +
                       context.PlaceText(found->second.origin.location));
}

// Unknown names in templates' `use:`, and cycles (each reported once, at the
// `use:` entry that closes it: an error, though merging them would end,
// each template being merged at most once into a node). A depth-first walk
// with its own stack: a chain of many templates does not deepen the C++
// stack.
void CheckTemplateUses(ReadContext& context) {
  std::vector<std::string_view> known(context.templates.names.begin(),
                                      context.templates.names.end());
  enum class Mark { kNew, kOnStack, kDone };
  std::unordered_map<std::string, Mark> marks;
  struct Step {
    const std::string* name;
    size_t next_use = 0;
  };
  std::vector<Step> stack;
  for (const std::string& root : context.templates.names) {
    if (marks[root] != Mark::kNew) continue;
    marks[root] = Mark::kOnStack;
    stack.push_back({&root});
    while (!stack.empty()) {
      Step& step = stack.back();
      const std::vector<TemplateUse>& uses = context.templates.by_name.at(*step.name).uses;
      if (step.next_use == uses.size()) {
        marks[*step.name] = Mark::kDone;
        stack.pop_back();
        continue;
      }
      const TemplateUse& use = uses[step.next_use++];
      auto found = context.templates.by_name.find(use.name);
      if (found == context.templates.by_name.end()) {
        if (context.includes->interrupted) continue;  // perhaps in the part not read
        context.ReportAt(DiagnosticCode::kSceneName, use.origin,
                         "unknown template '" + use.name + "'" + DidYouMean(use.name, known));
        continue;
      }
      Mark& mark = marks[use.name];
      if (mark == Mark::kNew) {
        mark = Mark::kOnStack;
        stack.push_back({&found->first});
      } else if (mark == Mark::kOnStack) {
        auto first = std::find_if(stack.begin(), stack.end(),
                                  [&](const Step& s) { return *s.name == use.name; });
        std::string chain;
        for (auto on = first; on != stack.end(); ++on) chain += *on->name + " -> ";
        context.ReportAt(DiagnosticCode::kSceneFormat, use.origin,
                         "template cycle: " + chain + use.name);
      }
    }
  }
}

}  // namespace cinc::scene_loading
