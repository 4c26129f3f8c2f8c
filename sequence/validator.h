// The sequence validator: every problem of a sequence document at once.
//
// Contract: ReadSequenceJson walks a parsed document (the cinema sequence
// format with cinc's choices) and reports each problem as an error with its
// format code (E_CINEMA_FORMAT, E_CINEMA_VERSION, ... E_CINEMA_LIMIT) and the
// JSON pointer of the offending value (/tracks/2/position/3/t), location 0:0
// (sequence_parse.h fills lines and columns from the text). It returns the
// model only when nothing was reported. It never throws and never recurses
// into cue data (which is walked with an explicit stack). The messages are
// listed in docs/sequence-format.md.
#ifndef CINC_SEQUENCE_VALIDATOR_H_
#define CINC_SEQUENCE_VALIDATOR_H_

#include <optional>

#include "core/diagnostics.h"
#include "core/json_writer.h"
#include "sequence/limits.h"
#include "sequence/sequence.h"

namespace cinc {

inline constexpr double kDefaultAperture = 2.8;

// Validates and converts; nullopt when any error was reported.
std::optional<Sequence> ReadSequenceJson(const Json& document, Diagnostics* diagnostics);

// Validates only; true when the document is a valid sequence.
bool ValidateSequenceJson(const Json& document, Diagnostics* diagnostics);

// The check before cinc writes a sequence it built: the validator's verdict
// on SequenceToJson(sequence), with the same problems, but transform tracks
// are proven valid on the model without building their Json. Every problem
// becomes an E_INTERNAL error naming the format code, the path and the
// message (a bug in cinc, not in the user's scene).
bool ValidateEmittedSequence(const Sequence& sequence, Diagnostics* diagnostics);
// The same for the document about to be written (SequenceToJson's result), so
// `cinc build` converts the sequence to JSON once.
bool ValidateEmittedSequence(const Json& document, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_SEQUENCE_VALIDATOR_H_
