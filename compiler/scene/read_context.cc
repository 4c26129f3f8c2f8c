#include "compiler/scene/read_context.h"

#include <algorithm>
#include <charconv>

#include "compiler/scene/scalars.h"

namespace cinc::scene_loading {
namespace {

// Whether `key` may be a key somewhere in `text`: written, perhaps quoted,
// then spaces and a colon. Cheap, and no false negatives; a comment that
// says `templates:` is a false positive, which costs memory, not results.
bool MayHaveKey(std::string_view text, std::string_view key) {
  for (size_t at = text.find(key); at != std::string_view::npos; at = text.find(key, at + 1)) {
    size_t after = at + key.size();
    if (after < text.size() && (text[after] == '"' || text[after] == '\'')) ++after;
    while (after < text.size() && (text[after] == ' ' || text[after] == '\t')) ++after;
    if (after < text.size() && text[after] == ':') return true;
  }
  return false;
}

}  // namespace

ReadContext::ReadContext(std::string_view text, const std::string& file,
                         const SceneLoadOptions& options, Diagnostics* diagnostics, int file_index,
                         IncludeState* includes)
    : text(text),
      reader(text, YamlEventSource::kDefaultParseAheadBytes, file_index),
      file(file),
      options(options),
      diagnostics(diagnostics),
      file_index(file_index),
      includes(includes != nullptr ? includes : &own_includes),
      may_have_includes(MayHaveKey(text, "include")) {
  templates.may_follow = MayHaveKey(text, "templates");
}

YamlEvent ReadContext::Next() {
  YamlEvent event = reader.Next();
  if (reader.has_problems()) {
    for (YamlProblem& problem : reader.TakeProblems()) {
      Report(problem.code, problem.location, std::move(problem.message));
    }
  }
  return event;
}

YamlNodeHandle ReadContext::Capture(bool* at_end) {
  YamlNodeHandle node = reader.Capture(at_end);
  if (reader.has_problems()) {
    for (YamlProblem& problem : reader.TakeProblems()) {
      Report(problem.code, problem.location, std::move(problem.message));
    }
  }
  return node;
}

void ReadContext::Skip(const YamlEvent& first) {
  if (first.kind != YamlEventKind::kMappingStart && first.kind != YamlEventKind::kSequenceStart) {
    return;
  }
  int depth = 1;
  while (depth > 0) {
    YamlEvent event = Next();
    switch (event.kind) {
      case YamlEventKind::kMappingStart:
      case YamlEventKind::kSequenceStart:
        ++depth;
        break;
      case YamlEventKind::kMappingEnd:
      case YamlEventKind::kSequenceEnd:
        --depth;
        break;
      case YamlEventKind::kEnd:
        return;
      case YamlEventKind::kScalar:
        break;
    }
  }
}

Origin ReadContext::OriginAt(SourceLocation location) const {
  return {.location = location, .pointer = scene.paths->Intern(path)};
}

void ReadContext::Report(DiagnosticCode code, SourceLocation location, std::string message) {
  ReportAtPath(code, location, path, std::move(message));
}

void ReadContext::ReportValue(const YamlEvent& value, std::string_view field,
                              std::string_view problem) {
  Report(DiagnosticCode::kSceneValue, value.location,
         std::string(field) + " " + std::string(value.value) + " " + std::string(problem));
}

void ReadContext::ReportAt(DiagnosticCode code, const Origin& origin, std::string message) {
  ReportAtPath(code, origin.location, origin.path(), std::move(message));
}

void ReadContext::ReportAtPath(DiagnosticCode code, SourceLocation location,
                               std::string_view pointer, std::string message) {
  if (location.file == 0) location.file = file_index;  // a location of this file made up here
  // A problem reported while a walker merges is reported once per place.
  if (merging_walkers > 0 &&
      !merged_reports.emplace(code, location.file, location.line, location.column, message)
           .second) {
    return;
  }
  diagnostics->Add({InfoOf(code).severity, code,
                    location.file == 0 ? file : diagnostics->FileName(location), location,
                    std::string(pointer), std::move(message)});
}

void ReadContext::ReportAtKey(DiagnosticCode code, SourceLocation location, std::string_view key,
                              std::string message) {
  PathSegment segment(*this, key);
  Report(code, location, std::move(message));
}

void ReadContext::TypeError(const YamlEvent& first, std::string_view what) {
  if (!first.unresolved) {
    Report(DiagnosticCode::kSceneFormat, first.location,
           "expected " + std::string(what) + ", got " + std::string(DescribeValue(first)));
  }
  Skip(first);
}

std::string ReadContext::PlaceText(SourceLocation location) const {
  return (location.file == 0 ? file : diagnostics->FileName(location)) + ":" +
         std::to_string(location.line) + ":" + std::to_string(location.column);
}

PathSegment::PathSegment(ReadContext& context, std::string_view key)
    : context_(context), size_before_(context.path.size()) {
  std::string& path = context.path;
  path += '/';
  // Nearly every key needs no escape: appended at once, not character by
  // character (find_first_of would call memchr for each character).
  if (std::none_of(key.begin(), key.end(), [](char c) { return c == '~' || c == '/'; })) {
    path += key;
    return;
  }
  for (char c : key) {  // RFC 6901 escaping, as JsonPointerToken, without a temporary
    if (c == '~') {
      path += "~0";
    } else if (c == '/') {
      path += "~1";
    } else {
      path += c;
    }
  }
}

PathSegment::PathSegment(ReadContext& context, size_t index)
    : context_(context), size_before_(context.path.size()) {
  char digits[24];
  auto [end, error] = std::to_chars(digits, digits + sizeof(digits), index);
  context.path += '/';
  context.path.append(digits, end);
}

}  // namespace cinc::scene_loading
