// Test-only: the valid sequences that C++ tests build, checked twice.
//
// Contract: ExpectValidSequence fails the running test (EXPECT) unless cinc's
// validator accepts the sequence (or JSON text). When the environment variable
// CINC_RECORD_VALID_SEQUENCES names a folder, the document is also written
// there as `<Suite>.<Test>.<n>.json`, so that tests/sequence_schema_test.py
// runs the independent JSON Schema validator over the very same documents.
#ifndef CINC_SEQUENCE_RECORDED_SEQUENCE_H_
#define CINC_SEQUENCE_RECORDED_SEQUENCE_H_

#include <string>

#include "sequence/sequence.h"

namespace cinc::testing {

void ExpectValidSequence(const Sequence& sequence);
void ExpectValidSequenceText(const std::string& text);

}  // namespace cinc::testing

#endif  // CINC_SEQUENCE_RECORDED_SEQUENCE_H_
