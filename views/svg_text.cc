#include "views/svg_text.h"

#include <cmath>

#include "core/number_format.h"

namespace cinc {

std::string Escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are no XML characters either.
    if (c == '\xEF' && i + 2 < text.size() && text[i + 1] == '\xBF' &&
        (text[i + 2] == '\xBE' || text[i + 2] == '\xBF')) {
      out += '?';
      i += 2;
      continue;
    }
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        // XML 1.0 has no other control characters than these three.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r') {
          out += '?';
        } else {
          out += c;
        }
    }
  }
  return out;
}

// A coordinate with at most two decimals: the bytes are the same on every
// machine and the document stays small.
std::string Px(double value) {
  double rounded = std::round(value * 100) / 100;
  if (rounded == 0) rounded = 0;  // no "-0"
  return FormatDouble(rounded);
}

double TextWidth(std::string_view text) {
  size_t characters = 0;
  for (char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++characters;  // UTF-8 lead bytes
  }
  return static_cast<double>(characters) * kSvgCharWidth;
}

// `text` cut to about `width` pixels, with an ellipsis when cut.
std::string Fitted(std::string_view text, double width) {
  if (TextWidth(text) <= width) return std::string(text);
  std::string out;
  double used = kSvgCharWidth;  // the ellipsis
  for (size_t i = 0; i < text.size();) {
    size_t length = 1;
    while (i + length < text.size() &&
           (static_cast<unsigned char>(text[i + length]) & 0xC0) == 0x80) {
      ++length;
    }
    if (used + kSvgCharWidth > width) break;
    out.append(text, i, length);
    used += kSvgCharWidth;
    i += length;
  }
  return out.empty() ? std::string() : out + "…";
}

}  // namespace cinc
