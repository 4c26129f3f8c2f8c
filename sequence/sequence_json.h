// The sequence model as JSON, and its bytes.
//
// Contract: SequenceToJson writes every object's fields in the order of the
// format's sample sequence, "type" first in every track; keys as {t, value, interp,
// in_tangent, out_tangent, ease} (docs/emission.md "Bytes") with interp always written
// and optional fields only when present; a 1-component value or tangent is a
// JSON number, a 3-component one an array. A channel with no keys and an
// absent optional field are left out. WriteSequence gives the file's bytes:
// exactly WriteJson(SequenceToJson(sequence)) (2-space indent, shortest
// round-trip numbers, final newline), streamed from the model without the
// Json tree of its transform tracks.
#ifndef CINC_SEQUENCE_SEQUENCE_JSON_H_
#define CINC_SEQUENCE_SEQUENCE_JSON_H_

#include <string>

#include "core/json_writer.h"
#include "sequence/sequence.h"

namespace cinc {

Json KeyToJson(const Key& key);
Json TrackToJson(const Track& track);
Json SequenceToJson(const Sequence& sequence);
// {version, name, duration, loop}: SequenceToJson without its tracks.
Json SequenceHeaderToJson(const Sequence& sequence);
std::string WriteSequence(const Sequence& sequence);
// The same bytes in two parts, *head then *tail (replacing what they held):
// a second thread writes the tail while this one writes the head, and
// neither is copied into the other. Both keep their room from one call to
// the next, so that a build writing hundreds of shards does not map, touch
// and give back new memory for each one.
void WriteSequenceInto(const Sequence& sequence, std::string* head, std::string* tail);

}  // namespace cinc

#endif  // CINC_SEQUENCE_SEQUENCE_JSON_H_
