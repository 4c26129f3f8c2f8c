// Base64 (RFC 4648, with padding), for data: URIs.
//
// Contract: Base64Encode maps every 3 bytes to 4 characters of
// A-Z a-z 0-9 + /, padding the last group with '='.
#ifndef CINC_CORE_BASE64_H_
#define CINC_CORE_BASE64_H_

#include <string>
#include <string_view>

namespace cinc {

std::string Base64Encode(std::string_view bytes);

}  // namespace cinc

#endif  // CINC_CORE_BASE64_H_
