// TextWriter: appends text to a std::string through a char pointer, one
// room check for each piece of bounded size rather than one for each append.
//
// Contract: the bytes are what the same appends to the string would give.
// Room(n) makes room for n more bytes after the text and returns where the
// text ends; the caller writes at most n bytes there and hands the end back
// (Advance). While a TextWriter is open, the string is longer than its text
// (the room, at most kSlack beyond what a piece asked for, is written with
// zeros first); Settle() or the destructor cuts it back to the text, and the
// string may then be appended to directly and Room called again. A string
// with enough reserved capacity is never reallocated by the writer.
//
// Writing a sequence's text (sequence_json.cc) appended a few bytes at a time:
// about fifteen instructions an append for the size and capacity checks and
// the terminating zero, a dozen appends a key and forty a cue.
#ifndef CINC_CORE_TEXT_WRITER_H_
#define CINC_CORE_TEXT_WRITER_H_

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace cinc {

class TextWriter {
 public:
  // Room made beyond what a piece asks for: fewer zero-fills, each below
  // the size at which glibc's memset turns to `rep stosb` (which callgrind
  // counts a byte at a time).
  static constexpr size_t kSlack = 1024;

  // Writes after the current end of *out.
  explicit TextWriter(std::string* out) : out_(out) {}
  TextWriter(const TextWriter&) = delete;
  TextWriter& operator=(const TextWriter&) = delete;
  ~TextWriter() { Settle(); }

  // The end of the text, with at least `bytes` of room after it.
  char* Room(size_t bytes) {
    if (static_cast<size_t>(end_ - at_) <= bytes) Grow(bytes);  // always when settled
    return at_;
  }
  // The text now ends at `end` (a pointer from Room, moved past what was
  // written into the room).
  void Advance(char* end) { at_ = end; }

  // Appends `text` (of any length).
  void Append(std::string_view text) {
    char* at = Room(text.size());
    if (!text.empty()) std::memcpy(at, text.data(), text.size());
    Advance(at + text.size());
  }

  // Cuts the string back to the text written so far and returns it, to be
  // appended to directly (Room may be called after, and writes after what
  // was appended).
  std::string* Settle();

 private:
  void Grow(size_t bytes);

  std::string* out_;
  char* at_ = nullptr;   // the end of the text; null when settled
  char* end_ = nullptr;  // the end of the room (the string's end)
};

// Writes the literal `text` (without its terminating zero) at `at` and
// returns the end: a copy of a known size, a move or two.
template <size_t N>
inline char* Put(char* at, const char (&text)[N]) {
  std::memcpy(at, text, N - 1);
  return at + N - 1;
}

// Writes `text` at `at` and returns the end.
inline char* Put(char* at, std::string_view text) {
  if (!text.empty()) std::memcpy(at, text.data(), text.size());
  return at + text.size();
}

}  // namespace cinc

#endif  // CINC_CORE_TEXT_WRITER_H_
