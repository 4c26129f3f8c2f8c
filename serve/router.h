// What `cinc serve` answers to a request (docs/security.md "cinc serve"):
// the page it built and its event stream, nothing else.
//
// Contract: Route() looks at a complete request alone. GET and HEAD only
// (anything else: 405 with `Allow: GET, HEAD`); a Host header naming one of
// `hosts` (127.0.0.1, localhost, [::1] and the --host given), with no port or
// the server's `port` (anything else, or no Host at all: 403, against DNS
// rebinding); the target compared byte for byte with the three paths that
// exist — `/` and `/index.html` (the page of the last good build; before
// the first, a page that waits for it) and `/events` (the event stream) —
// so `..`, percent-encoded dots, absolute paths and absolute URLs are 404.
// Nothing is read from disk.
#ifndef CINC_SERVE_ROUTER_H_
#define CINC_SERVE_ROUTER_H_

#include <memory>
#include <string>
#include <vector>

#include "serve/http_request.h"

namespace cinc {

struct SiteHosts {
  std::vector<std::string> names;  // as a Host header gives them: "127.0.0.1", "[::1]"
  int port = 0;
};

// The host names a server on `host` answers to: the loopback names, and
// `host` itself (in brackets when it is an IPv6 address).
SiteHosts HostsFor(const std::string& host, int port);

struct Route {
  enum class Kind { kPage, kEvents, kError };
  Kind kind = Kind::kError;
  int status = 404;
  bool head_only = false;  // HEAD: the headers alone
};

Route RouteRequest(const HttpRequest& request, const SiteHosts& hosts);

// The status line's words for the statuses the server gives.
const char* StatusText(int status);

}  // namespace cinc

#endif  // CINC_SERVE_ROUTER_H_
