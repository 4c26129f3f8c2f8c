#include "compiler/scene/read_cues.h"

#include <algorithm>
#include <exception>
#include <string>
#include <utility>

#include "compiler/scene/field_table.h"
#include "compiler/scene/mapping_walker.h"
#include "compiler/scene/read_values.h"
#include "compiler/scene/scalars.h"
#include "core/json_writer.h"
#include "core/suggestion.h"

namespace cinc::scene_loading {
namespace {

template <size_t kIndex>
bool ReadSoundTime(ReadContext& context, const YamlEvent& value, Sound* sound) {
  constexpr std::string_view kNames[] = {"offset", "fade_in", "fade_out"};
  ExactTime* targets[] = {&sound->offset, &sound->fade_in, &sound->fade_out};
  std::optional<ExactTime> time = ReadTime(context, value, kNames[kIndex], false);
  if (time) *targets[kIndex] = *time;
  return time.has_value();
}

constexpr FieldRule<Sound> kSoundRules[] = {
    {"name", [](ReadContext& context, const YamlEvent& value,
                Sound* sound) { return Keep(ReadText(context, value, "name"), &sound->name); }},
    {"volume",
     [](ReadContext& context, const YamlEvent& value, Sound* sound) {
       return Keep(ReadNumber(context, value, "volume", kNonNegative), &sound->volume);
     }},
    {"offset", ReadSoundTime<0>},
    {"fade_in", ReadSoundTime<1>},
    {"fade_out", ReadSoundTime<2>},
};
constexpr auto kSoundTable = MakeFieldTable(kSoundRules);

constexpr std::string_view kCueKinds[] = {"script", "sound", "vfx", "marker"};

enum CueField { kCueKind, kCueName, kCueTarget, kCueData };
constexpr FieldRule<Cue> kCueRules[] = {
    {"kind",
     [](ReadContext& context, const YamlEvent& value, Cue* cue) {
       std::optional<std::string> kind = ReadString(context, value, "kind");
       if (!kind) return false;
       bool known =
           std::find(std::begin(kCueKinds), std::end(kCueKinds), *kind) != std::end(kCueKinds);
       if (!known) {
         context.Report(DiagnosticCode::kSceneValue, value.location,
                        "unknown cue kind '" + *kind + "'" + DidYouMean(*kind, kCueKinds));
       }
       cue->kind = std::move(*kind);
       return known;
     }},
    {"name",
     [](ReadContext& context, const YamlEvent& value, Cue* cue) {
       std::optional<std::string> name = ReadText(context, value, "name");
       if (name) cue->name = std::move(*name);
       return name.has_value();
     }},
    {"target",
     [](ReadContext& context, const YamlEvent& value, Cue* cue) {
       std::optional<std::string> target = ReadText(context, value, "target");
       if (target) cue->target = std::move(*target);
       return target.has_value();
     }},
    {"data",
     [](ReadContext& context, const YamlEvent& value, Cue* cue) {
       Json data;
       if (!ReadJsonValue(context, value, &data)) return false;
       try {
         cue->data_json = WriteCompactJson(data);
       } catch (const std::exception& error) {
         context.Report(DiagnosticCode::kSceneValue, value.location,
                        std::string("data cannot be written as JSON: ") + error.what());
         return false;
       }
       return true;
     }},
};
constexpr auto kCueTable = MakeFieldTable(kCueRules);

bool ReadCue(ReadContext& context, const YamlEvent& first, Cue* cue) {
  cue->origin = context.OriginAt(first.location);
  FieldsSeen seen = ReadFields(context, kCueTable, cue);
  if (context.reader.stopped()) return false;
  bool valid = RequireFields(context, first, seen, kCueTable, {kCueKind, kCueName}) && seen.valid;
  if (seen.Has(kCueKind) && cue->kind == "script" &&
      !RequireFields(context, first, seen, kCueTable, {kCueTarget})) {
    valid = false;
  }
  return valid;
}

}  // namespace

void ReadSound(ReadContext& context, const YamlEvent& first, Node* node) {
  Sound sound;
  const std::optional<FieldsSeen> seen = ReadSection(context, first, kSoundTable, &sound);
  if (!seen || !RequireFields(context, first, *seen, kSoundTable, {0})) return;
  node->mutable_rare().sound = std::move(sound);
}

void ReadCues(ReadContext& context, const YamlEvent& first, Node* node) {
  if (first.kind == YamlEventKind::kMappingStart) {
    Cue cue;
    if (ReadCue(context, first, &cue)) node->mutable_rare().cues.push_back(std::move(cue));
    return;
  }
  if (first.kind != YamlEventKind::kSequenceStart) {
    context.TypeError(first, "a cue or a list of cues");
    return;
  }
  ForEachElement(context, [&](const YamlEvent& event) {
    Cue cue;
    if (ExpectMapping(context, event) && ReadCue(context, event, &cue))
      node->mutable_rare().cues.push_back(std::move(cue));
  });
}

// Recursion is bounded by the reader's depth limit (1000 levels).
bool ReadJsonValue(ReadContext& context, const YamlEvent& first, Json* value) {
  if (first.kind == YamlEventKind::kSequenceStart) {
    *value = Json::array();
    bool valid = true;
    std::optional<size_t> count = ForEachElement(context, [&](const YamlEvent& event) {
      Json element;
      valid = ReadJsonValue(context, event, &element) && valid;
      value->push_back(std::move(element));
    });
    return count.has_value() && valid;
  }
  if (first.kind == YamlEventKind::kMappingStart) {
    *value = Json::object();
    // Keys are unique already (the walker reports duplicates): append without
    // ordered_map's linear search.
    auto& entries = static_cast<Json::object_t::Container&>(value->get_ref<Json::object_t&>());
    bool valid = true;
    MappingWalker walker(context, {});
    while (walker.Next()) {
      PathSegment segment(context, walker.key());
      // The sequence holds names and texts of at most 256 characters.
      if (!CheckLength(context, walker.key(), "data field name", walker.key_location())) {
        context.Skip(context.Next());
        valid = false;
        continue;
      }
      Json element;
      valid = ReadJsonValue(context, context.Next(), &element) && valid;
      entries.emplace_back(walker.key(), std::move(element));
    }
    return valid && !context.reader.stopped();
  }
  if (first.kind != YamlEventKind::kScalar || first.unresolved) return false;
  switch (ResolveScalar(first)) {
    case ScalarType::kNull:
      *value = nullptr;
      return true;
    case ScalarType::kBool:
      *value = first.value[0] == 't' || first.value[0] == 'T';
      return true;
    case ScalarType::kInteger:
      if (std::optional<int64_t> integer = IntegerValue(first.value)) {
        *value = *integer;
        return true;
      }
      [[fallthrough]];  // too large for 64 bits: a double, as JSON readers take it
    case ScalarType::kFloat: {
      std::optional<double> number = ReadNumber(context, first, "data", kAnyNumber);
      if (number) *value = *number;
      return number.has_value();
    }
    case ScalarType::kString:
      if (!CheckLength(context, first.value, "data text", first.location)) return false;
      *value = std::string(first.value);
      return true;
  }
  return false;
}

}  // namespace cinc::scene_loading
