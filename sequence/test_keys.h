// Test-only: a key written in one line, for tests that build key lists.
#ifndef CINC_SEQUENCE_TEST_KEYS_H_
#define CINC_SEQUENCE_TEST_KEYS_H_

#include <utility>
#include <vector>

#include "sequence/sequence.h"

namespace cinc::testing {

inline Key MakeKey(double t, std::vector<double> value, Interpolation interp) {
  Key key;
  key.t = t;
  key.value = std::move(value);
  key.interp = interp;
  return key;
}

}  // namespace cinc::testing

#endif  // CINC_SEQUENCE_TEST_KEYS_H_
