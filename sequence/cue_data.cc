#include "sequence/cue_data.h"

#include <array>

namespace cinc {

std::string_view OpacityEaseName(const Ease& ease) {
  if (!ease.name().empty()) return ease.name();
  switch (ease.kind) {
    case Ease::Kind::kLinear:
      return "linear";
    case Ease::Kind::kStep:
      return "step";
    case Ease::Kind::kCubicBezier:
      break;
  }
  return {};
}

Json OpacityEaseJson(const Ease& ease) {
  std::string_view name = OpacityEaseName(ease);
  if (!name.empty()) return std::string(name);
  const std::array<double, 4>& control = ease.control();
  return Json::array({control[0], control[1], control[2], control[3]});
}

Json CueData::ToJson() const {
  if (const Json* value = json()) return *value;
  const OpacityFade* data = fade();
  if (data == nullptr) return nullptr;
  // Built in place, in this order: four distinct keys need no look-ups.
  // (Written into the container directly, which nlohmann's optional parent
  // links, JSON_DIAGNOSTICS, would miss: cinc does not turn them on.)
  Json object = Json::object();
  Json::object_t& fields = object.get_ref<Json::object_t&>();
  fields.reserve(4);
  fields.emplace_back("from", data->from);
  fields.emplace_back("to", data->to);
  fields.emplace_back("duration", data->duration);
  fields.emplace_back("ease", OpacityEaseJson(data->ease));
  return object;
}

void AppendCueData(const CueData& data, size_t depth, std::string* out) {
  TextWriter writer(out);
  WriteCueData(data, depth, &writer);
}

void WriteCueData(const CueData& data, size_t depth, TextWriter* writer) {
  const OpacityFade* fade = data.fade();
  if (fade == nullptr) {
    if (const Json* value = data.json()) {
      AppendJsonValue(*value, depth, writer->Settle());
    } else {
      writer->Append("null");  // as AppendJsonValue writes a null Json
    }
    return;
  }
  // Members that are all scalars or an array of scalars: WriteJson puts the
  // object on one line at any depth, `{"from": 1, "to": 0, ...}`. The room:
  // the names and separators (under 64) and up to seven numbers.
  char* at = writer->Room(64 + 7 * (kJsonNumberMax + 2));
  at = Put(at, "{\"from\": ");
  at = WriteJsonNumber(fade->from, at);
  at = Put(at, ", \"to\": ");
  at = WriteJsonNumber(fade->to, at);
  at = Put(at, ", \"duration\": ");
  at = WriteJsonNumber(fade->duration, at);
  at = Put(at, ", \"ease\": ");
  std::string_view name = OpacityEaseName(fade->ease);
  if (!name.empty()) {
    writer->Advance(at);
    WriteJsonString(name, writer);
    writer->Append("}");
    return;
  }
  const std::array<double, 4>& control = fade->ease.control();
  *at++ = '[';
  for (size_t index = 0; index < control.size(); ++index) {
    if (index > 0) at = Put(at, ", ");
    at = WriteJsonNumber(control[index], at);
  }
  at = Put(at, "]}");
  writer->Advance(at);
}

}  // namespace cinc
