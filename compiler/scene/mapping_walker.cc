#include "compiler/scene/mapping_walker.h"

#include <algorithm>

#include "compiler/scene/read_templates.h"
#include "core/suggestion.h"

namespace cinc::scene_loading {

MappingWalker::MappingWalker(ReadContext& context, std::span<const std::string_view> fields,
                             WalkerOptions options)
    : context_(context), fields_(fields), options_(options) {}

MappingWalker::~MappingWalker() {
  if (counted_as_merging_) --context_.merging_walkers;
}

void MappingWalker::ReadUse() {
  PathSegment segment(context_, "use");
  YamlEvent value = context_.Next();
  if (use_in_current_) {  // a second `use` in one mapping
    if (!in_merged_mapping_) {
      context_.Report(DiagnosticCode::kSceneFormat, key_location_, "duplicate key 'use'");
    }
    context_.Skip(value);
    return;
  }
  use_in_current_ = true;
  if (!in_template_) {
    if (use_taken_) {  // the node's own `use` (or an earlier source's) wins
      context_.Skip(value);
      return;
    }
    use_taken_ = true;
  }
  for (const YamlNodeHandle& source : TemplatesOfUse(context_, value, !in_template_)) {
    // A template merged once already adds nothing a second time (its keys
    // are taken): skipping it keeps cycles and repeated uses cheap.
    if (std::find(templates_merged_.begin(), templates_merged_.end(), source.begin) !=
        templates_merged_.end()) {
      continue;
    }
    templates_merged_.push_back(source.begin);
    uses_of_current_.push_back(source);
  }
}

bool MappingWalker::MarkSeen() {
  if (fields_.empty()) return seen_keys_.insert(key_).second;
  uint64_t bit = uint64_t{1} << field_;
  if (seen_fields_ & bit) return false;
  seen_fields_ |= bit;
  return true;
}

bool MappingWalker::Next() {
  for (;;) {
    YamlEvent event = context_.Next();
    if (event.kind == YamlEventKind::kEnd) return false;
    if (event.kind == YamlEventKind::kMappingEnd) {
      // The merge sources of the mapping just walked come next, first one
      // first, then its templates, the last of `use:` first.
      for (const YamlNodeHandle& source : uses_of_current_) {
        pending_merges_.push_back({source, true, true});
      }
      uses_of_current_.clear();
      use_in_current_ = false;
      for (auto source = merges_of_current_.rbegin(); source != merges_of_current_.rend();
           ++source) {
        pending_merges_.push_back({*source, false, false});
      }
      merges_of_current_.clear();
      if (!StartNextMergeSource()) return false;
      continue;
    }
    if (event.kind != YamlEventKind::kScalar) {
      context_.TypeError(event, "a string key");
      context_.Skip(context_.Next());
      continue;
    }
    if (event.unresolved) {
      context_.Skip(context_.Next());
      continue;
    }
    if (event.plain && event.value == "<<") {
      bool at_end = false;
      YamlNodeHandle source = context_.Capture(&at_end);
      if (!source.empty()) merges_of_current_.push_back(source);
      continue;
    }
    if (options_.follow_use && event.value == "use") {
      key_location_ = event.location;
      ReadUse();
      continue;
    }
    if (options_.skip_extension_keys && event.value.starts_with("x-")) {
      context_.Skip(context_.Next());
      continue;
    }
    key_.assign(event.value);
    key_location_ = event.location;
    if (!fields_.empty()) {
      auto found = std::find(fields_.begin(), fields_.end(), key_);
      if (found == fields_.end()) {
        std::string suggestion = DidYouMean(key_, fields_);
        if (options_.follow_use) {  // `use` is read before the fields
          std::vector<std::string_view> names(fields_.begin(), fields_.end());
          names.push_back("use");
          suggestion = DidYouMean(key_, names);
        }
        context_.ReportAtKey(DiagnosticCode::kSceneFormat, key_location_, key_,
                             "unknown field '" + key_ + "'" + suggestion);
        context_.Skip(context_.Next());
        continue;
      }
      field_ = static_cast<int>(found - fields_.begin());
    }
    if (!MarkSeen()) {
      // A merged key that is already set is simply overridden.
      if (!in_merged_mapping_) {
        context_.ReportAtKey(DiagnosticCode::kSceneFormat, key_location_, key_,
                             "duplicate key '" + key_ + "'");
      }
      context_.Skip(context_.Next());
      continue;
    }
    return true;
  }
}

bool MappingWalker::StartNextMergeSource() {
  while (!pending_merges_.empty()) {
    MergeSource source = pending_merges_.back();
    pending_merges_.pop_back();
    context_.reader.Replay(source.node);
    YamlEvent event = context_.Next();
    if (event.kind == YamlEventKind::kEnd) return false;
    if (event.kind == YamlEventKind::kMappingStart) {
      in_merged_mapping_ = true;
      in_template_ = source.is_template;
      if (!counted_as_merging_) {
        counted_as_merging_ = true;
        ++context_.merging_walkers;
      }
      return true;
    }
    if (event.kind == YamlEventKind::kSequenceStart && !source.is_list_element) {
      std::vector<YamlNodeHandle> elements;
      for (;;) {
        bool at_end = false;
        YamlNodeHandle element = context_.Capture(&at_end);
        if (at_end) break;
        if (element.empty()) return false;  // reading stopped
        elements.push_back(element);
      }
      for (auto element = elements.rbegin(); element != elements.rend(); ++element) {
        pending_merges_.push_back({*element, true, false});
      }
      continue;
    }
    PathSegment segment(context_, "<<");
    context_.TypeError(event, source.is_list_element ? "a mapping to merge"
                                                     : "a mapping or a list of mappings to merge");
  }
  return false;
}

}  // namespace cinc::scene_loading
