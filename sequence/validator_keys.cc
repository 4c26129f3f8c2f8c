// The validator's field reader: types, strings, times, eases and key channels.
#include <cmath>
#include <utility>
#include <vector>

#include "core/number_format.h"
#include "sequence/validator.h"
#include "sequence/validator_internal.h"

namespace cinc::validator_internal {
namespace {

size_t CodePoints(const std::string& text) {
  size_t count = 0;
  for (char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return count;
}

std::string Quoted(std::string_view field) { return "'" + std::string(field) + "'"; }

std::string Child(const std::string& path, std::string_view token) {
  return path + "/" + JsonPointerToken(token);
}

std::string Child(const std::string& path, size_t index) {
  return path + "/" + std::to_string(index);
}

constexpr std::array<std::string_view, 4> kEaseNames = {"x1", "y1", "x2", "y2"};

}  // namespace

std::string_view JsonTypeName(const Json& value) {
  switch (value.type()) {
    case Json::value_t::null:
      return "null";
    case Json::value_t::boolean:
      return "a boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float:
      return "a number";
    case Json::value_t::string:
      return "a string";
    case Json::value_t::array:
      return "an array";
    case Json::value_t::object:
      return "an object";
    default:
      return "an unknown value";
  }
}

std::string NumberText(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return FormatDouble(value);
}

void FieldReader::Report(DiagnosticCode code, const std::string& path, std::string message) {
  diagnostics_->Report(code, SourceLocation{}, path, std::move(message));
}

bool FieldReader::ExpectObject(const Json& value, const std::string& path, std::string_view what,
                               std::initializer_list<std::string_view> fields) {
  if (!value.is_object()) {
    Report(DiagnosticCode::kCinemaFormat, path,
           std::string(what) + " must be an object, not " + std::string(JsonTypeName(value)));
    return false;
  }
  for (const auto& [name, member] : value.items()) {
    bool known = false;
    for (std::string_view field : fields) known = known || field == name;
    if (!known) {
      Report(DiagnosticCode::kCinemaFormat, Child(path, name),
             "unknown field " + Quoted(name) + " in " + std::string(what));
    }
  }
  return true;
}

const Json* FieldReader::Member(const Json& object, const std::string& path, std::string_view field,
                                std::string_view what) {
  auto found = object.find(std::string(field));
  if (found != object.end()) return &*found;
  if (!what.empty()) {
    Report(DiagnosticCode::kCinemaFormat, path,
           "missing field " + Quoted(field) + " in " + std::string(what));
  }
  return nullptr;
}

std::optional<double> FieldReader::Number(const Json& value, const std::string& path,
                                          std::string_view field) {
  if (value.is_number()) return value.get<double>();
  Report(DiagnosticCode::kCinemaFormat, path,
         Quoted(field) + " must be a number, not " + std::string(JsonTypeName(value)));
  return std::nullopt;
}

std::optional<bool> FieldReader::Boolean(const Json& value, const std::string& path,
                                         std::string_view field) {
  if (value.is_boolean()) return value.get<bool>();
  Report(DiagnosticCode::kCinemaFormat, path,
         Quoted(field) + " must be true or false, not " + std::string(JsonTypeName(value)));
  return std::nullopt;
}

std::optional<int64_t> FieldReader::Integer(const Json& value, const std::string& path,
                                            std::string_view field) {
  if (value.is_number_integer()) return value.get<int64_t>();
  // 7.0 is an integer to JSON Schema too; beyond int64 it is not one cinc keeps.
  if (value.is_number_float()) {
    double number = value.get<double>();
    if (std::isfinite(number) && number == std::floor(number) && std::fabs(number) < 9.2e18) {
      return static_cast<int64_t>(number);
    }
  }
  Report(DiagnosticCode::kCinemaFormat, path,
         Quoted(field) + " must be an integer, not " +
             (value.is_number() ? std::string(NumberText(value.get<double>()))
                                : std::string(JsonTypeName(value))));
  return std::nullopt;
}

std::optional<std::string> FieldReader::String(const Json& value, const std::string& path,
                                               std::string_view field) {
  if (!value.is_string()) {
    Report(DiagnosticCode::kCinemaFormat, path,
           Quoted(field) + " must be a string, not " + std::string(JsonTypeName(value)));
    return std::nullopt;
  }
  const std::string& text = value.get_ref<const std::string&>();
  size_t length = CodePoints(text);
  if (length > kMaxTextLength) {
    Report(DiagnosticCode::kCinemaLimit, path,
           Quoted(field) + " is " + std::to_string(length) + " characters long; at most " +
               std::to_string(kMaxTextLength));
  }
  return text;
}

std::optional<double> FieldReader::Time(const Json& value, const std::string& path,
                                        std::string_view field) {
  std::optional<double> time = Number(value, path, field);
  if (!time) return std::nullopt;
  if (!std::isfinite(*time)) {
    Report(DiagnosticCode::kCinemaKeyValue, path, Quoted(field) + " is not finite");
  } else if (*time < 0 || (duration_ && *time > *duration_)) {
    Report(DiagnosticCode::kCinemaKeyValue, path,
           std::string(field) + " " + NumberText(*time) + " is outside 0.." +
               (duration_ ? NumberText(*duration_) : std::string("duration")));
  }
  return time;
}

std::optional<std::array<double, 4>> FieldReader::Ease(const Json& value, const std::string& path,
                                                       std::string_view field) {
  bool shaped = value.is_array() && value.size() == 4;
  for (size_t index = 0; shaped && index < 4; ++index) shaped = value[index].is_number();
  if (!shaped) {
    Report(DiagnosticCode::kCinemaEase, path,
           Quoted(field) + " must be [x1, y1, x2, y2]: 4 numbers with x1, x2 in 0..1");
    return std::nullopt;
  }
  std::array<double, 4> control{};
  bool valid = true;
  for (size_t index = 0; index < 4; ++index) {
    control[index] = value[index].get<double>();
    std::string name = std::string(field) + " " + std::string(kEaseNames[index]);
    if (!std::isfinite(control[index])) {
      Report(DiagnosticCode::kCinemaEase, Child(path, index), name + " is not finite");
      valid = false;
    } else if (index % 2 == 0 && (control[index] < 0 || control[index] > 1)) {
      Report(DiagnosticCode::kCinemaEase, Child(path, index),
             name + " " + NumberText(control[index]) + " is outside 0..1");
      valid = false;
    }
  }
  if (!valid) return std::nullopt;
  return control;
}

void FieldReader::CheckRange(double value, const std::string& path, const ChannelRule& rule) {
  std::string text = std::string(rule.name) + " " + NumberText(value);
  switch (rule.range) {
    case ValueRange::kAny:
      break;
    case ValueRange::kFieldOfView:
      if (!(value > 0 && value < 180)) {
        Report(DiagnosticCode::kCinemaKeyValue, path, text + " is outside (0, 180) degrees");
      }
      break;
    case ValueRange::kPositive:
      if (!(value > 0)) Report(DiagnosticCode::kCinemaKeyValue, path, text + " must be > 0");
      break;
    case ValueRange::kNonNegative:
      if (!(value >= 0)) Report(DiagnosticCode::kCinemaKeyValue, path, text + " must be >= 0");
      break;
    case ValueRange::kTimeScale:
      if (!(value >= 0 && value <= kMaxTimeScale)) {
        Report(DiagnosticCode::kCinemaTimeScale, path,
               text + " is outside 0.." + NumberText(kMaxTimeScale));
      }
      break;
  }
}

std::optional<std::vector<double>> FieldReader::Components(const Json& value,
                                                           const std::string& path,
                                                           std::string_view field,
                                                           const ChannelRule& rule) {
  bool shaped = rule.components == 1
                    ? value.is_number()
                    : value.is_array() && value.size() == static_cast<size_t>(rule.components);
  for (size_t index = 0; shaped && value.is_array() && index < value.size(); ++index) {
    shaped = value[index].is_number();
  }
  if (!shaped) {
    Report(DiagnosticCode::kCinemaFormat, path,
           rule.components == 1
               ? Quoted(field) + " must be a number, not " + std::string(JsonTypeName(value))
               : Quoted(field) + " must be an array of " + std::to_string(rule.components) +
                     " numbers");
    return std::nullopt;
  }
  std::vector<double> components;
  if (rule.components == 1) {
    components.push_back(value.get<double>());
  } else {
    for (const Json& component : value) components.push_back(component.get<double>());
  }
  bool finite = true;
  for (size_t index = 0; index < components.size(); ++index) {
    if (std::isfinite(components[index])) continue;
    std::string at = rule.components == 1 ? path : Child(path, index);
    Report(DiagnosticCode::kCinemaKeyValue, at, Quoted(field) + " is not finite");
    finite = false;
  }
  if (!finite) return std::nullopt;
  return components;
}

std::optional<Key> FieldReader::ReadKey(const Json& value, const std::string& path,
                                        const ChannelRule& rule) {
  if (!ExpectObject(value, path, "a key",
                    {"t", "value", "interp", "in_tangent", "out_tangent", "ease"})) {
    return std::nullopt;
  }
  Key key;
  bool complete = true;
  if (const Json* t = Member(value, path, "t", "a key")) {
    std::optional<double> time = Time(*t, Child(path, "t"), "t");
    complete = complete && time.has_value();
    if (time) key.t = *time;
  } else {
    complete = false;
  }
  if (const Json* components = Member(value, path, "value", "a key")) {
    std::string at = Child(path, "value");
    std::optional<std::vector<double>> read = Components(*components, at, "value", rule);
    if (read) {
      for (size_t index = 0; index < read->size(); ++index) {
        CheckRange((*read)[index], rule.components == 1 ? at : Child(at, index), rule);
      }
      key.value = std::move(*read);
    }
    complete = complete && key.value.size() == static_cast<size_t>(rule.components);
  } else {
    complete = false;
  }
  if (const Json* interp = Member(value, path, "interp")) {
    std::string at = Child(path, "interp");
    if (!interp->is_string()) {
      Report(DiagnosticCode::kCinemaFormat, at,
             "'interp' must be a string, not " + std::string(JsonTypeName(*interp)));
    } else if (auto parsed = InterpolationFromName(interp->get_ref<const std::string&>())) {
      key.interp = *parsed;
    } else {
      Report(DiagnosticCode::kCinemaFormat, at,
             "unknown interp '" + interp->get<std::string>() +
                 "' (linear, step, hermite, bezier or smooth)");
    }
  }
  for (std::string_view field : {"in_tangent", "out_tangent"}) {
    const Json* tangent = Member(value, path, field);
    if (tangent == nullptr) continue;
    auto read = Components(*tangent, Child(path, field), field, rule);
    Boxed<ComponentList>& target = field == "in_tangent" ? key.in_tangent : key.out_tangent;
    if (read) {
      target = ComponentList(*read);
    } else {
      target = std::nullopt;
    }
  }
  if (const Json* ease = Member(value, path, "ease"))
    key.ease = Ease(*ease, Child(path, "ease"), "ease");
  if (!complete) return std::nullopt;
  return key;
}

Keys FieldReader::Channel(const Json& value, const std::string& path, const ChannelRule& rule) {
  Keys keys;
  if (!value.is_array()) {
    Report(DiagnosticCode::kCinemaFormat, path,
           "'" + std::string(rule.name) + "' must be an array of keys, not " +
               std::string(JsonTypeName(value)));
    return keys;
  }
  if (value.size() > kMaxChannelKeys) {
    Report(DiagnosticCode::kCinemaLimit, path,
           std::string(rule.name) + " has " + std::to_string(value.size()) +
               " keys; a channel holds at most " + std::to_string(kMaxChannelKeys));
  }
  keys.reserve(value.size());
  std::optional<double> previous_time;
  for (size_t index = 0; index < value.size(); ++index) {
    std::string at = Child(path, index);
    std::optional<Key> key = ReadKey(value[index], at, rule);
    // Order is checked whenever both times were read, even if other fields are bad.
    const Json& element = value[index];
    std::optional<double> time;
    if (element.is_object() && element.contains("t") && element["t"].is_number()) {
      time = element["t"].get<double>();
      if (!std::isfinite(*time)) time.reset();
    }
    if (time && previous_time && !(*time > *previous_time)) {
      Report(DiagnosticCode::kCinemaKeyOrder, Child(at, "t"),
             "t " + NumberText(*time) + " is not after the previous key's " +
                 NumberText(*previous_time));
    }
    if (time) previous_time = time;
    if (key) keys.push_back(std::move(*key));
  }
  return keys;
}

void FieldReader::CheckDataText(const Json& data, const std::string& path) {
  // An explicit stack: cue data may be nested as deep as the parser allows.
  std::vector<std::pair<const Json*, std::string>> pending = {{&data, path}};
  while (!pending.empty()) {
    auto [value, at] = std::move(pending.back());
    pending.pop_back();
    if (value->is_string()) {
      String(*value, at, "data text");
    } else if (value->is_object()) {
      for (const auto& [name, member] : value->items()) {
        std::string member_path = Child(at, name);
        if (CodePoints(name) > kMaxTextLength) {
          Report(
              DiagnosticCode::kCinemaLimit, member_path,
              "a data field name is longer than " + std::to_string(kMaxTextLength) + " characters");
        }
        pending.emplace_back(&member, std::move(member_path));
      }
    } else if (value->is_array()) {
      for (size_t index = 0; index < value->size(); ++index) {
        pending.emplace_back(&(*value)[index], Child(at, index));
      }
    }
  }
}

}  // namespace cinc::validator_internal
