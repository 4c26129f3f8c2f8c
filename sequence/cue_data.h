// CueData: a cue's `data` (any JSON value), with the commonest cue's held
// compactly.
//
// Contract: a CueData is absent, an opacity fade's {from, to, duration, ease}
// held as three doubles and an Ease (no heap block unless the ease is a
// written array), or any other JSON value. ToJson gives the fade as the Json
// object it stands for, members in that order, the ease as
// OpacityEaseJson writes it; AppendCueData writes exactly the bytes
// AppendJsonValue(ToJson()) would. Emission makes a fade for every opacity
// cue (tens of thousands in a large scene), where a Json object cost three
// heap blocks, about 290 bytes and 5,000 instructions to make, write and free;
// a sequence that is read keeps its data as Json.
#ifndef CINC_SEQUENCE_CUE_DATA_H_
#define CINC_SEQUENCE_CUE_DATA_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "core/easing.h"
#include "core/json_writer.h"
#include "core/text_writer.h"

namespace cinc {

// The data of a vfx `opacity` cue (docs/emission.md "Cues").
struct OpacityFade {
  double from = 0;
  double to = 0;
  double duration = 0;
  Ease ease;
};

// The name an opacity cue writes for `ease`: its own name, else "linear" or
// "step" by kind; empty for a cubic-bezier without a name (written as numbers).
std::string_view OpacityEaseName(const Ease& ease);
// The `ease` member of an opacity cue: OpacityEaseName, or [x1, y1, x2, y2].
Json OpacityEaseJson(const Ease& ease);

class CueData {
 public:
  // Absent: the cue has no data.
  CueData() = default;
  CueData(std::nullopt_t) {}  // NOLINT(google-explicit-constructor): like std::optional
  // Any JSON value (like std::optional<Json>'s assignment from a Json).
  CueData(Json value) : value_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  // An opacity fade, held as it is.
  CueData(OpacityFade fade) : value_(std::move(fade)) {}  // NOLINT(google-explicit-constructor)

  // Whether there is data (a fade or a Json value).
  bool has_value() const { return !std::holds_alternative<std::monostate>(value_); }
  explicit operator bool() const { return has_value(); }
  // The fade, or nullptr when the data is absent or held as Json.
  const OpacityFade* fade() const { return std::get_if<OpacityFade>(&value_); }
  // The Json value, or nullptr when the data is absent or a fade.
  const Json* json() const { return std::get_if<Json>(&value_); }
  Json* json() { return std::get_if<Json>(&value_); }
  // The data as Json, whichever way it is held; null when absent.
  Json ToJson() const;

 private:
  std::variant<std::monostate, OpacityFade, Json> value_;
};

// Appends present `data` as AppendJsonValue(data.ToJson(), depth, out) would,
// a fade without making its Json.
void AppendCueData(const CueData& data, size_t depth, std::string* out);
// The same bytes through `writer` (core/text_writer.h): a fade in one room.
void WriteCueData(const CueData& data, size_t depth, TextWriter* writer);

}  // namespace cinc

#endif  // CINC_SEQUENCE_CUE_DATA_H_
