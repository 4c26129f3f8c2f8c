// SHA-256 of a byte string, as 64 lowercase hex digits (FIPS 180-4).
//
// Contract: a pure function; used to key the .blend conversion cache by
// content, so a strong hash keeps two different files from ever sharing one
// cached conversion.
#ifndef CINC_IMPORTERS_SHA256_H_
#define CINC_IMPORTERS_SHA256_H_

#include <string>
#include <string_view>

namespace cinc {

std::string Sha256Hex(std::string_view bytes);

}  // namespace cinc

#endif  // CINC_IMPORTERS_SHA256_H_
