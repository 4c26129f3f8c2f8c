#include "lsp/message_framing.h"

#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <string_view>

namespace cinc {
namespace {

// The value of a `Content-Length` line (any case), or nullopt.
std::optional<size_t> ContentLength(std::string_view line) {
  constexpr std::string_view kName = "content-length:";
  if (line.size() < kName.size()) return std::nullopt;
  for (size_t i = 0; i < kName.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(line[i])) != kName[i]) return std::nullopt;
  }
  std::string_view value = line.substr(kName.size());
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  size_t length = 0;
  auto [end, status] = std::from_chars(value.data(), value.data() + value.size(), length);
  if (status != std::errc() || end != value.data() + value.size()) return std::nullopt;
  return length;
}

}  // namespace

bool MessageReader::Fill() {
  if (start_ > 0 && start_ == buffer_.size()) {
    buffer_.clear();
    start_ = 0;
  }
  char chunk[65536];
  for (;;) {
    const ssize_t got = read(fd_, chunk, sizeof chunk);
    if (got > 0) {
      buffer_.append(chunk, static_cast<size_t>(got));
      return true;
    }
    if (got < 0 && errno == EINTR) continue;
    return false;
  }
}

std::optional<std::string> MessageReader::Next(std::string* error) {
  error->clear();
  std::optional<size_t> length;
  // The header part: lines up to an empty one.
  for (;;) {
    const size_t end = buffer_.find("\r\n", start_);
    if (end == std::string::npos) {
      if (buffer_.size() - start_ > kMaxLspHeaderBytes) {
        *error = "a header longer than " + std::to_string(kMaxLspHeaderBytes) + " bytes";
        return std::nullopt;
      }
      if (!Fill()) {
        if (buffer_.size() > start_) *error = "the input ends inside a header";
        return std::nullopt;
      }
      continue;
    }
    const std::string_view line(buffer_.data() + start_, end - start_);
    start_ = end + 2;
    if (line.empty()) break;
    if (std::optional<size_t> value = ContentLength(line)) length = value;
  }
  if (!length) {
    *error = "a message without a Content-Length header";
    return std::nullopt;
  }
  if (*length > kMaxLspMessageBytes) {
    *error = "a message of " + std::to_string(*length) + " bytes, over the " +
             std::to_string(kMaxLspMessageBytes) + "-byte limit";
    return std::nullopt;
  }
  while (buffer_.size() - start_ < *length) {
    if (!Fill()) {
      *error = "the input ends inside a message";
      return std::nullopt;
    }
  }
  std::string body = buffer_.substr(start_, *length);
  start_ += *length;
  return body;
}

std::string FrameMessage(const std::string& body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

}  // namespace cinc
