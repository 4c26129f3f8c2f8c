// Where a user's reference docs are: the base of SARIF's `helpUri` links.
//
// Contract: DocsBaseUri() is a URI ending in '/' under which
// `diagnostics.md#e_timing_cycle` (core/diagnostic_codes.h DocsAnchorOf,
// less its "docs/") is the page of a code: the URL the build was configured
// with (`-DCINC_DOCS_URL=https://…/docs`); else, as a file: URI, the docs
// installed beside the executable (PREFIX/share/doc/cinc for
// PREFIX/bin/cinc); else the source tree's docs/ when it is still there (a
// binary run from its build folder); else "" (no links). It looks at the
// file system: call it once and pass the result down.
#ifndef CINC_COMPILER_CLI_DOCS_LOCATION_H_
#define CINC_COMPILER_CLI_DOCS_LOCATION_H_

#include <string>
#include <string_view>

namespace cinc {

std::string DocsBaseUri();

// A file: URI of an absolute path, each byte outside RFC 3986's unreserved
// characters and '/' percent-encoded: "/a b/c" -> "file:///a%20b/c".
std::string FileUri(std::string_view absolute_path);

}  // namespace cinc

#endif  // CINC_COMPILER_CLI_DOCS_LOCATION_H_
