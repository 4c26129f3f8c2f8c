#include "serve/http_request.h"

#include <gtest/gtest.h>

#include <string>

namespace cinc {
namespace {

using Status = HttpRequestReader::Status;

TEST(HttpRequestTest, ReadsAHeadThatComesInPieces) {
  HttpRequestReader reader;
  EXPECT_EQ(reader.Feed("GET /index.html HT"), Status::kIncomplete);
  EXPECT_EQ(reader.Feed("TP/1.1\r\nHost: 127.0.0.1:80\r"), Status::kIncomplete);
  EXPECT_EQ(reader.Feed("\nAccept:  text/html \r\n\r"), Status::kIncomplete);
  EXPECT_EQ(reader.Feed("\nleft over"), Status::kComplete);
  const HttpRequest& request = reader.request();
  EXPECT_EQ(request.method, "GET");
  EXPECT_EQ(request.target, "/index.html");
  EXPECT_EQ(request.version, "HTTP/1.1");
  ASSERT_EQ(request.headers.size(), 2u);
  EXPECT_EQ(request.headers[0].first, "host");
  EXPECT_EQ(request.headers[0].second, "127.0.0.1:80");
  EXPECT_EQ(request.Values("accept").at(0), "text/html");
}

TEST(HttpRequestTest, KeepsTheTargetAsSent) {
  HttpRequestReader reader;
  ASSERT_EQ(reader.Feed("GET /%2e%2e/etc/passwd HTTP/1.0\r\n\r\n"), Status::kComplete);
  EXPECT_EQ(reader.request().target, "/%2e%2e/etc/passwd");
}

TEST(HttpRequestTest, RefusesMalformedHeads) {
  const std::pair<std::string, std::string> cases[] = {
      {"GET /\r\n\r\n", "a malformed request line"},
      {"GET  / HTTP/1.1\r\n\r\n", "a malformed request line"},
      {"GET /\x7f HTTP/1.1\r\n\r\n", "a malformed request target"},
      {"GET / HTTP/1.1 x\r\n\r\n", "a malformed request line"},
      {"G(T / HTTP/1.1\r\n\r\n", "a malformed method"},
      {"GET / HTTP/2.0\r\n\r\n", "an HTTP version other than 1.0 and 1.1"},
      {"GET / HTTP/1.1\r\nHost\r\n\r\n", "a malformed header line"},
      {"GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n", "a malformed header line"},
      {"GET / HTTP/1.1\nHost: x\r\n\r\n", "a line break that is not CRLF"},
      {"GET / HTTP/1.1\r\nX: a\x01"
       "b\r\n\r\n",
       "a control character in a header"},
      {"GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\n", "a request with a body"},
      {"GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", "a request with a body"},
  };
  for (const auto& [head, reason] : cases) {
    HttpRequestReader reader;
    EXPECT_EQ(reader.Feed(head), Status::kBad) << head;
    EXPECT_EQ(reader.reason(), reason) << head;
  }
}

TEST(HttpRequestTest, RefusesABareLineFeedAsSoonAsItComes) {
  HttpRequestReader reader;
  EXPECT_EQ(reader.Feed("GET / HTTP/1.1\r"), Status::kIncomplete);
  EXPECT_EQ(reader.Feed("\nHost: x\n"), Status::kBad);
  EXPECT_EQ(reader.reason(), "a line break that is not CRLF");
}

TEST(HttpRequestTest, RefusesAHeadOverTheLimit) {
  HttpRequestReader reader;
  const std::string start = "GET / HTTP/1.1\r\nX: ";
  EXPECT_EQ(reader.Feed(start + std::string(kMaxHeadBytes - start.size() - 4, 'a')),
            Status::kIncomplete);
  EXPECT_EQ(reader.Feed("bbbbb"), Status::kBad);  // 8193 bytes, no end
  EXPECT_EQ(reader.reason(), "the request's head is over 8192 bytes");

  // Exactly 8192 bytes with its empty line is read.
  HttpRequestReader exact;
  EXPECT_EQ(exact.Feed(start + std::string(kMaxHeadBytes - start.size() - 4, 'a') + "\r\n\r\n"),
            Status::kComplete);
}

TEST(HttpRequestTest, RefusesMoreThan64Headers) {
  std::string head = "GET / HTTP/1.1\r\n";
  for (int i = 0; i < 65; ++i) head += "X: y\r\n";
  HttpRequestReader reader;
  EXPECT_EQ(reader.Feed(head + "\r\n"), Status::kBad);
  EXPECT_EQ(reader.reason(), "more than 64 headers");
}

}  // namespace
}  // namespace cinc
