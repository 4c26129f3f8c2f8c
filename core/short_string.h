// ShortString: a string in 16 bytes, half a std::string.
//
// Contract: holds any text. Up to kInlineCapacity (15) characters live in the
// object itself, which is what most node references are ("in",
// "part12.n3", "screw-3.drive"); a longer text lives on the heap, owned,
// copied with the object. Read it as a std::string_view (view(), or the
// implicit conversion); set it from any string_view. Not NUL-terminated:
// use view() or str() to hand it on. A scene with `after:` lists of 50
// holds half a million references, each 16 bytes smaller this way.
#ifndef CINC_CORE_SHORT_STRING_H_
#define CINC_CORE_SHORT_STRING_H_

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace cinc {

class ShortString {
 public:
  static constexpr size_t kInlineCapacity = 15;

  ShortString() = default;
  ShortString(std::string_view text) { Assign(text); }  // NOLINT: implicit, as a string's
  ShortString(const char* text) : ShortString(std::string_view(text)) {}         // NOLINT: as above
  ShortString(const std::string& text) : ShortString(std::string_view(text)) {}  // NOLINT
  ShortString(const ShortString& other) { Assign(other.view()); }
  ShortString(ShortString&& other) noexcept;
  ShortString& operator=(const ShortString& other);
  ShortString& operator=(ShortString&& other) noexcept;
  ~ShortString() { Free(); }

  // Views of a ShortString that is about to go (a temporary) are refused:
  // they would outlive its text.
  std::string_view view() const& {
    if (IsInline()) return std::string_view(reinterpret_cast<const char*>(bytes_), bytes_[kTag]);
    return std::string_view(HeapData(), HeapSize());
  }
  std::string_view view() const&& = delete;
  operator std::string_view() const& { return view(); }  // NOLINT: reads as a string
  operator std::string_view() const&& = delete;
  std::string str() const { return std::string(view()); }
  size_t size() const { return IsInline() ? bytes_[kTag] : HeapSize(); }
  bool empty() const { return size() == 0; }
  // Whether the text lives in the object (for tests of the layout).
  bool IsInline() const { return bytes_[kTag] != kOnHeap; }

  friend bool operator==(const ShortString& a, const ShortString& b) {
    return a.view() == b.view();
  }
  friend bool operator==(const ShortString& a, std::string_view b) { return a.view() == b; }
  friend bool operator==(const ShortString& a, const std::string& b) { return a.view() == b; }
  friend bool operator==(const ShortString& a, const char* b) {
    return a.view() == std::string_view(b);
  }
  friend std::string operator+(const std::string& a, const ShortString& b) {
    return a + std::string(b.view());
  }
  friend std::string operator+(const char* a, const ShortString& b) {
    return a + std::string(b.view());
  }
  friend std::string operator+(const ShortString& a, const std::string& b) {
    return std::string(a.view()) + b;
  }
  friend std::string operator+(const ShortString& a, const char* b) {
    return std::string(a.view()) + b;
  }
  friend std::ostream& operator<<(std::ostream& out, const ShortString& text) {
    return out << text.view();
  }

 private:
  // bytes_[kTag]: the length of an inline text, held in bytes_[0, 15); or
  // kOnHeap, and then bytes_ [0, 8) hold the heap text's address and
  // [8, 12) its length.
  static constexpr size_t kTag = 15;
  static constexpr uint8_t kOnHeap = 0xFF;

  void Assign(std::string_view text);
  void Free();
  const char* HeapData() const;
  uint32_t HeapSize() const;

  alignas(8) uint8_t bytes_[16] = {};
};

static_assert(sizeof(ShortString) == 16);

}  // namespace cinc

#endif  // CINC_CORE_SHORT_STRING_H_
