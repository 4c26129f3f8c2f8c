#include "sequence/sequence_parse.h"

#include <set>
#include <utility>
#include <vector>

#include "core/input_file.h"
#include "sequence/json_text.h"
#include "sequence/validator.h"

namespace cinc {
namespace {

// Follows nlohmann's parse events to find duplicate object keys, which its
// DOM silently overwrites. Objects are small, so keys are kept in a vector.
class DuplicateKeyFinder {
 public:
  bool OnEvent(Json::parse_event_t event, const Json& parsed) {
    switch (event) {
      case Json::parse_event_t::object_start:
      case Json::parse_event_t::array_start:
        Open(event == Json::parse_event_t::object_start);
        break;
      case Json::parse_event_t::key:
        if (!frames_.empty()) OnKey(parsed.get<std::string>());
        break;
      case Json::parse_event_t::value:
        if (!frames_.empty() && !frames_.back().is_object) ++frames_.back().count;
        break;
      case Json::parse_event_t::object_end:
      case Json::parse_event_t::array_end:
        if (!frames_.empty()) frames_.pop_back();
        break;
    }
    return true;
  }

  const std::vector<std::string>& duplicates() const { return duplicates_; }

 private:
  struct Frame {
    bool is_object = false;
    size_t count = 0;
    std::string token;  // this container's token in its parent
    std::string key;    // the member being read (objects)
    std::vector<std::string> keys;
  };

  void Open(bool is_object) {
    std::string token;
    if (!frames_.empty()) {
      Frame& parent = frames_.back();
      token = parent.is_object ? JsonPointerToken(parent.key) : std::to_string(parent.count++);
    }
    frames_.push_back({is_object, 0, std::move(token), {}, {}});
  }

  void OnKey(std::string key) {
    Frame& frame = frames_.back();
    bool seen = false;
    for (const std::string& earlier : frame.keys) seen = seen || earlier == key;
    if (seen) {
      std::string pointer;
      for (size_t index = 1; index < frames_.size(); ++index) pointer += "/" + frames_[index].token;
      duplicates_.push_back(pointer + "/" + JsonPointerToken(key));
    } else {
      frame.keys.push_back(key);
    }
    frame.key = std::move(key);
  }

  std::vector<Frame> frames_;
  std::vector<std::string> duplicates_;
};

// nlohmann's messages start with "[json.exception.parse_error.101] parse
// error at line 1, column 2: "; its column counts bytes, so cinc's own
// line and column replace that prefix.
std::string ReasonOf(const std::string& what) {
  size_t at = what.find("column ");
  if (at != std::string::npos) {
    size_t colon = what.find(": ", at);
    if (colon != std::string::npos) return what.substr(colon + 2);
  }
  size_t bracket = what.find("] ");
  return bracket == std::string::npos ? what : what.substr(bracket + 2);
}

std::string AtText(const SourceLocation& location) {
  return "line " + std::to_string(location.line) + ", column " + std::to_string(location.column);
}

}  // namespace

namespace {

// nlohmann's SAX events up to the top-level "name": every handler returns
// false to stop the parser there.
class NameReader {
 public:
  std::optional<std::string> name;

  bool null() { return Value(); }
  bool boolean(bool) { return Value(); }
  bool number_integer(Json::number_integer_t) { return Value(); }
  bool number_unsigned(Json::number_unsigned_t) { return Value(); }
  bool number_float(Json::number_float_t, const std::string&) { return Value(); }
  bool binary(Json::binary_t&) { return Value(); }
  bool string(std::string& value) {
    if (at_name_) name = value;
    return Value();
  }
  bool start_object(size_t) { return Open(); }
  bool start_array(size_t) { return depth_ > 0 && Open(); }  // the top is an object
  bool key(std::string& key) {
    at_name_ = depth_ == 1 && key == "name";
    return true;
  }
  bool end_object() { return --depth_ > 0; }
  bool end_array() { return --depth_ > 0; }
  bool parse_error(size_t, const std::string&, const Json::exception&) { return false; }

 private:
  // A scalar: the top must be an object, and the name's value ends the read.
  bool Value() { return depth_ > 0 && !at_name_; }
  bool Open() {
    if (at_name_) return false;  // a name that is not a string
    return ++depth_ <= kMaxJsonDepth;
  }

  int depth_ = 0;
  bool at_name_ = false;
};

}  // namespace

std::optional<std::string> ReadSequenceName(std::istream& text) {
  NameReader reader;
  try {
    Json::sax_parse(text, &reader);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return reader.name;
}

std::optional<Json> ParseSequenceJsonText(std::string_view text, Diagnostics* diagnostics) {
  NestingScan nesting = ScanNesting(text, kMaxJsonDepth);
  if (nesting.first_too_deep != std::string_view::npos) {
    SourceLocation location = LocationOfOffset(text, nesting.first_too_deep);
    diagnostics->Report(DiagnosticCode::kCinemaFormat, location, "",
                        "not JSON cinc reads: nested deeper than " + std::to_string(kMaxJsonDepth) +
                            " levels at " + AtText(location));
    return std::nullopt;
  }
  DuplicateKeyFinder duplicates;
  Json document;
  try {
    document = Json::parse(text.begin(), text.end(),
                           [&duplicates](int, Json::parse_event_t event, Json& parsed) {
                             return duplicates.OnEvent(event, parsed);
                           });
  } catch (const Json::parse_error& error) {
    // error.byte counts the bytes read, the offending one included.
    SourceLocation location = LocationOfOffset(text, error.byte == 0 ? 0 : error.byte - 1);
    diagnostics->Report(DiagnosticCode::kCinemaFormat, location, "",
                        "not JSON at " + AtText(location) + ": " + ReasonOf(error.what()));
    return std::nullopt;
  } catch (const Json::exception& error) {
    // A number too large for a double names its text: find it for a place.
    std::string reason = ReasonOf(error.what());
    SourceLocation location;
    size_t quote = reason.find('\'');
    if (quote != std::string::npos) {
      std::string token = reason.substr(quote + 1, reason.find('\'', quote + 1) - quote - 1);
      size_t offset = text.find(token);
      if (!token.empty() && offset != std::string_view::npos) {
        location = LocationOfOffset(text, offset);
      }
    }
    std::string at = location.line > 0 ? " at " + AtText(location) : "";
    diagnostics->Report(DiagnosticCode::kCinemaFormat, location, "",
                        "not JSON" + at + ": " + reason);
    return std::nullopt;
  }
  for (const std::string& pointer : duplicates.duplicates()) {
    size_t slash = pointer.rfind('/');
    diagnostics->Report(DiagnosticCode::kCinemaFormat, SourceLocation{}, pointer,
                        "duplicate field '" + pointer.substr(slash + 1) + "'");
  }
  return document;
}

std::optional<Sequence> ParseSequenceText(std::string_view text, Diagnostics* diagnostics) {
  Diagnostics found(diagnostics->file());
  std::optional<Sequence> sequence;
  if (std::optional<Json> document = ParseSequenceJsonText(text, &found)) {
    sequence = ReadSequenceJson(*document, &found);
  }
  std::set<std::string> pointers;
  for (const Diagnostic& problem : found.items()) {
    if (problem.location.line == 0) pointers.insert(problem.path);
  }
  std::map<std::string, SourceLocation> places = LocateJsonPointers(text, pointers);
  for (Diagnostic problem : found.items()) {
    if (problem.location.line == 0) {
      auto place = places.find(problem.path);
      if (place != places.end()) problem.location = place->second;
    }
    diagnostics->Add(std::move(problem));
  }
  diagnostics->AddNotKept(found);
  if (found.HasErrors()) return std::nullopt;
  return sequence;
}

std::optional<Sequence> LoadSequenceFile(const std::string& path, Diagnostics* diagnostics) {
  std::string text;
  if (InputRefusal refused = ReadInputFile(path, InputKind::kSequence, &text); refused.refused()) {
    diagnostics->Report(DiagnosticCode::kCinemaFormat, SourceLocation{}, "",
                        "cannot read file: " + refused.Describe());
    return std::nullopt;
  }
  return ParseSequenceText(text, diagnostics);
}

}  // namespace cinc
