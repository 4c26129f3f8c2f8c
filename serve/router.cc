#include "serve/router.h"

#include <algorithm>
#include <cctype>

namespace cinc {
namespace {

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// Whether the Host header's value names this server: one of the names, then
// nothing or `:PORT`.
bool IsOurHost(std::string_view value, const SiteHosts& hosts) {
  const std::string host = Lower(std::string(value));
  for (const std::string& name : hosts.names) {
    if (host.rfind(Lower(name), 0) != 0) continue;
    std::string_view rest = std::string_view(host).substr(name.size());
    if (rest.empty() || rest == ":" + std::to_string(hosts.port)) return true;
  }
  return false;
}

}  // namespace

SiteHosts HostsFor(const std::string& host, int port) {
  SiteHosts hosts{{"127.0.0.1", "localhost", "[::1]"}, port};
  std::string named = host.find(':') != std::string::npos ? "[" + host + "]" : host;
  if (std::find(hosts.names.begin(), hosts.names.end(), named) == hosts.names.end()) {
    hosts.names.push_back(named);
  }
  return hosts;
}

Route RouteRequest(const HttpRequest& request, const SiteHosts& hosts) {
  Route route;
  route.head_only = request.method == "HEAD";
  if (request.method != "GET" && request.method != "HEAD") {
    route.status = 405;
    return route;
  }
  const std::vector<std::string_view> host = request.Values("host");
  if (host.size() != 1 || !IsOurHost(host.front(), hosts)) {
    route.status = 403;
    return route;
  }
  if (request.target == "/events") {
    route.kind = Route::Kind::kEvents;
    route.status = 200;
  } else if (request.target == "/" || request.target == "/index.html") {
    route.kind = Route::Kind::kPage;
    route.status = 200;
  }
  return route;
}

const char* StatusText(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 400:
      return "Bad Request";
    case 403:
      return "Forbidden";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 408:
      return "Request Timeout";
    case 503:
      return "Service Unavailable";
    default:
      return "Error";
  }
}

}  // namespace cinc
