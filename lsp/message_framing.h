// The Language Server Protocol's base protocol: messages framed by a
// `Content-Length` header (docs/lsp.md).
#ifndef CINC_LSP_MESSAGE_FRAMING_H_
#define CINC_LSP_MESSAGE_FRAMING_H_

#include <cstddef>
#include <optional>
#include <string>

namespace cinc {

// The largest message body read (a scene's text travels in one).
inline constexpr size_t kMaxLspMessageBytes = 64u << 20;
// The largest header part read.
inline constexpr size_t kMaxLspHeaderBytes = 8192;

// Reads framed messages from a file descriptor (stdin), one at a time.
class MessageReader {
 public:
  explicit MessageReader(int fd) : fd_(fd) {}

  // The next message's body; nullopt at the end of input or on a framing
  // error, which `error` then describes (empty at a clean end).
  std::optional<std::string> Next(std::string* error);
  // Whether bytes already read wait in the buffer (a message may be whole).
  bool HasBuffered() const { return start_ < buffer_.size(); }

 private:
  bool Fill();  // reads more into buffer_; false at the end or an error

  int fd_;
  std::string buffer_;
  size_t start_ = 0;  // the unread part of buffer_ begins here
};

// `body` with its header: "Content-Length: N\r\n\r\nBODY".
std::string FrameMessage(const std::string& body);

}  // namespace cinc

#endif  // CINC_LSP_MESSAGE_FRAMING_H_
