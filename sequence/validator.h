// The sequence validator: every problem of a sequence document at once.
//
// Contract: ReadSequenceJson walks a parsed document (seed 000's format with
// SPEC section 9's choices) and reports each problem as an error with its
// seed code (E_CINEMA_FORMAT, E_CINEMA_VERSION, ... E_CINEMA_LIMIT) and the
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
#include "sequence/sequence.h"

namespace cinc {

// The format's limits (seed 000, SPEC sections 8 and 9).
inline constexpr int kMaxSequenceTracks = 256;
inline constexpr int kMaxChannelKeys = 10000;
inline constexpr int kMaxTrackCues = 256;
inline constexpr int kMaxTrackClips = 256;
inline constexpr int kMaxTextLength = 256;  // code points
inline constexpr double kMaxSequenceDuration = 3600;
inline constexpr double kMaxTimeScale = 16;
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
