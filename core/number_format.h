// Number formatting for every file cinc writes.
//
// Contract: FormatDouble gives the shortest decimal that reads back to the
// same double (std::to_chars), "0" for both zeros, and integers without a
// fraction ("8", not "8.0"), so outputs are byte-for-byte deterministic.
// Non-finite values have no JSON spelling: callers must not pass them.
#ifndef CINC_CORE_NUMBER_FORMAT_H_
#define CINC_CORE_NUMBER_FORMAT_H_

#include <string>

namespace cinc {

std::string FormatDouble(double value);

}  // namespace cinc

#endif  // CINC_CORE_NUMBER_FORMAT_H_
