#include "serve/http_request.h"

#include <algorithm>
#include <cctype>

namespace cinc {
namespace {

// RFC 9110's tchar: what a method and a header name are made of.
bool IsTokenChar(char c) {
  if (std::isalnum(static_cast<unsigned char>(c))) return true;
  return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

bool IsToken(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), IsTokenChar);
}

// Visible ASCII: what a request target may hold.
bool IsVisible(std::string_view text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c > 0x20 && c < 0x7f; });
}

// A field value: visible ASCII, spaces, tabs and bytes from 0x80 up.
bool IsFieldValue(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) {
    auto byte = static_cast<unsigned char>(c);
    return byte == '\t' || (byte >= 0x20 && byte != 0x7f);
  });
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

std::string Lower(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

}  // namespace

std::vector<std::string_view> HttpRequest::Values(std::string_view name) const {
  std::vector<std::string_view> values;
  for (const auto& [key, value] : headers) {
    if (key == name) values.push_back(value);
  }
  return values;
}

HttpRequestReader::Status HttpRequestReader::Feed(std::string_view bytes) {
  if (status_ != Status::kIncomplete) return status_;
  // Only the bytes up to the head's end are kept; a head that has not ended
  // within the limit is refused.
  const size_t searched_from = head_.size() >= 3 ? head_.size() - 3 : 0;
  const size_t old_size = head_.size();
  head_.append(bytes.substr(0, kMaxHeadBytes + 1 - std::min(head_.size(), kMaxHeadBytes + 1)));
  // A bare LF is refused at once (not waited on until the timeout).
  for (size_t i = old_size; i < head_.size(); ++i) {
    if (head_[i] == '\n' && (i == 0 || head_[i - 1] != '\r')) {
      return Refuse("a line break that is not CRLF");
    }
  }
  const size_t end = head_.find("\r\n\r\n", searched_from);
  if (end == std::string::npos) {
    if (head_.size() > kMaxHeadBytes) return Refuse("the request's head is over 8192 bytes");
    return status_;
  }
  if (end + 4 > kMaxHeadBytes) return Refuse("the request's head is over 8192 bytes");
  head_.resize(end + 2);  // each line ends with CRLF
  return Parse();
}

HttpRequestReader::Status HttpRequestReader::Refuse(std::string reason) {
  reason_ = std::move(reason);
  return status_ = Status::kBad;
}

HttpRequestReader::Status HttpRequestReader::Parse() {
  std::string_view rest = head_;
  auto next_line = [&rest](std::string_view* line) {
    size_t end = rest.find("\r\n");
    *line = rest.substr(0, end);
    rest.remove_prefix(end + 2);
    return line->find_first_of("\r\n") == std::string_view::npos;  // no bare CR or LF
  };
  std::string_view line;
  if (!next_line(&line)) return Refuse("a line break that is not CRLF");
  const size_t first = line.find(' ');
  const size_t second = first == std::string_view::npos ? first : line.find(' ', first + 1);
  if (second == std::string_view::npos || line.find(' ', second + 1) != std::string_view::npos) {
    return Refuse("a malformed request line");
  }
  request_.method = line.substr(0, first);
  request_.target = line.substr(first + 1, second - first - 1);
  request_.version = line.substr(second + 1);
  if (!IsToken(request_.method)) return Refuse("a malformed method");
  if (!IsVisible(request_.target)) return Refuse("a malformed request target");
  if (request_.version != "HTTP/1.1" && request_.version != "HTTP/1.0") {
    return Refuse("an HTTP version other than 1.0 and 1.1");
  }
  while (!rest.empty()) {
    if (!next_line(&line)) return Refuse("a line break that is not CRLF");
    const size_t colon = line.find(':');
    if (colon == std::string_view::npos || !IsToken(line.substr(0, colon))) {
      return Refuse("a malformed header line");  // also a folded line (it starts with a space)
    }
    std::string_view value = Trim(line.substr(colon + 1));
    if (!IsFieldValue(value)) return Refuse("a control character in a header");
    if (request_.headers.size() == kMaxHeaders) return Refuse("more than 64 headers");
    request_.headers.emplace_back(Lower(line.substr(0, colon)), std::string(value));
  }
  for (std::string_view length : request_.Values("content-length")) {
    if (length != "0") return Refuse("a request with a body");
  }
  if (!request_.Values("transfer-encoding").empty()) return Refuse("a request with a body");
  return status_ = Status::kComplete;
}

}  // namespace cinc
