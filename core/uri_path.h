// A path in a URI: the one percent-encoding of paths (SARIF's URIs, file: URIs).
#ifndef CINC_CORE_URI_PATH_H_
#define CINC_CORE_URI_PATH_H_

#include <string>
#include <string_view>

namespace cinc {

// `path` with every byte outside RFC 3986's unreserved characters and '/'
// percent-encoded: "a b/c#1" -> "a%20b/c%231".
std::string PercentEncodePath(std::string_view path);

}  // namespace cinc

#endif  // CINC_CORE_URI_PATH_H_
