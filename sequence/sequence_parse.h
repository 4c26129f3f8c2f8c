// Reading a sequence file: JSON text -> validated Sequence.
//
// Contract: never throws. Syntax errors are E_CINEMA_FORMAT with the line and
// column in the message and in the diagnostic; text nested deeper than
// kMaxJsonDepth levels is refused before nlohmann's parser sees it; duplicate
// object keys are E_CINEMA_FORMAT. Every problem the validator reports gets
// the line and column of its JSON pointer in the text (a member's key, an
// element's first character). Diagnostics carry the file name the caller set
// on the Diagnostics list.
#ifndef CINC_SEQUENCE_SEQUENCE_PARSE_H_
#define CINC_SEQUENCE_SEQUENCE_PARSE_H_

#include <istream>
#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostics.h"
#include "core/json_writer.h"
#include "sequence/sequence.h"

namespace cinc {

inline constexpr int kMaxJsonDepth = 1000;

// The document, or nullopt after reporting why the text is not JSON.
std::optional<Json> ParseSequenceJsonText(std::string_view text, Diagnostics* diagnostics);

// The top-level "name" of a JSON document, read only as far as that value:
// what follows it is not parsed, so a large sequence costs its first bytes.
// nullopt when the text is not an object with a string "name" before any
// syntax error (or nested deeper than kMaxJsonDepth before it). Never
// throws.
std::optional<std::string> ReadSequenceName(std::istream& text);

// Parse + validate + locate; the model only when nothing was reported.
std::optional<Sequence> ParseSequenceText(std::string_view text, Diagnostics* diagnostics);

// The same for a file (an unreadable file is E_CINEMA_FORMAT at 0:0).
std::optional<Sequence> LoadSequenceFile(const std::string& path, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_SEQUENCE_SEQUENCE_PARSE_H_
