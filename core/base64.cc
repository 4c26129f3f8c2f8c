#include "core/base64.h"

#include <cstdint>

namespace cinc {

std::string Base64Encode(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string encoded;
  encoded.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    uint32_t chunk = static_cast<uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (i + 1 < bytes.size())
      chunk |= static_cast<uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    if (i + 2 < bytes.size()) chunk |= static_cast<unsigned char>(bytes[i + 2]);
    encoded += kAlphabet[(chunk >> 18) & 63];
    encoded += kAlphabet[(chunk >> 12) & 63];
    encoded += i + 1 < bytes.size() ? kAlphabet[(chunk >> 6) & 63] : '=';
    encoded += i + 2 < bytes.size() ? kAlphabet[chunk & 63] : '=';
  }
  return encoded;
}

std::optional<std::string> Base64Decode(std::string_view text) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  if (text.size() % 4 != 0) return std::nullopt;
  std::string bytes;
  bytes.reserve(text.size() / 4 * 3);
  for (size_t i = 0; i < text.size(); i += 4) {
    bool last = i + 4 == text.size();
    int padding = last ? (text[i + 3] == '=') + (text[i + 2] == '=' && text[i + 3] == '=') : 0;
    uint32_t chunk = 0;
    for (int j = 0; j < 4; ++j) {
      int digit = j >= 4 - padding ? 0 : value(text[i + j]);
      if (digit < 0) return std::nullopt;
      chunk = chunk << 6 | static_cast<uint32_t>(digit);
    }
    bytes += static_cast<char>(chunk >> 16);
    if (padding < 2) bytes += static_cast<char>(chunk >> 8 & 255);
    if (padding < 1) bytes += static_cast<char>(chunk & 255);
  }
  return bytes;
}

}  // namespace cinc
