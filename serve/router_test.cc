#include "serve/router.h"

#include <gtest/gtest.h>

#include <string>

namespace cinc {
namespace {

HttpRequest Request(std::string method, std::string target, std::string host = "127.0.0.1:8080") {
  HttpRequest request{std::move(method), std::move(target), "HTTP/1.1", {}};
  if (!host.empty()) request.headers.emplace_back("host", std::move(host));
  return request;
}

TEST(RouterTest, ServesThePageAndTheEventsAlone) {
  const SiteHosts hosts = HostsFor("127.0.0.1", 8080);
  EXPECT_EQ(RouteRequest(Request("GET", "/"), hosts).kind, Route::Kind::kPage);
  EXPECT_EQ(RouteRequest(Request("GET", "/index.html"), hosts).kind, Route::Kind::kPage);
  EXPECT_EQ(RouteRequest(Request("GET", "/events"), hosts).kind, Route::Kind::kEvents);
  Route head = RouteRequest(Request("HEAD", "/"), hosts);
  EXPECT_EQ(head.kind, Route::Kind::kPage);
  EXPECT_TRUE(head.head_only);
  for (const char* target :
       {"/..", "/../etc/passwd", "/%2e%2e/", "/%2E%2E/x", "//etc/passwd", "/etc/passwd",
        "http://127.0.0.1:8080/", "/index.html/", "/?x=1", "/./", "*", "/events/.."}) {
    Route route = RouteRequest(Request("GET", target), hosts);
    EXPECT_EQ(route.kind, Route::Kind::kError) << target;
    EXPECT_EQ(route.status, 404) << target;
  }
}

TEST(RouterTest, RefusesOtherMethods) {
  for (const char* method : {"POST", "PUT", "DELETE", "OPTIONS", "TRACE", "CONNECT", "get"}) {
    EXPECT_EQ(RouteRequest(Request(method, "/"), HostsFor("127.0.0.1", 8080)).status, 405);
  }
}

TEST(RouterTest, AnswersOnlyItsOwnHostNames) {
  const SiteHosts hosts = HostsFor("127.0.0.1", 8080);
  for (const char* host : {"127.0.0.1:8080", "localhost:8080", "LocalHost:8080", "[::1]:8080",
                           "127.0.0.1", "localhost"}) {
    EXPECT_EQ(RouteRequest(Request("GET", "/", host), hosts).status, 200) << host;
  }
  for (const char* host : {"evil.example:8080", "127.0.0.1:8081", "127.0.0.1.evil:8080",
                           "localhost.:8080", "127.0.0.1:8080x", "", "[::1]:80800"}) {
    EXPECT_EQ(RouteRequest(Request("GET", "/", host), hosts).status, 403) << host;
  }
  HttpRequest twice = Request("GET", "/");
  twice.headers.emplace_back("host", "127.0.0.1:8080");
  EXPECT_EQ(RouteRequest(twice, hosts).status, 403);
}

TEST(RouterTest, AnswersTheHostItWasGiven) {
  EXPECT_EQ(HostsFor("192.168.1.5", 80).names.back(), "192.168.1.5");
  EXPECT_EQ(HostsFor("::1", 80).names.size(), 3u);  // already a loopback name
  EXPECT_EQ(HostsFor("fe80::1", 80).names.back(), "[fe80::1]");
  EXPECT_EQ(RouteRequest(Request("GET", "/", "box.lan:80"), HostsFor("box.lan", 80)).status, 200);
}

}  // namespace
}  // namespace cinc
