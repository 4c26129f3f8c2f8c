// Base64 (RFC 4648, with padding), for data: URIs and the bytes a browser
// sends back (render/: a screenshot).
//
// Contract: Base64Encode maps every 3 bytes to 4 characters of
// A-Z a-z 0-9 + /, padding the last group with '='. Base64Decode is its
// inverse: the text must be groups of 4 characters of that alphabet, the
// last one padded with at most two '='; anything else (a stray character,
// a space, a missing '=', '=' inside) gives nullopt.
#ifndef CINC_CORE_BASE64_H_
#define CINC_CORE_BASE64_H_

#include <optional>
#include <string>
#include <string_view>

namespace cinc {

std::string Base64Encode(std::string_view bytes);
std::optional<std::string> Base64Decode(std::string_view text);

}  // namespace cinc

#endif  // CINC_CORE_BASE64_H_
