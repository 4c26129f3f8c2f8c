// Table-driven mappings and lists: a mapping's fields as a table of rules
// (key, reader, traits), read in the order they are written, with the
// checks across fields (required, exclusive) that follow the table.
#ifndef CINC_COMPILER_SCENE_FIELD_TABLE_H_
#define CINC_COMPILER_SCENE_FIELD_TABLE_H_

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "compiler/scene/mapping_walker.h"
#include "compiler/scene/read_context.h"
#include "compiler/scene/read_values.h"
#include "core/boxed.h"

namespace cinc::scene_loading {

// What a table-driven read of a mapping saw: which fields were given (and
// admitted), where their keys are, and whether every value read cleanly.
struct FieldsSeen {
  static constexpr int kMaxFields = 64;
  uint64_t given = 0;
  std::array<SourceLocation, kMaxFields> locations{};
  bool valid = true;

  bool Has(int field) const { return (given >> field) & 1; }
};

// One field of a mapping: its key, how its value is read into a Target
// (false when the reader reported a problem) and what else the table says of
// it (Traits).
struct NoFieldTraits {};
template <typename Target, typename Traits = NoFieldTraits>
struct FieldRule {
  std::string_view name;
  bool (*read)(ReadContext& context, const YamlEvent& value, Target* target);
  Traits traits{};
};

// A mapping's fields; `names` go to the MappingWalker.
template <typename Target, size_t N, typename Traits = NoFieldTraits>
struct FieldTable {
  static_assert(N <= FieldsSeen::kMaxFields);
  std::array<FieldRule<Target, Traits>, N> rules;
  std::array<std::string_view, N> names;

  bool Read(int field, ReadContext& context, const YamlEvent& value, Target* target) const {
    return rules[static_cast<size_t>(field)].read(context, value, target);
  }
};

template <typename Target, typename Traits = NoFieldTraits, size_t N>
constexpr FieldTable<Target, N, Traits> MakeFieldTable(
    const FieldRule<Target, Traits> (&rules)[N]) {
  FieldTable<Target, N, Traits> table{};
  for (size_t index = 0; index < N; ++index) {
    table.rules[index] = rules[index];
    table.names[index] = rules[index].name;
  }
  return table;
}

// Keeps what a reader read in a field that has a "not given" state; true
// when there was something to keep (a field rule's result).
template <typename Value>
bool Keep(std::optional<Value> read, std::optional<Value>* field) {
  *field = std::move(read);
  return field->has_value();
}
template <typename Value>
bool Keep(std::optional<Value> read, Boxed<Value>* field) {
  *field = std::move(read);
  return field->has_value();
}
// The same for a field with no "not given" state of its own.
template <typename Value>
bool Keep(std::optional<Value> read, Value* field) {
  if (read) *field = std::move(*read);
  return read.has_value();
}

// Reads the entries of the mapping whose start was just read, each with its
// table's Read(field, …), under its key in the path; unknown and duplicate
// keys are reported by the walker. `admit(field, key_location)` may refuse a
// field (it reports why; the value is skipped and the field not given).
// `options` go to the walker (a node's mapping follows `use:`).
template <typename Table, typename Target, typename Admit>
FieldsSeen ReadFields(ReadContext& context, const Table& table, Target* target, Admit admit,
                      WalkerOptions options = {}) {
  FieldsSeen seen;
  MappingWalker walker(context, table.names, options);
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    YamlEvent value = context.Next();
    int field = walker.field();
    if (!admit(field, walker.key_location())) {
      context.Skip(value);
      continue;
    }
    seen.given |= uint64_t{1} << field;
    seen.locations[static_cast<size_t>(field)] = walker.key_location();
    if (!table.Read(field, context, value, target)) seen.valid = false;
  }
  return seen;
}
template <typename Table, typename Target>
FieldsSeen ReadFields(ReadContext& context, const Table& table, Target* target) {
  return ReadFields(context, table, target, [](int, SourceLocation) { return true; });
}

// Reads a section's mapping (whose start is `first`) into *target, its
// origin at `first`: the fields seen, or nullopt when it is not a mapping
// (reported) or reading stopped.
template <typename Table, typename Target>
std::optional<FieldsSeen> ReadSection(ReadContext& context, const YamlEvent& first,
                                      const Table& table, Target* target) {
  if (!ExpectMapping(context, first)) return std::nullopt;
  target->origin = context.OriginAt(first.location);
  FieldsSeen seen = ReadFields(context, table, target);
  if (context.reader.stopped()) return std::nullopt;
  return seen;
}

// "missing field NAME" at `first` for each of `fields` not given; true when
// all were.
template <typename Table>
bool RequireFields(ReadContext& context, const YamlEvent& first, const FieldsSeen& seen,
                   const Table& table, std::initializer_list<int> fields) {
  bool all = true;
  for (int field : fields) {
    if (seen.Has(field)) continue;
    context.Report(DiagnosticCode::kSceneFormat, first.location,
                   "missing field " + std::string(table.names[static_cast<size_t>(field)]));
    all = false;
  }
  return all;
}

// "'LATER' cannot be combined with 'EARLIER'" at the later key of two given
// fields (by position in the text), led by `subject` ("node 'a.x': ") when
// it is not empty; true when it reported.
template <typename Table>
bool ReportCombined(ReadContext& context, DiagnosticCode code, const FieldsSeen& seen,
                    const Table& table, int first_field, int second_field,
                    std::string_view subject = "") {
  if (!seen.Has(first_field) || !seen.Has(second_field)) return false;
  SourceLocation first = seen.locations[static_cast<size_t>(first_field)];
  SourceLocation second = seen.locations[static_cast<size_t>(second_field)];
  bool second_later = std::pair(second.line, second.column) > std::pair(first.line, first.column);
  int later = second_later ? second_field : first_field;
  int earlier = second_later ? first_field : second_field;
  std::string_view later_name = table.names[static_cast<size_t>(later)];
  context.ReportAtKey(code, seen.locations[static_cast<size_t>(later)], later_name,
                      std::string(subject) + "'" + std::string(later_name) +
                          "' cannot be combined with '" +
                          std::string(table.names[static_cast<size_t>(earlier)]) + "'");
  return true;
}

// Visits each element of the list whose start was just read, under its
// index in the path. The element count, or nothing when the document ended
// inside the list.
template <typename Visit>
std::optional<size_t> ForEachElement(ReadContext& context, Visit visit) {
  size_t count = 0;
  for (;;) {
    YamlEvent event = context.Next();
    if (event.kind == YamlEventKind::kEnd) return std::nullopt;
    if (event.kind == YamlEventKind::kSequenceEnd) return count;
    PathSegment segment(context, count++);
    visit(event);
  }
}

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_FIELD_TABLE_H_
