// The reference syntax of the scene language, in one place: a node is
// written `owner.id` ("lid.seat", or a bare "seat" in its own list), a marker
// `owner/marker` ("body/hole-1", or a bare "body" for the owner itself), and
// copy k of a pattern is named "screw-3". The owner is an object, a camera
// or the director. Splitting returns views into the text (no allocation):
// every stage parses references through here, on hot paths.
#ifndef CINC_CORE_REFERENCE_H_
#define CINC_CORE_REFERENCE_H_

#include <string>
#include <string_view>

namespace cinc {

// A node reference split at its first '.'; a bare id has an empty owner.
struct NodeReference {
  std::string_view owner;  // "lid" of "lid.seat"; empty for "seat"
  std::string_view id;     // "seat" of "lid.seat" and of "seat"
  bool qualified = false;  // whether the text has a '.'
};

// "lid.seat" -> {"lid", "seat", true}; "seat" -> {"", "seat", false}.
constexpr NodeReference SplitNodeReference(std::string_view reference) {
  const size_t dot = reference.find('.');
  if (dot == std::string_view::npos) return {{}, reference, false};
  return {reference.substr(0, dot), reference.substr(dot + 1), true};
}

// A marker reference split at its first '/'; a bare owner has no marker.
struct MarkerReference {
  std::string_view owner;   // "body" of "body/hole-1" and of "body"
  std::string_view marker;  // "hole-1" of "body/hole-1"; empty for "body"
  bool has_marker = false;  // whether the text has a '/'
};

// "body/hole-1" -> {"body", "hole-1", true}; "body" -> {"body", "", false}.
constexpr MarkerReference SplitMarkerReference(std::string_view reference) {
  const size_t slash = reference.find('/');
  if (slash == std::string_view::npos) return {reference, {}, false};
  return {reference.substr(0, slash), reference.substr(slash + 1), true};
}

// The qualified node reference of `id` in `owner`'s list: "lid.seat".
std::string NodeReferenceText(std::string_view owner, std::string_view id);

// The marker reference of `marker` on `owner`: "body/hole-1".
std::string MarkerReferenceText(std::string_view owner, std::string_view marker);

// The name of copy k (from 1) of pattern `pattern`: "screw-3".
std::string PatternCopyName(std::string_view pattern, int k);

}  // namespace cinc

#endif  // CINC_CORE_REFERENCE_H_
