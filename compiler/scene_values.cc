// Events, mappings and typed scalars of the scene loader.
#include <algorithm>
#include <charconv>
#include <cmath>

#include "compiler/scene_loader_internal.h"
#include "core/number_format.h"

namespace cinc::scene_loading {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsHexDigit(char c) { return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

bool IsNullText(std::string_view text) {
  return text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL";
}

std::optional<bool> BoolText(std::string_view text) {
  if (text == "true" || text == "True" || text == "TRUE") return true;
  if (text == "false" || text == "False" || text == "FALSE") return false;
  return std::nullopt;
}

bool AllOf(std::string_view text, bool (*predicate)(char)) {
  return !text.empty() && std::all_of(text.begin(), text.end(), predicate);
}

// [-+]?[0-9]+ | 0o[0-7]+ | 0x[0-9a-fA-F]+
bool IsIntegerText(std::string_view text) {
  if (text.size() > 2 && text[0] == '0' && text[1] == 'o') {
    return AllOf(text.substr(2), [](char c) { return c >= '0' && c <= '7'; });
  }
  if (text.size() > 2 && text[0] == '0' && text[1] == 'x') {
    return AllOf(text.substr(2), IsHexDigit);
  }
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  return AllOf(text, IsDigit);
}

bool IsSpecialFloatText(std::string_view text) {
  if (text == ".nan" || text == ".NaN" || text == ".NAN") return true;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  return text == ".inf" || text == ".Inf" || text == ".INF";
}

// [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)? or a special float.
bool IsFloatText(std::string_view text) {
  if (IsSpecialFloatText(text)) return true;
  size_t index = 0;
  if (index < text.size() && (text[index] == '-' || text[index] == '+')) ++index;
  size_t integer_digits = 0;
  while (index < text.size() && IsDigit(text[index])) ++index, ++integer_digits;
  size_t fraction_digits = 0;
  if (index < text.size() && text[index] == '.') {
    ++index;
    while (index < text.size() && IsDigit(text[index])) ++index, ++fraction_digits;
  }
  if (integer_digits == 0 && fraction_digits == 0) return false;
  if (index < text.size() && (text[index] == 'e' || text[index] == 'E')) {
    ++index;
    if (index < text.size() && (text[index] == '-' || text[index] == '+')) ++index;
    size_t exponent_digits = 0;
    while (index < text.size() && IsDigit(text[index])) ++index, ++exponent_digits;
    if (exponent_digits == 0) return false;
  }
  return index == text.size();
}

// The value of an integer or float text (see ResolveScalar).
double NumberValue(std::string_view text) {
  if (IsSpecialFloatText(text)) {
    if (text.find_first_of("nN") != std::string_view::npos) return std::nan("");
    return text[0] == '-' ? -HUGE_VAL : HUGE_VAL;
  }
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'o' || text[1] == 'x')) {
    std::optional<int64_t> value = IntegerValue(text);
    return value ? static_cast<double>(*value) : HUGE_VAL;
  }
  bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) text.remove_prefix(1);
  double value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc::result_out_of_range) {
    // Too small rounds to zero; too large is infinite.
    size_t exponent = text.find_first_of("eE");
    bool tiny = exponent != std::string_view::npos && exponent + 1 < text.size() &&
                text[exponent + 1] == '-';
    value = tiny ? 0.0 : HUGE_VAL;
  }
  return negative ? -value : value;
}

size_t CodePointCount(std::string_view text) {
  return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}

std::string_view Describe(const YamlEvent& event) {
  switch (event.kind) {
    case YamlEventKind::kMappingStart:
      return "a mapping";
    case YamlEventKind::kSequenceStart:
      return "a list";
    case YamlEventKind::kScalar:
      break;
    default:
      return "nothing";
  }
  switch (ResolveScalar(event)) {
    case ScalarType::kNull:
      return "null";
    case ScalarType::kBool:
      return "a boolean";
    case ScalarType::kInteger:
    case ScalarType::kFloat:
      return "a number";
    case ScalarType::kString:
      break;
  }
  return "a string";
}

bool InRange(double value, const NumberRange& range) {
  bool above_low = range.low_open ? value > range.low : value >= range.low;
  bool below_high = range.high_open ? value < range.high : value <= range.high;
  return above_low && below_high;
}

std::string RangeProblem(const NumberRange& range) {
  if (range.low == 0 && std::isinf(range.high)) {
    return range.low_open ? "must be greater than 0" : "is negative";
  }
  return std::string("is outside ") + (range.low_open ? "(" : "[") + BoundText(range.low) + ", " +
         BoundText(range.high) + (range.high_open ? ")" : "]");
}

}  // namespace

std::string BoundText(double bound) {
  if (bound == std::trunc(bound) && std::abs(bound) < 1e15) {
    return std::to_string(static_cast<long long>(bound));
  }
  return FormatDouble(bound);
}

std::optional<int64_t> IntegerValue(std::string_view text) {
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'o' || text[1] == 'x')) {
    base = text[1] == 'o' ? 8 : 16;
    text.remove_prefix(2);
  } else if (!text.empty() && text[0] == '+') {
    text.remove_prefix(1);
  }
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

bool IsNullScalar(const YamlEvent& event) {
  return event.kind == YamlEventKind::kScalar && event.plain && !event.unresolved &&
         IsNullText(event.value);
}

ScalarType ResolveScalar(const YamlEvent& event) {
  if (!event.plain) return ScalarType::kString;
  std::string_view text = event.value;
  if (IsNullText(text)) return ScalarType::kNull;
  // Most plain scalars are names: only a few first characters can start anything else.
  char first = text[0];
  if (!IsDigit(first) && first != '-' && first != '+' && first != '.' && first != 't' &&
      first != 'T' && first != 'f' && first != 'F') {
    return ScalarType::kString;
  }
  if (BoolText(text)) return ScalarType::kBool;
  if (IsIntegerText(text)) return ScalarType::kInteger;
  if (IsFloatText(text)) return ScalarType::kFloat;
  return ScalarType::kString;
}

bool IsName(std::string_view text) {
  if (text.empty()) return false;
  char first = text[0];
  if (!((first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z') || first == '_')) {
    return false;
  }
  return std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || IsDigit(c) || c == '_' || c == '-';
  });
}

// --- MappingWalker ---------------------------------------------------------------

MappingWalker::MappingWalker(SceneLoader* loader, std::span<const std::string_view> fields,
                             WalkerOptions options)
    : loader_(loader), fields_(fields), options_(options) {}

MappingWalker::~MappingWalker() {
  if (counted_as_merging_) --loader_->merging_walkers_;
}

void MappingWalker::ReadUse() {
  SceneLoader::PathSegment segment(loader_, "use");
  YamlEvent value = loader_->Next();
  if (use_in_current_) {  // a second `use` in one mapping
    if (!in_merged_mapping_) {
      loader_->Report(DiagnosticCode::kSceneFormat, key_location_, "duplicate key 'use'");
    }
    loader_->Skip(value);
    return;
  }
  use_in_current_ = true;
  if (!in_template_) {
    if (use_taken_) {  // the node's own `use` (or an earlier source's) wins
      loader_->Skip(value);
      return;
    }
    use_taken_ = true;
  }
  for (const YamlNodeHandle& source : loader_->TemplatesOfUse(value, !in_template_)) {
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
    YamlEvent event = loader_->Next();
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
      loader_->TypeError(event, "a string key");
      loader_->Skip(loader_->Next());
      continue;
    }
    if (event.unresolved) {
      loader_->Skip(loader_->Next());
      continue;
    }
    if (event.plain && event.value == "<<") {
      bool at_end = false;
      YamlNodeHandle source = loader_->Capture(&at_end);
      if (!source.empty()) merges_of_current_.push_back(source);
      continue;
    }
    if (options_.follow_use && event.value == "use") {
      key_location_ = event.location;
      ReadUse();
      continue;
    }
    if (options_.skip_extension_keys && event.value.starts_with("x-")) {
      loader_->Skip(loader_->Next());
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
        loader_->ReportAtKey(DiagnosticCode::kSceneFormat, key_location_, key_,
                             "unknown field '" + key_ + "'" + suggestion);
        loader_->Skip(loader_->Next());
        continue;
      }
      field_ = static_cast<int>(found - fields_.begin());
    }
    if (!MarkSeen()) {
      // A merged key that is already set is simply overridden.
      if (!in_merged_mapping_) {
        loader_->ReportAtKey(DiagnosticCode::kSceneFormat, key_location_, key_,
                             "duplicate key '" + key_ + "'");
      }
      loader_->Skip(loader_->Next());
      continue;
    }
    return true;
  }
}

bool MappingWalker::StartNextMergeSource() {
  while (!pending_merges_.empty()) {
    MergeSource source = pending_merges_.back();
    pending_merges_.pop_back();
    loader_->reader().Replay(source.node);
    YamlEvent event = loader_->Next();
    if (event.kind == YamlEventKind::kEnd) return false;
    if (event.kind == YamlEventKind::kMappingStart) {
      in_merged_mapping_ = true;
      in_template_ = source.is_template;
      if (!counted_as_merging_) {
        counted_as_merging_ = true;
        ++loader_->merging_walkers_;
      }
      return true;
    }
    if (event.kind == YamlEventKind::kSequenceStart && !source.is_list_element) {
      std::vector<YamlNodeHandle> elements;
      for (;;) {
        bool at_end = false;
        YamlNodeHandle element = loader_->Capture(&at_end);
        if (at_end) break;
        if (element.empty()) return false;  // reading stopped
        elements.push_back(element);
      }
      for (auto element = elements.rbegin(); element != elements.rend(); ++element) {
        pending_merges_.push_back({*element, true, false});
      }
      continue;
    }
    SceneLoader::PathSegment segment(loader_, "<<");
    loader_->TypeError(event, source.is_list_element ? "a mapping to merge"
                                                     : "a mapping or a list of mappings to merge");
  }
  return false;
}

// --- events, paths and reports ---------------------------------------------------

YamlEvent SceneLoader::Next() {
  YamlEvent event = reader_.Next();
  if (reader_.has_problems()) {
    for (YamlProblem& problem : reader_.TakeProblems()) {
      Report(problem.code, problem.location, std::move(problem.message));
    }
  }
  return event;
}

YamlNodeHandle SceneLoader::Capture(bool* at_end) {
  YamlNodeHandle node = reader_.Capture(at_end);
  if (reader_.has_problems()) {
    for (YamlProblem& problem : reader_.TakeProblems()) {
      Report(problem.code, problem.location, std::move(problem.message));
    }
  }
  return node;
}

void SceneLoader::Skip(const YamlEvent& first) {
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

bool SceneLoader::IsRepeatedMergedReport(DiagnosticCode code, SourceLocation location,
                                         const std::string& message) {
  return merging_walkers_ > 0 &&
         !merged_reports_.emplace(code, location.file, location.line, location.column, message)
              .second;
}

void SceneLoader::Report(DiagnosticCode code, SourceLocation location, std::string message) {
  ReportAtPath(code, location, path_, std::move(message));
}

void SceneLoader::ReportValue(const YamlEvent& value, std::string_view field,
                              std::string_view problem) {
  Report(DiagnosticCode::kSceneValue, value.location,
         std::string(field) + " " + std::string(value.value) + " " + std::string(problem));
}

void SceneLoader::ReportAt(DiagnosticCode code, const Origin& origin, std::string message) {
  ReportAtPath(code, origin.location, origin.path(), std::move(message));
}

void SceneLoader::ReportAtPath(DiagnosticCode code, SourceLocation location, std::string_view path,
                               std::string message) {
  if (location.file == 0) location.file = file_index_;  // a location of this file made up here
  if (IsRepeatedMergedReport(code, location, message)) return;
  diagnostics_->Add({InfoOf(code).severity, code,
                     location.file == 0 ? file_ : diagnostics_->FileName(location), location,
                     std::string(path), std::move(message)});
}

void SceneLoader::ReportAtKey(DiagnosticCode code, SourceLocation location, std::string_view key,
                              std::string message) {
  PathSegment segment(this, key);
  Report(code, location, std::move(message));
}

void SceneLoader::TypeError(const YamlEvent& first, std::string_view what) {
  if (!first.unresolved) {
    Report(DiagnosticCode::kSceneFormat, first.location,
           "expected " + std::string(what) + ", got " + std::string(Describe(first)));
  }
  Skip(first);
}

SceneLoader::PathSegment::PathSegment(SceneLoader* loader, std::string_view key)
    : loader_(loader), size_before_(loader->path_.size()) {
  std::string& path = loader->path_;
  path += '/';
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

SceneLoader::PathSegment::PathSegment(SceneLoader* loader, size_t index)
    : loader_(loader), size_before_(loader->path_.size()) {
  char digits[24];
  auto [end, error] = std::to_chars(digits, digits + sizeof(digits), index);
  loader->path_ += '/';
  loader->path_.append(digits, end);
}

// --- typed values ----------------------------------------------------------------

bool SceneLoader::ExpectMapping(const YamlEvent& first) {
  if (first.kind == YamlEventKind::kMappingStart) return true;
  TypeError(first, "a mapping");
  return false;
}

namespace {

// kInteger or kFloat for a scalar that resolves to a number, else nothing.
std::optional<ScalarType> NumberScalarType(const YamlEvent& first) {
  if (first.kind != YamlEventKind::kScalar) return std::nullopt;
  ScalarType type = ResolveScalar(first);
  if (type != ScalarType::kInteger && type != ScalarType::kFloat) return std::nullopt;
  return type;
}

}  // namespace

std::optional<double> SceneLoader::ReadNumber(const YamlEvent& first, std::string_view field,
                                              const NumberRange& range) {
  std::optional<ScalarType> type = NumberScalarType(first);
  if (!type) {
    TypeError(first, "a number");
    return std::nullopt;
  }
  double value = NumberValue(first.value);
  if (!std::isfinite(value)) {
    ReportValue(first, field, "is not a finite number");
    return std::nullopt;
  }
  if (!InRange(value, range)) {
    ReportValue(first, field, RangeProblem(range));
    return std::nullopt;
  }
  return value;
}

std::optional<int64_t> SceneLoader::ReadInteger(const YamlEvent& first, std::string_view field,
                                                int64_t low, int64_t high) {
  std::optional<ScalarType> type = NumberScalarType(first);
  if (!type) {
    TypeError(first, "an integer");
    return std::nullopt;
  }
  if (type == ScalarType::kInteger) {
    std::optional<int64_t> value = IntegerValue(first.value);
    if (value && *value >= low && *value <= high) return value;
  }
  Report(DiagnosticCode::kSceneValue, first.location,
         std::string(field) + " " + std::string(first.value) + " is not an integer in " +
             std::to_string(low) + ".." + std::to_string(high));
  return std::nullopt;
}

std::optional<bool> SceneLoader::ReadBool(const YamlEvent& first) {
  if (first.kind == YamlEventKind::kScalar && ResolveScalar(first) == ScalarType::kBool) {
    return BoolText(first.value);
  }
  TypeError(first, "true or false");
  return std::nullopt;
}

std::optional<std::string> SceneLoader::ReadString(const YamlEvent& first, std::string_view field) {
  if (first.kind != YamlEventKind::kScalar || first.unresolved ||
      (first.plain && IsNullText(first.value))) {
    TypeError(first, "a string");
    return std::nullopt;
  }
  if (!CheckLength(first.value, field, first.location)) return std::nullopt;
  return std::string(first.value);
}

std::optional<std::string> SceneLoader::ReadText(const YamlEvent& first, std::string_view field) {
  std::optional<std::string> text = ReadString(first, field);
  if (text && text->empty()) {
    Report(DiagnosticCode::kSceneValue, first.location,
           std::string(field) + " is empty; the runtime needs some text here");
    return std::nullopt;
  }
  return text;
}

std::optional<std::string> SceneLoader::ReadName(const YamlEvent& first, std::string_view field) {
  std::optional<std::string> name = ReadString(first, field);
  if (name && !CheckName(*name, field, first.location)) return std::nullopt;
  return name;
}

bool SceneLoader::CheckLength(std::string_view text, std::string_view field,
                              SourceLocation location) {
  if (CodePointCount(text) <= kMaxTextLength) return true;
  Report(DiagnosticCode::kLimit, location,
         std::string(field) + " is longer than " + std::to_string(kMaxTextLength) + " characters");
  return false;
}

bool SceneLoader::CheckName(std::string_view name, std::string_view field,
                            SourceLocation location) {
  if (!CheckLength(name, field, location)) return false;
  if (IsName(name)) return true;
  Report(DiagnosticCode::kSceneName, location, "invalid name '" + std::string(name) + "'");
  return false;
}

std::optional<ExactTime> SceneLoader::ReadTime(const YamlEvent& first, std::string_view field,
                                               bool allow_negative) {
  std::optional<ScalarType> type = NumberScalarType(first);
  if (!type) {
    TypeError(first, "a number");
    return std::nullopt;
  }
  std::string_view text = first.value;
  std::optional<ExactTime> value;
  bool prefixed_integer = text.size() > 2 && text[0] == '0' && (text[1] == 'o' || text[1] == 'x');
  if (prefixed_integer) {
    if (std::optional<int64_t> integer = IntegerValue(text)) {
      value = ExactTime::FromInteger(*integer);
    }
  } else if (!IsSpecialFloatText(text)) {
    value = ExactTime::ParseDecimal(text);
  }
  if (!value) {  // no exact value: say why
    // A literal in range that is not exact has digits below the grid (one
    // on the grid always is exact: ExactTime::ParseDecimal).
    double approximate = NumberValue(text);
    if (!std::isfinite(approximate)) {
      ReportValue(first, field, "is not a finite number");
    } else if (std::abs(approximate) > 1000000) {
      ReportValue(first, field, "is outside [-1000000, 1000000]");
    } else {
      ReportValue(first, field, "is not a multiple of 0.000000001");
    }
    return std::nullopt;
  }
  static const ExactTime kLimit = ExactTime::FromInteger(1000000);
  static const ExactTime kGrid = ExactTime::FromRatio(1, 1000000000);
  if (*value > kLimit || *value < -kLimit) {
    ReportValue(first, field, "is outside [-1000000, 1000000]");
    return std::nullopt;
  }
  if (!value->IsZero() && !value->IsMultipleOf(kGrid)) {
    ReportValue(first, field, "is not a multiple of 0.000000001");
    return std::nullopt;
  }
  if (!allow_negative && *value < ExactTime()) {
    ReportValue(first, field, "is negative");
    return std::nullopt;
  }
  if (value->denominator() != 1 && time_unit_ != TimeUnit::kSeconds) {
    // Tick scenes count whole ticks; the unit may only be known at the end.
    if (time_unit_ == TimeUnit::kTicks) {
      ReportValue(first, field, kNotWholeTicks);
    } else {
      fraction_before_time_unit_ = true;
    }
  }
  return value;
}

bool SceneLoader::ReadNumberList(const YamlEvent& first, std::span<const NumberElement> elements,
                                 double* values) {
  auto expected = [&elements] {  // built only for a report
    return "a list of " + std::to_string(elements.size()) + " numbers";
  };
  if (first.kind != YamlEventKind::kSequenceStart) {
    TypeError(first, expected());
    return false;
  }
  size_t count = 0;
  bool valid = true;
  for (;;) {
    YamlEvent event = Next();
    if (event.kind == YamlEventKind::kEnd) return false;
    if (event.kind == YamlEventKind::kSequenceEnd) break;
    PathSegment segment(this, count);
    if (count < elements.size()) {
      std::optional<double> value = ReadNumber(event, elements[count].field, elements[count].range);
      if (value) {
        values[count] = *value;
      } else {
        valid = false;
      }
    } else {
      Skip(event);
    }
    ++count;
  }
  if (count != elements.size()) {
    Report(DiagnosticCode::kSceneFormat, first.location,
           "expected " + expected() + ", got " + std::to_string(count));
    return false;
  }
  return valid;
}

std::optional<Vec3> SceneLoader::ReadVec3(const YamlEvent& first, std::string_view field,
                                          const NumberRange& range) {
  const NumberElement elements[3] = {{field, range}, {field, range}, {field, range}};
  double values[3];
  if (!ReadNumberList(first, elements, values)) return std::nullopt;
  return Vec3(values[0], values[1], values[2]);
}

std::optional<Quat> SceneLoader::ReadRotation(const YamlEvent& first) {
  if (first.kind == YamlEventKind::kSequenceStart) {
    std::optional<Vec3> euler = ReadVec3(first, "rotation", kAngleRange);
    if (!euler) return std::nullopt;
    return QuatFromEulerDegrees(*euler);
  }
  if (first.kind != YamlEventKind::kMappingStart) {
    TypeError(first, "a list of 3 numbers or {quaternion: [x, y, z, w]}");
    return std::nullopt;
  }
  static constexpr std::string_view kFields[] = {"quaternion"};
  MappingWalker walker(this, kFields);
  std::optional<Quat> rotation;
  bool given = false;
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    YamlEvent value = Next();
    given = true;
    const NumberElement elements[4] = {{"quaternion", kAnyNumber},
                                       {"quaternion", kAnyNumber},
                                       {"quaternion", kAnyNumber},
                                       {"quaternion", kAnyNumber}};
    double xyzw[4];
    if (!ReadNumberList(value, elements, xyzw)) continue;
    double largest =
        std::max({std::abs(xyzw[0]), std::abs(xyzw[1]), std::abs(xyzw[2]), std::abs(xyzw[3])});
    if (!(largest > 0)) {
      Report(DiagnosticCode::kSceneValue, value.location, "quaternion has zero length");
      continue;
    }
    // Scaled first so that tiny or huge components normalise without under- or overflow.
    rotation =
        QuatFromXyzw({xyzw[0] / largest, xyzw[1] / largest, xyzw[2] / largest, xyzw[3] / largest});
  }
  if (!given && !reader_.stopped())
    Report(DiagnosticCode::kSceneFormat, first.location, "missing field quaternion");
  return rotation;
}

std::optional<Vec3> SceneLoader::ReadScale(const YamlEvent& first) {
  if (first.kind == YamlEventKind::kSequenceStart) return ReadVec3(first, "scale", kScaleRange);
  if (first.kind == YamlEventKind::kScalar) {
    ScalarType type = ResolveScalar(first);
    if (type == ScalarType::kInteger || type == ScalarType::kFloat) {
      std::optional<double> value = ReadNumber(first, "scale", kScaleRange);
      if (!value) return std::nullopt;
      return Vec3(*value, *value, *value);
    }
  }
  TypeError(first, "a number or a list of 3 numbers");
  return std::nullopt;
}

std::optional<Ease> SceneLoader::ReadEase(const YamlEvent& first, std::string_view field) {
  if (first.kind == YamlEventKind::kSequenceStart) {
    std::string field_text(field);
    std::string names[4] = {field_text + " x1", field_text + " y1", field_text + " x2",
                            field_text + " y2"};
    const NumberElement elements[4] = {{names[0], kUnitInterval},
                                       {names[1], kEaseYRange},
                                       {names[2], kUnitInterval},
                                       {names[3], kEaseYRange}};
    double control[4];
    if (!ReadNumberList(first, elements, control)) return std::nullopt;
    return Ease::CubicBezier(control[0], control[1], control[2], control[3]);
  }
  if (first.kind != YamlEventKind::kScalar || ResolveScalar(first) != ScalarType::kString) {
    TypeError(first, "an ease name or a list of 4 numbers");
    return std::nullopt;
  }
  std::optional<Ease> ease = Ease::FromName(first.value);
  if (!ease) {
    Report(DiagnosticCode::kSceneValue, first.location,
           "unknown ease '" + std::string(first.value) + "'" + DidYouMean(first.value, kEaseNames));
  }
  return ease;
}

std::optional<Transform> SceneLoader::ReadTransform(const YamlEvent& first) {
  Transform transform;
  if (first.kind == YamlEventKind::kScalar && first.plain && IsNullText(first.value)) {
    return transform;  // `top:` alone: the identity
  }
  if (!ExpectMapping(first)) return std::nullopt;
  static constexpr std::string_view kFields[] = {"position", "rotation"};
  MappingWalker walker(this, kFields);
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    YamlEvent value = Next();
    if (walker.field() == 0) {
      if (std::optional<Vec3> position = ReadVec3(value, "position", kCoordinateRange)) {
        transform.position = *position;
      }
    } else if (std::optional<Quat> rotation = ReadRotation(value)) {
      transform.rotation = *rotation;
    }
  }
  return transform;
}

}  // namespace cinc::scene_loading
