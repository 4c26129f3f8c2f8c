// An HTTP/1.1 request's head, read as its bytes arrive (docs/security.md
// "cinc serve").
//
// Contract: Feed() takes bytes as they come and says when the head is
// complete (kComplete), needs more (kIncomplete) or is refused (kBad, with
// the reason): a request line `METHOD SP target SP HTTP/1.0|1.1` CRLF, header
// lines `name: value` CRLF (no folded lines), an empty line; at most
// kMaxHeadBytes in all and kMaxHeaders headers; no body (a Content-Length
// other than 0, or any Transfer-Encoding, is refused). Nothing is decoded:
// the target is kept as sent. Header names are kept in lower case.
#ifndef CINC_SERVE_HTTP_REQUEST_H_
#define CINC_SERVE_HTTP_REQUEST_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cinc {

inline constexpr size_t kMaxHeadBytes = 8192;
inline constexpr size_t kMaxHeaders = 64;

struct HttpRequest {
  std::string method;
  std::string target;
  std::string version;                                       // "HTTP/1.1" or "HTTP/1.0"
  std::vector<std::pair<std::string, std::string>> headers;  // names in lower case

  // The values of header `name` (lower case), in order.
  std::vector<std::string_view> Values(std::string_view name) const;
};

class HttpRequestReader {
 public:
  enum class Status { kIncomplete, kComplete, kBad };

  // Adds the bytes that came; the status of the request so far. Bytes after
  // a complete or bad head are ignored.
  Status Feed(std::string_view bytes);
  Status status() const { return status_; }
  const HttpRequest& request() const { return request_; }
  const std::string& reason() const { return reason_; }  // why kBad

 private:
  Status Parse();
  Status Refuse(std::string reason);

  std::string head_;
  HttpRequest request_;
  Status status_ = Status::kIncomplete;
  std::string reason_;
};

}  // namespace cinc

#endif  // CINC_SERVE_HTTP_REQUEST_H_
