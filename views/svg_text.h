// Text in the SVG views: XML escaping, coordinates, widths.
#ifndef CINC_VIEWS_SVG_TEXT_H_
#define CINC_VIEWS_SVG_TEXT_H_

#include <string>
#include <string_view>

namespace cinc {

// The width the views allow an 11 px sans-serif character, generously.
inline constexpr double kSvgCharWidth = 6.6;

// `text` as XML character data or attribute value: & < > " escaped, the
// control characters XML 1.0 has not (and U+FFFE, U+FFFF) as '?'.
std::string Escaped(std::string_view text);

// A coordinate with at most two decimals, never "-0".
std::string Px(double value);

// The width of `text`: kSvgCharWidth per character (UTF-8 aware).
double TextWidth(std::string_view text);

// `text` cut to about `width` pixels, with an ellipsis when cut.
std::string Fitted(std::string_view text, double width);

}  // namespace cinc

#endif  // CINC_VIEWS_SVG_TEXT_H_
