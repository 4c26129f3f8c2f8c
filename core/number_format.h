// Number formatting for every file cinc writes.
//
// Contract: FormatDouble (and AppendDouble, which appends the same
// characters) gives the shortest decimal that reads back to the
// same double (std::to_chars), "0" for both zeros, and integers without a
// fraction ("8", not "8.0"), so outputs are byte-for-byte deterministic.
// Non-finite values have no JSON spelling: callers must not pass them.
// WithoutFloat32Noise is for values shown to people, never for computing.
#ifndef CINC_CORE_NUMBER_FORMAT_H_
#define CINC_CORE_NUMBER_FORMAT_H_

#include <cstddef>
#include <string>

namespace cinc {

// The most characters FormatDouble writes: 17 significant digits, a sign, a
// point and "e-308".
inline constexpr size_t kDoubleTextMax = 24;

std::string FormatDouble(double value);

// Appends FormatDouble(value) to *out, without a string of its own (the
// writers' inner loop).
void AppendDouble(double value, std::string* out);

namespace number_format_internal {
// WriteDouble for the values its inline part leaves.
char* WriteOtherDouble(double value, char* at);
}  // namespace number_format_internal

// Writes FormatDouble(value) at `at`, which has room for kDoubleTextMax
// characters, and returns the end of what it wrote (for writers that make
// room once for several pieces: core/text_writer.h). Inline for 0 to 9,
// most of the numbers of keys' values, without a call.
inline char* WriteDouble(double value, char* at) {
  if (value >= 0 && value <= 9) {  // also -0; never NaN
    const int digit = static_cast<int>(value);
    if (digit == value) {
      *at = static_cast<char>('0' + digit);
      return at + 1;
    }
  }
  return number_format_internal::WriteOtherDouble(value, at);
}

// For a value read from a float32 source (glTF accessors and node
// transforms): when `value` is exactly a float32, the double nearest to the
// shortest decimal that reads back to that float32 (0.03f, stored as
// 0.0299999993..., gives 0.03), so that what users read has no float32
// noise; any other value as it is.
double WithoutFloat32Noise(double value);

}  // namespace cinc

#endif  // CINC_CORE_NUMBER_FORMAT_H_
