// Where a time of the forward motion comes in the disassembly (docs/reverse.md),
// for every writer of it: the reversed sequence, the glTF export, the
// verifier.
#ifndef CINC_FIT_MIRRORED_TIME_H_
#define CINC_FIT_MIRRORED_TIME_H_

namespace cinc {

// D − t for a forward time t in a scene of `duration` D seconds: the
// difference of the decimals they print as (core/exact_time.h
// DecimalDifference: 3.8 − 3.2 is 0.6), at least 0.
double MirroredTime(double t, double duration);

}  // namespace cinc

#endif  // CINC_FIT_MIRRORED_TIME_H_
