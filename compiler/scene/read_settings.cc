#include "compiler/scene/read_settings.h"

#include <algorithm>
#include <filesystem>
#include <string_view>

#include "compiler/scene/mapping_walker.h"
#include "compiler/scene/read_values.h"
#include "compiler/scene/scalars.h"
#include "sequence/limits.h"

namespace cinc::scene_loading {
namespace {

bool IsSequenceNameCharacter(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

// [A-Za-z0-9_-]{1,128}
bool IsSequenceName(std::string_view name) {
  return !name.empty() && name.size() <= kMaxSequenceNameLength &&
         std::all_of(name.begin(), name.end(), IsSequenceNameCharacter);
}

}  // namespace

std::string DefaultSceneName(const std::string& file) {
  std::string stem = std::filesystem::path(file).stem().string();
  std::string name;
  for (char c : stem) {
    if ((static_cast<unsigned char>(c) & 0xC0) == 0x80) continue;  // UTF-8 continuation
    name += IsSequenceNameCharacter(c) ? c : '_';
  }
  if (name.empty()) return "scene";
  if (name.size() > kMaxSequenceNameLength) name.resize(kMaxSequenceNameLength);
  return name;
}

void ReadVersion(ReadContext& context, const YamlEvent& first) {
  context.has_version = true;
  if (first.kind != YamlEventKind::kScalar) {
    context.Report(DiagnosticCode::kSceneVersion, first.location,
                   first.kind == YamlEventKind::kMappingStart
                       ? "format version must be 1, got a mapping"
                       : "format version must be 1, got a list");
    context.Skip(first);
    return;
  }
  if (first.unresolved) return;
  if (ResolveScalar(first) == ScalarType::kInteger && IntegerValue(first.value) == 1) return;
  context.Report(DiagnosticCode::kSceneVersion, first.location,
                 first.plain ? "format version must be 1, got '" + std::string(first.value) + "'"
                             : std::string("format version must be 1, got a string"));
}

void ReadTimeUnit(ReadContext& context, const YamlEvent& first) {
  context.time_unit = TimeUnit::kSeconds;  // also when the value is wrong: no tick reports then
  if (first.kind == YamlEventKind::kScalar && !IsNullScalar(first)) {
    if (first.unresolved || first.value == "s") return;
    context.Report(
        DiagnosticCode::kSceneValue, first.location,
        "unknown time unit '" + std::string(first.value) + "' (expected s or {ticks: N})");
    return;
  }
  if (first.kind != YamlEventKind::kMappingStart) {
    context.TypeError(first, "s or {ticks: N}");
    return;
  }
  static constexpr std::string_view kFields[] = {"ticks"};
  MappingWalker walker(context, kFields);
  bool given = false;
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    given = true;
    if (std::optional<int64_t> ticks = ReadInteger(context, context.Next(), "ticks", 1, 100000)) {
      context.scene.ticks_per_second = *ticks;
      context.time_unit = TimeUnit::kTicks;
    }
  }
  if (!given && !context.reader.stopped())
    context.Report(DiagnosticCode::kSceneFormat, first.location, "missing field ticks");
}

void ReadTolerance(ReadContext& context, const YamlEvent& first) {
  if (!ExpectMapping(context, first)) return;
  static constexpr std::string_view kFields[] = {"position", "rotation"};
  MappingWalker walker(context, kFields);
  while (walker.Next()) {
    PathSegment segment(context, walker.key());
    std::optional<double> value = ReadNumber(context, context.Next(), walker.key(), kPositive);
    if (!value) continue;
    (walker.field() == 0 ? context.scene.tolerance.position : context.scene.tolerance.rotation) =
        *value;
  }
}

void ReadSequenceName(ReadContext& context, const YamlEvent& value) {
  if (value.kind != YamlEventKind::kScalar || IsNullScalar(value)) {
    context.TypeError(value, "a string");
  } else if (!value.unresolved) {
    if (IsSequenceName(value.value)) {
      context.scene.name = value.value;
    } else {
      context.Report(DiagnosticCode::kSceneName, value.location,
                     "invalid sequence name '" + std::string(value.value) + "'");
    }
  }
}

}  // namespace cinc::scene_loading
