#include "compiler/scene/read_timing.h"

#include <string>
#include <utility>

#include "compiler/scene/field_table.h"
#include "compiler/scene/read_values.h"

namespace cinc::scene_loading {
namespace {

enum StartField { kStartAt, kStartAfter, kStartWith, kStartEndWith, kStartBefore, kStartLag };

struct StartEntry {
  std::optional<Relation> relation;  // the first relation field's
  std::optional<ExactTime> lag;
  int first_relation_field = -1;
  std::vector<int> extra_relation_fields;  // reported, the first one kept
};

template <StartField kField, RelationKind kKind>
bool ReadStartRelation(ReadContext& context, const YamlEvent& value, StartEntry* entry) {
  constexpr std::string_view kNames[] = {"at", "after", "with", "end_with", "before"};
  std::optional<Relation> read =
      ReadRelation(context, value, kKind, kNames[kField], context.OriginAt(value.location));
  if (entry->first_relation_field < 0) {
    entry->first_relation_field = kField;
    entry->relation = std::move(read);
  } else {
    entry->extra_relation_fields.push_back(kField);
  }
  return true;
}

constexpr FieldRule<StartEntry> kStartRules[] = {
    {"at", ReadStartRelation<kStartAt, RelationKind::kAt>},
    {"after", ReadStartRelation<kStartAfter, RelationKind::kAfter>},
    {"with", ReadStartRelation<kStartWith, RelationKind::kWith>},
    {"end_with", ReadStartRelation<kStartEndWith, RelationKind::kEndWith>},
    {"before", ReadStartRelation<kStartBefore, RelationKind::kBefore>},
    {"lag",
     [](ReadContext& context, const YamlEvent& value, StartEntry* entry) {
       return Keep(ReadTime(context, value, "lag", /*allow_negative=*/true), &entry->lag);
     }},
};
constexpr auto kStartTable = MakeFieldTable(kStartRules);

}  // namespace

void ApplyLag(const ExactTime& lag, Relation* relation) {
  if (relation->kind == RelationKind::kAt) {
    relation->offset += lag;
  } else {
    relation->offset = lag;
  }
}

void ReadRelations(ReadContext& context, const YamlEvent& first, RelationKind kind,
                   std::string_view field, std::vector<Relation>* relations) {
  auto read = [&](const YamlEvent& event, const Origin& origin) {
    if (std::optional<Relation> relation = ReadRelation(context, event, kind, field, origin)) {
      relations->push_back(std::move(*relation));
    }
  };
  if (first.kind != YamlEventKind::kSequenceStart) {
    read(first, context.OriginAt(first.location));
    return;
  }
  // One pointer for the list; each entry keeps its index in it.
  const JsonPointer list = context.scene.paths->Intern(context.path);
  int32_t element = 0;
  auto read_element = [&](const YamlEvent& event) {
    read(event, {.location = event.location, .element = element++, .pointer = list});
  };
  if (ForEachElement(context, read_element) == size_t{0}) {
    context.Report(DiagnosticCode::kSceneFormat, first.location,
                   "'" + std::string(field) + "' is an empty list");
  }
}

std::optional<Relation> ReadRelation(ReadContext& context, const YamlEvent& first,
                                     RelationKind kind, std::string_view field,
                                     const Origin& origin) {
  Relation relation;
  relation.kind = kind;
  relation.origin = origin;
  if (kind == RelationKind::kAt) {
    std::optional<ExactTime> at = ReadTime(context, first, "at", /*allow_negative=*/true);
    if (!at) return std::nullopt;
    relation.offset = *at;
    return relation;
  }
  if (first.kind != YamlEventKind::kScalar) {
    context.TypeError(first, "a node reference");
    return std::nullopt;
  }
  std::optional<std::string> target = ReadString(context, first, field);
  if (!target) return std::nullopt;
  relation.target = std::move(*target);
  return relation;
}

void ReadStartList(ReadContext& context, const YamlEvent& first, const Node& node,
                   std::vector<Relation>* relations) {
  if (first.kind != YamlEventKind::kSequenceStart) {
    context.TypeError(first, "a list of relations");
    return;
  }
  std::optional<size_t> count = ForEachElement(context, [&](const YamlEvent& event) {
    if (!ExpectMapping(context, event)) return;
    StartEntry entry;
    FieldsSeen seen = ReadFields(context, kStartTable, &entry);
    if (context.reader.stopped()) return;
    // The node as far as it is read (its `id:` usually comes first).
    auto subject = [&] { return "node '" + node.QualifiedName() + "': in a 'start' entry, "; };
    for (int field : entry.extra_relation_fields) {
      ReportCombined(context, DiagnosticCode::kTimingConflict, seen, kStartTable, field,
                     entry.first_relation_field, subject());
    }
    if (entry.first_relation_field < 0) {
      context.Report(DiagnosticCode::kSceneFormat, event.location,
                     "missing field at, after, with, end_with or before");
    }
    if (seen.Has(kStartAt) && seen.Has(kStartLag)) {
      ReportCombined(context, DiagnosticCode::kTimingConflict, seen, kStartTable, kStartAt,
                     kStartLag, subject());
    }
    if (entry.relation) {
      ApplyLag(entry.lag.value_or(ExactTime()), &*entry.relation);
      relations->push_back(std::move(*entry.relation));
    }
  });
  if (count == size_t{0}) {
    context.Report(DiagnosticCode::kSceneFormat, first.location, "'start' is an empty list");
  }
}

}  // namespace cinc::scene_loading
