// The walk over one mapping's entries: written keys, then merge keys (`<<`)
// and templates (`use:`), duplicates and unknown keys reported.
#ifndef CINC_COMPILER_SCENE_MAPPING_WALKER_H_
#define CINC_COMPILER_SCENE_MAPPING_WALKER_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "compiler/scene/read_context.h"

namespace cinc::scene_loading {

// How a MappingWalker treats keys that are not fields.
struct WalkerOptions {
  // Keys that start with `x-` are skipped without a word (the top level: a
  // place for YAML anchors).
  bool skip_extension_keys = false;
  // `use: NAME | [NAME, ...]` merges templates (a node's mapping).
  bool follow_use = false;
};

// Walks the entries of the mapping whose start event was just read: first
// the keys written in it (a second occurrence is `duplicate key`), then the
// keys merged in with `<<: *a` / `<<: [*a, *b]` that were not written,
// earlier sources first, then (with `follow_use`) those of the templates of
// `use:`, the last of the list first, each template's own fields before
// those of the templates it uses (merged keys never count as duplicates).
// With `fields`, unknown keys are reported (with a suggestion) and skipped.
class MappingWalker {
 public:
  MappingWalker(ReadContext& context, std::span<const std::string_view> fields,
                WalkerOptions options = {});
  ~MappingWalker();
  MappingWalker(const MappingWalker&) = delete;
  MappingWalker& operator=(const MappingWalker&) = delete;

  // Moves to the next entry to load; its value is the caller's next Next().
  // False at the end of the mapping.
  bool Next();
  int field() const { return field_; }  // index into `fields`, -1 without fields
  const std::string& key() const { return key_; }
  SourceLocation key_location() const { return key_location_; }

 private:
  struct MergeSource {
    YamlNodeHandle node;
    bool is_list_element = false;  // or a template: a mapping, not a list of them
    bool is_template = false;
  };
  bool StartNextMergeSource();
  bool MarkSeen();
  // `use:` in the mapping being walked: its templates are merged after it.
  void ReadUse();

  ReadContext& context_;
  std::span<const std::string_view> fields_;
  WalkerOptions options_;
  uint64_t seen_fields_ = 0;
  std::unordered_set<std::string> seen_keys_;  // without `fields`
  std::vector<YamlNodeHandle> merges_of_current_;
  std::vector<YamlNodeHandle> uses_of_current_;  // in list order
  bool use_in_current_ = false;
  bool in_template_ = false;  // the merged mapping walked now is a template
  // `use` is a key like the others in the node's own mapping and its `<<`
  // sources: the first that gives it wins. A template's own `use` always
  // applies.
  bool use_taken_ = false;
  std::vector<size_t> templates_merged_;     // their tape positions: each merged once
  std::vector<MergeSource> pending_merges_;  // the next one at the back
  bool in_merged_mapping_ = false;
  bool counted_as_merging_ = false;  // ReadContext::merging_walkers
  int field_ = -1;
  std::string key_;
  SourceLocation key_location_;
};

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_MAPPING_WALKER_H_
