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

}  // namespace cinc
