// Templates: `templates: {NAME: {node fields}}` and `use:` on nodes
// (docs/language.md "templates"). A template's mapping is captured once and
// replayed by the MappingWalker of each node that uses it, under the node's
// own keys, so its fields are read, checked and located exactly as if the
// node had written them.
#include <algorithm>

#include "compiler/scene_loader_internal.h"

namespace cinc::scene_loading {

std::vector<SceneLoader::TemplateUse> SceneLoader::ReadUseNames(const YamlEvent& first) {
  std::vector<TemplateUse> names;
  auto read = [&](const YamlEvent& event) {
    Origin origin = OriginAt(event.location);
    if (std::optional<std::string> name = ReadName(event, "template")) {
      names.push_back({std::move(*name), std::move(origin)});
    }
  };
  if (first.kind == YamlEventKind::kMappingStart) {
    TypeError(first, "a template name or a list of them");
    return names;
  }
  if (first.kind != YamlEventKind::kSequenceStart) {
    read(first);
    return names;
  }
  if (ForEachElement(read) == size_t{0}) {
    Report(DiagnosticCode::kSceneFormat, first.location, "'use' is an empty list");
  }
  return names;
}

std::vector<YamlNodeHandle> SceneLoader::TemplatesOfUse(const YamlEvent& first,
                                                        bool report_unknown) {
  std::vector<YamlNodeHandle> sources;
  for (const TemplateUse& use : ReadUseNames(first)) {
    auto found = templates_.find(use.name);
    if (found == templates_.end()) {
      if (report_unknown && !includes_->interrupted) {
        std::vector<std::string_view> known(template_names_.begin(), template_names_.end());
        ReportAt(DiagnosticCode::kSceneName, use.origin,
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

void SceneLoader::LoadTemplates(const YamlEvent& first) {
  templates_loaded_ = true;
  if (IsNullScalar(first) || !ExpectMapping(first)) return;  // `templates:` and nothing
  // What is reported here is not reported again when a node replays the
  // template (SceneLoader::IsRepeatedMergedReport).
  ++merging_walkers_;
  struct Done {
    int* count;
    ~Done() { --*count; }
  } done{&merging_walkers_};
  MappingWalker walker(this, {});
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    const std::string name = walker.key();
    bool at_end = false;
    YamlNodeHandle node = Capture(&at_end);
    if (node.empty()) return;  // reading stopped
    if (!CheckName(name, "template", walker.key_location())) continue;
    // Only its `use:` is read here; its fields are checked where it is used.
    reader_.Replay(node);
    YamlEvent value = Next();
    if (value.kind != YamlEventKind::kMappingStart) {
      TypeError(value, "a mapping of node fields");
      continue;
    }
    Template entry{node, {}, {}};
    MappingWalker fields(this, {});
    while (fields.Next()) {
      PathSegment field(this, fields.key());
      YamlEvent field_value = Next();
      if (fields.key() == "use") {
        entry.uses = ReadUseNames(field_value);
      } else {
        Skip(field_value);
      }
    }
    entry.origin = OriginAt(walker.key_location());
    AddTemplate(name, std::move(entry));
  }
}

void SceneLoader::AddTemplate(const std::string& name, Template entry) {
  auto [found, added] = templates_.try_emplace(name, entry);
  if (added) {
    template_names_.push_back(name);
    return;
  }
  ReportAt(DiagnosticCode::kSceneName, entry.origin,
           "template '" + name + "' is defined twice: here and at " +
               PlaceText(found->second.origin.location));
}

// Unknown names in templates' `use:`, and cycles (each reported once, at the
// `use:` entry that closes it: an error, though merging them would end,
// each template being merged at most once into a node). A depth-first walk
// with its own stack: a chain of many templates does not deepen the C++
// stack.
void SceneLoader::CheckTemplateUses() {
  std::vector<std::string_view> known(template_names_.begin(), template_names_.end());
  enum class Mark { kNew, kOnStack, kDone };
  std::unordered_map<std::string, Mark> marks;
  struct Step {
    const std::string* name;
    size_t next_use = 0;
  };
  std::vector<Step> stack;
  for (const std::string& root : template_names_) {
    if (marks[root] != Mark::kNew) continue;
    marks[root] = Mark::kOnStack;
    stack.push_back({&root});
    while (!stack.empty()) {
      Step& step = stack.back();
      const std::vector<TemplateUse>& uses = templates_.at(*step.name).uses;
      if (step.next_use == uses.size()) {
        marks[*step.name] = Mark::kDone;
        stack.pop_back();
        continue;
      }
      const TemplateUse& use = uses[step.next_use++];
      auto found = templates_.find(use.name);
      if (found == templates_.end()) {
        if (includes_->interrupted) continue;  // perhaps in the part not read
        ReportAt(DiagnosticCode::kSceneName, use.origin,
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
        ReportAt(DiagnosticCode::kSceneFormat, use.origin, "template cycle: " + chain + use.name);
      }
    }
  }
}

}  // namespace cinc::scene_loading
