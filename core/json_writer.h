// The one JSON writer for everything cinc prints or writes.
//
// Contract: deterministic bytes. Objects keep their insertion order
// (nlohmann::ordered_json), 2-space indent, numbers through FormatDouble
// (shortest round trip, integers without ".0"), arrays whose elements are all
// scalars on one line (`[0, 0.05, 0]`), and a final newline. NaN and
// infinities are written as null; callers are expected never to produce them.
#ifndef CINC_CORE_JSON_WRITER_H_
#define CINC_CORE_JSON_WRITER_H_

#include <nlohmann/json.hpp>
#include <string>

namespace cinc {

using Json = nlohmann::ordered_json;

// Pretty form for files and command output, ending in a newline.
std::string WriteJson(const Json& value);
// One line, no spaces after separators, no newline (for cue data and messages).
std::string WriteCompactJson(const Json& value);

}  // namespace cinc

#endif  // CINC_CORE_JSON_WRITER_H_
