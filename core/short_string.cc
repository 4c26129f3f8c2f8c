#include "core/short_string.h"

#include <cstring>
#include <limits>
#include <stdexcept>

namespace cinc {

ShortString::ShortString(ShortString&& other) noexcept {
  std::memcpy(bytes_, other.bytes_, sizeof(bytes_));
  std::memset(other.bytes_, 0, sizeof(other.bytes_));
}

ShortString& ShortString::operator=(const ShortString& other) {
  if (this != &other) *this = other.view();
  return *this;
}

ShortString& ShortString::operator=(ShortString&& other) noexcept {
  if (this != &other) {
    Free();
    std::memcpy(bytes_, other.bytes_, sizeof(bytes_));
    std::memset(other.bytes_, 0, sizeof(other.bytes_));
  }
  return *this;
}

void ShortString::Assign(std::string_view text) {
  std::memset(bytes_, 0, sizeof(bytes_));
  if (text.size() <= kInlineCapacity) {
    if (!text.empty()) std::memcpy(bytes_, text.data(), text.size());
    bytes_[kTag] = static_cast<uint8_t>(text.size());
    return;
  }
  if (text.size() > std::numeric_limits<uint32_t>::max()) {
    throw std::length_error("ShortString: a text of 4 GB or more");
  }
  char* data = new char[text.size()];
  std::memcpy(data, text.data(), text.size());
  const auto size = static_cast<uint32_t>(text.size());
  std::memcpy(bytes_, &data, sizeof(data));
  std::memcpy(bytes_ + sizeof(data), &size, sizeof(size));
  bytes_[kTag] = kOnHeap;
}

void ShortString::Free() {
  if (!IsInline()) delete[] HeapData();
  std::memset(bytes_, 0, sizeof(bytes_));
}

const char* ShortString::HeapData() const {
  const char* data = nullptr;
  std::memcpy(&data, bytes_, sizeof(data));
  return data;
}

uint32_t ShortString::HeapSize() const {
  uint32_t size = 0;
  std::memcpy(&size, bytes_ + sizeof(const char*), sizeof(size));
  return size;
}

}  // namespace cinc
