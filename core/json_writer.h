// The one JSON writer for everything cinc prints or writes.
//
// Contract: deterministic bytes. Objects keep their insertion order
// (nlohmann::ordered_json), 2-space indent, numbers through FormatDouble
// (shortest round trip, integers without ".0"), a final newline. "Flat"
// values go on one line: arrays of scalars (`[0, 0.05, 0]`) and objects whose
// members are all scalars or arrays of scalars (a key: `{"t": 0, "value":
// [0, 1, 0], "interp": "step"}`), which keeps sequences short and diffable;
// the document itself is always laid out over several lines. NaN and
// infinities are written as null; callers are expected never to produce them.
#ifndef CINC_CORE_JSON_WRITER_H_
#define CINC_CORE_JSON_WRITER_H_

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "core/number_format.h"
#include "core/text_writer.h"

namespace cinc {

using Json = nlohmann::ordered_json;

// Pretty form for files and command output, ending in a newline.
std::string WriteJson(const Json& value);
// One line, no spaces after separators, no newline (for cue data and messages).
std::string WriteCompactJson(const Json& value);

// Pieces of WriteJson's pretty form, for writers that stream a large document
// from their own model instead of building a Json first (the bytes are the
// same as WriteJson's for the same values):
// A string, quoted and escaped.
void AppendJsonString(std::string_view text, std::string* out);
// A number: shortest round trip, integers without ".0", null when not finite
// (inline: a quarter of a million numbers a shard-heavy build, each a call less).
inline void AppendJsonNumber(double value, std::string* out) {
  if (std::isfinite(value)) {
    AppendDouble(value, out);
  } else {
    out->append("null");
  }
}
// The same characters through a TextWriter (core/text_writer.h): written at
// `at`, which has room for kJsonNumberMax characters; returns the end.
inline constexpr size_t kJsonNumberMax = kDoubleTextMax;
inline char* WriteJsonNumber(double value, char* at) {
  if (std::isfinite(value)) return WriteDouble(value, at);
  return Put(at, "null");
}
// AppendJsonString's characters through `writer`.
void WriteJsonString(std::string_view text, TextWriter* writer);
// A value that is not the document itself, laid out as WriteJson lays out a
// member of a container nested `depth` levels deep (the document's members
// are at depth 1); no final newline.
void AppendJsonValue(const Json& value, size_t depth, std::string* out);

}  // namespace cinc

#endif  // CINC_CORE_JSON_WRITER_H_
