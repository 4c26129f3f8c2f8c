// Test helpers for emit: rigs built by hand (fit/test_support.h) and a small
// sequence player.
//
// Contract: test-only. PlayKeys evaluates keys as the cinema runtime does
// (linear with ease, step, hermite with the in_tangent rule), so tests check
// what the runtime will show, not what emit meant.
#ifndef CINC_EMIT_TEST_SUPPORT_H_
#define CINC_EMIT_TEST_SUPPORT_H_

#include <vector>

#include "fit/test_support.h"
#include "sequence/sequence.h"

namespace cinc::testing {

// The value the runtime plays at t (docs/sequence-format.md "The evaluator").
std::vector<double> PlayKeys(const Keys& keys, double t);

}  // namespace cinc::testing

#endif  // CINC_EMIT_TEST_SUPPORT_H_
