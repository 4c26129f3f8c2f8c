#include "importers/format_checks.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace cinc {
namespace {

constexpr size_t kPlyHeaderLimit = 64 * 1024;

std::string LowerExtension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

// True when `bytes` holds a line that is exactly `line` (before an LF or CRLF)
// starting within its first `limit` bytes.
bool HasLine(std::string_view bytes, std::string_view line, size_t limit) {
  std::string_view head = bytes.substr(0, std::min(bytes.size(), limit + line.size() + 2));
  for (size_t start = 0; start < head.size() && start <= limit;) {
    size_t end = head.find('\n', start);
    std::string_view text =
        head.substr(start, end == std::string_view::npos ? head.size() - start : end - start);
    if (text.ends_with('\r')) text.remove_suffix(1);
    if (text == line && end != std::string_view::npos) return true;
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return false;
}

std::string CheckPly(std::string_view bytes) {
  if (!bytes.starts_with("ply\n") && !bytes.starts_with("ply\r\n")) {
    return "it does not start with the line 'ply', so it is not a PLY file (or its header is "
           "damaged): export the model again";
  }
  if (!HasLine(bytes, "end_header", kPlyHeaderLimit)) {
    return "its PLY header has no 'end_header' line in its first 64 KB: the file is truncated or "
           "corrupt: export it again";
  }
  return "";
}

}  // namespace

std::string CheckBeforeReading(const std::string& path, std::string_view bytes) {
  std::string extension = LowerExtension(path);
  if (extension == ".ply") return CheckPly(bytes);
  if (extension == ".glb") {
    return "it is named .glb but is not a GLB (a GLB starts with the bytes 'glTF'): the file is "
           "truncated or corrupt: export it again";
  }
  if (extension == ".gltf") {
    return "it is named .gltf but is not glTF (a glTF file is a JSON object, starting with "
           "'{'): the file is truncated or corrupt: export it again";
  }
  if (extension == ".blend") {
    return "it is named .blend but is not a Blender file (one starts with 'BLENDER', or is "
           "compressed with Zstandard): the file is truncated or corrupt: save it again";
  }
  return "";
}

}  // namespace cinc
