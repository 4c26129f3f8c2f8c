#include "compiler/scene/read_disassembly.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "compiler/scene/field_table.h"
#include "compiler/scene/mapping_walker.h"
#include "compiler/scene/read_values.h"

namespace cinc::scene_loading {
namespace {

using Pairs = std::vector<std::pair<LocatedString, LocatedString>>;

std::optional<LocatedString> ReadLocated(ReadContext& context, const YamlEvent& value,
                                         std::string_view field) {
  std::optional<std::string> text = ReadText(context, value, field);
  if (!text) return std::nullopt;
  return LocatedString{std::move(*text), context.OriginAt(value.location)};
}

// A mapping of texts, forward -> its own: each key and value not empty.
bool ReadTextMap(ReadContext& context, const YamlEvent& first, std::string_view field,
                 Pairs* pairs) {
  if (!ExpectMapping(context, first)) return false;
  bool valid = true;
  MappingWalker walker(context, {});
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    std::optional<LocatedString> own = ReadLocated(context, context.Next(), field);
    if (!own || walker.key().empty()) {
      valid = false;
      continue;
    }
    pairs->emplace_back(LocatedString{walker.key(), context.OriginAt(walker.key_location())},
                        std::move(*own));
  }
  return valid;
}

// `labels:` a map (forward label -> its own) or a list (one per reversed
// chapter, in the order they play; the forward side left empty).
bool ReadLabels(ReadContext& context, const YamlEvent& first, Disassembly* disassembly) {
  if (first.kind != YamlEventKind::kSequenceStart) {
    return ReadTextMap(context, first, "label", &disassembly->labels);
  }
  disassembly->labels_in_order = true;
  bool valid = true;
  ForEachElement(context, [&](const YamlEvent& event) {
    std::optional<LocatedString> own = ReadLocated(context, event, "label");
    if (!own) {
      valid = false;
      return;
    }
    disassembly->labels.emplace_back(LocatedString{"", own->origin}, std::move(*own));
  });
  return valid;
}

constexpr FieldRule<Disassembly> kStepsRules[] = {
    {"from",
     [](ReadContext& context, const YamlEvent& value, Disassembly* disassembly) {
       return Keep(ReadLocated(context, value, "from"), &disassembly->from);
     }},
    {"to",
     [](ReadContext& context, const YamlEvent& value, Disassembly* disassembly) {
       return Keep(ReadLocated(context, value, "to"), &disassembly->to);
     }},
};
constexpr auto kStepsTable = MakeFieldTable(kStepsRules);

// `steps: LABEL` (one chapter) or `steps: {from, to}` (either may be left out).
bool ReadSteps(ReadContext& context, const YamlEvent& first, Disassembly* disassembly) {
  if (first.kind == YamlEventKind::kScalar) {
    std::optional<LocatedString> step = ReadLocated(context, first, "steps");
    if (!step) return false;
    disassembly->from = *step;
    disassembly->to = std::move(*step);
    return true;
  }
  if (first.kind != YamlEventKind::kMappingStart) {
    context.TypeError(first, "a chapter's label or a node, or {from, to}");
    return false;
  }
  return ReadFields(context, kStepsTable, disassembly).valid;
}

constexpr FieldRule<Disassembly> kRules[] = {
    {"after",
     [](ReadContext& context, const YamlEvent& value, Disassembly* disassembly) {
       return Keep(ReadLocated(context, value, "after"), &disassembly->after);
     }},
    {"lag",
     [](ReadContext& context, const YamlEvent& value, Disassembly* disassembly) {
       return Keep(ReadTime(context, value, "lag", false), &disassembly->lag);
     }},
    {"steps", ReadSteps},
    {"labels", ReadLabels},
    {"actions",
     [](ReadContext& context, const YamlEvent& value, Disassembly* disassembly) {
       return ReadTextMap(context, value, "action", &disassembly->actions);
     }},
};
constexpr auto kTable = MakeFieldTable(kRules);

}  // namespace

void ReadDisassembly(ReadContext& context, const YamlEvent& first) {
  if (!ExpectMapping(context, first)) return;
  Disassembly disassembly;
  disassembly.origin = context.OriginAt(first.location);
  ReadFields(context, kTable, &disassembly);
  context.scene.disassembly = std::move(disassembly);
}

}  // namespace cinc::scene_loading
