#include "core/reference.h"

namespace cinc {
namespace {

std::string Joined(std::string_view owner, char separator, std::string_view part) {
  std::string text;
  text.reserve(owner.size() + 1 + part.size());
  text.append(owner).push_back(separator);
  text.append(part);
  return text;
}

}  // namespace

std::string NodeReferenceText(std::string_view owner, std::string_view id) {
  return Joined(owner, '.', id);
}

std::string MarkerReferenceText(std::string_view owner, std::string_view marker) {
  return Joined(owner, '/', marker);
}

std::string PatternCopyName(std::string_view pattern, int k) {
  return std::string(pattern) + "-" + std::to_string(k);
}

}  // namespace cinc
