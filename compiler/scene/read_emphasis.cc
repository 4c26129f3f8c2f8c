#include "compiler/scene/read_emphasis.h"

#include <optional>
#include <string>
#include <utility>

#include "compiler/scene/field_table.h"
#include "compiler/scene/read_values.h"

namespace cinc::scene_loading {
namespace {

// The node's emphasis, made when `highlight` or `ghost` is read first.
Emphasis& EmphasisOf(ReadContext& context, const YamlEvent& first, Node* node) {
  Boxed<Emphasis>& emphasis = node->mutable_rare().emphasis;
  if (!emphasis) {
    emphasis = Emphasis{};
    emphasis->origin = context.OriginAt(first.location);
  }
  return *emphasis;
}

// A non-empty list of names into `names`; false when a problem was reported.
bool ReadObjectList(ReadContext& context, const YamlEvent& first, std::string_view field,
                    std::vector<LocatedString>* names) {
  if (first.kind != YamlEventKind::kSequenceStart) {
    context.TypeError(first, "a list of objects");
    return false;
  }
  bool valid = true;
  std::optional<size_t> count = ForEachElement(context, [&](const YamlEvent& event) {
    std::optional<std::string> name = ReadText(context, event, field);
    if (!name) {
      valid = false;
      return;
    }
    names->push_back(LocatedString{std::move(*name), context.OriginAt(event.location)});
  });
  if (count == size_t{0}) {
    context.Report(DiagnosticCode::kSceneFormat, first.location,
                   "'" + std::string(field) + "' is an empty list");
    return false;
  }
  return valid && count.has_value();
}

// `others` or a list of names.
bool ReadGhostObjects(ReadContext& context, const YamlEvent& value, Emphasis* emphasis) {
  if (value.kind == YamlEventKind::kScalar) {
    if (value.value == "others") {
      emphasis->ghost_others = true;
      return true;
    }
    context.Report(
        DiagnosticCode::kSceneValue, value.location,
        "ghost '" + std::string(value.value) + "' is neither 'others' nor a list of objects");
    return false;
  }
  return ReadObjectList(context, value, "ghost", &emphasis->ghost);
}

enum GhostField { kGhostObjects, kGhostOpacity };
constexpr FieldRule<Emphasis> kGhostRules[] = {
    {"objects", ReadGhostObjects},
    {"opacity",
     [](ReadContext& context, const YamlEvent& value, Emphasis* emphasis) {
       return Keep(ReadNumber(context, value, "opacity", kUnitInterval), &emphasis->ghost_opacity);
     }},
};
constexpr auto kGhostTable = MakeFieldTable(kGhostRules);

enum CalloutField { kCalloutText, kCalloutOn };
constexpr FieldRule<Callout> kCalloutRules[] = {
    {"text",
     [](ReadContext& context, const YamlEvent& value, Callout* callout) {
       std::optional<std::string> text = ReadText(context, value, "text");
       if (text) callout->text = std::move(*text);
       return text.has_value();
     }},
    {"on",
     [](ReadContext& context, const YamlEvent& value, Callout* callout) {
       std::optional<std::string> on = ReadText(context, value, "on");
       if (!on) return false;
       callout->on = LocatedString{std::move(*on), context.OriginAt(value.location)};
       return true;
     }},
};
constexpr auto kCalloutTable = MakeFieldTable(kCalloutRules);

}  // namespace

void ReadHighlight(ReadContext& context, const YamlEvent& first, Node* node) {
  std::vector<LocatedString> names;
  if (!ReadObjectList(context, first, "highlight", &names)) return;
  EmphasisOf(context, first, node).highlight = std::move(names);
}

void ReadGhost(ReadContext& context, const YamlEvent& first, Node* node) {
  Emphasis read;
  if (first.kind == YamlEventKind::kMappingStart) {
    FieldsSeen seen = ReadFields(context, kGhostTable, &read);
    if (context.reader.stopped() ||
        !RequireFields(context, first, seen, kGhostTable, {kGhostObjects}) || !seen.valid) {
      return;
    }
  } else if (!ReadGhostObjects(context, first, &read)) {
    return;
  }
  Emphasis& emphasis = EmphasisOf(context, first, node);
  emphasis.ghost = std::move(read.ghost);
  emphasis.ghost_others = read.ghost_others;
  emphasis.ghost_opacity = read.ghost_opacity;
}

void ReadCallout(ReadContext& context, const YamlEvent& first, Node* node) {
  Callout callout;
  const std::optional<FieldsSeen> seen = ReadSection(context, first, kCalloutTable, &callout);
  if (!seen || !RequireFields(context, first, *seen, kCalloutTable, {kCalloutText}) ||
      !seen->valid) {
    return;
  }
  node->mutable_rare().callout = std::move(callout);
}

}  // namespace cinc::scene_loading
