#include "importers/gltf_checks.h"

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string_view>

#include "core/input_file.h"
#include "core/path_containment.h"

namespace cinc {
namespace {

constexpr size_t kGlbHeaderBytes = 12;
constexpr size_t kChunkHeaderBytes = 8;
constexpr uint32_t kJsonChunk = 0x4E4F534A;  // "JSON"

uint32_t ReadU32(const std::string& bytes, size_t offset) {
  uint32_t value = 0;
  std::memcpy(&value, bytes.data() + offset, sizeof value);  // GLB is little-endian, as x86
  return value;
}

// The JSON chunk of a GLB, or "" when its header does not hold one.
std::string_view GlbJson(const std::string& bytes) {
  if (bytes.size() < kGlbHeaderBytes + kChunkHeaderBytes) return {};
  uint32_t length = ReadU32(bytes, kGlbHeaderBytes);
  if (ReadU32(bytes, kGlbHeaderBytes + 4) != kJsonChunk) return {};
  size_t start = kGlbHeaderBytes + kChunkHeaderBytes;
  if (length > bytes.size() - start) return {};
  return std::string_view(bytes).substr(start, length);
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string PercentDecoded(const std::string& uri) {
  std::string decoded;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && HexDigit(uri[i + 1]) >= 0 &&
        HexDigit(uri[i + 2]) >= 0) {
      decoded += static_cast<char>(HexDigit(uri[i + 1]) * 16 + HexDigit(uri[i + 2]));
      i += 2;
    } else {
      decoded += uri[i];
    }
  }
  return decoded;
}

std::string VersionProblem(const nlohmann::json& document) {
  const nlohmann::json* asset = document.contains("asset") ? &document["asset"] : nullptr;
  std::string version;
  if (asset != nullptr && asset->is_object() && asset->contains("version") &&
      (*asset)["version"].is_string()) {
    version = (*asset)["version"].get<std::string>();
  }
  if (version.starts_with("2.")) return "";
  std::string what = version.empty()
                         ? "its `asset.version` is missing, so it is not glTF 2.0 (glTF 1.0 files "
                           "may lack it)"
                         : "it is glTF " + version;
  return what +
         "; cinc reads glTF 2.0 only: open it in a tool that converts glTF 1.0 (Blender 2.8 or "
         "later imports it) and export it as glTF 2.0";
}

struct ExternalFile {
  size_t index = 0;  // in the `kind` array
  std::string uri;   // as written
  std::filesystem::path path;
};

// The external (not `data:`) files of `kind` ("buffers", "images").
std::vector<ExternalFile> ExternalFiles(const nlohmann::json& document, const char* kind,
                                        const std::string& base_dir) {
  std::vector<ExternalFile> files;
  if (!document.contains(kind) || !document[kind].is_array()) return files;
  const nlohmann::json& entries = document[kind];
  for (size_t index = 0; index < entries.size(); ++index) {
    const nlohmann::json& entry = entries[index];
    if (!entry.is_object() || !entry.contains("uri") || !entry["uri"].is_string()) continue;
    std::string uri = entry["uri"].get<std::string>();
    if (uri.starts_with("data:")) continue;
    std::filesystem::path path = std::filesystem::path(base_dir) / PercentDecoded(uri);
    files.push_back({index, std::move(uri), std::move(path)});
  }
  return files;
}

bool IsThere(const std::filesystem::path& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error);
}

// The first external file of `kind` that is not there, or that cinc would
// not read (core/input_file.h: a folder, a named pipe, a file over the cap).
std::string MissingFile(const nlohmann::json& document, const char* kind, const char* label,
                        const std::string& base_dir) {
  for (const ExternalFile& file : ExternalFiles(document, kind, base_dir)) {
    const std::string what = "its " + std::string(label) + " " + std::to_string(file.index) +
                             " is the file '" + file.uri + "'";
    if (std::optional<std::string> leaves = LeavesFolder(base_dir, PercentDecoded(file.uri))) {
      return what + ", outside the glTF's folder (" + *leaves +
             "): cinc reads a glTF's buffers and images from its folder or below; copy the "
             "file there, or export a .glb, which holds its buffers and images";
    }
    InputRefusal refused = CheckInputFile(file.path.string(), InputKind::kModel);
    if (!refused.refused()) continue;
    const std::string looked = file.path.lexically_normal().string();
    if (refused.reason != InputRefusal::Reason::kMissing) {
      return what + " (" + looked + "): " + refused.Describe();
    }
    return what + ", which is not there (looked for " + looked +
           "): copy it beside the glTF, or export a .glb, which holds its buffers and images";
  }
  return "";
}

// The document's JSON, or a non-object when it has none that parses.
nlohmann::json ParsedDocument(const std::string& bytes, bool binary) {
  std::string_view json_text = bytes;
  if (binary) json_text = GlbJson(bytes);
  if (json_text.empty()) return nullptr;
  return nlohmann::json::parse(json_text, nullptr, /*allow_exceptions=*/false);
}

}  // namespace

std::string CheckGltfBeforeLoading(const std::string& bytes, bool binary,
                                   const std::string& base_dir) {
  if (binary) {
    if (bytes.size() >= kGlbHeaderBytes && ReadU32(bytes, 4) == 1) {
      return "it is a glTF 1.0 binary (GLB version 1); cinc reads glTF 2.0 only: convert it "
             "and export it as glTF 2.0";
    }
  }
  nlohmann::json document = ParsedDocument(bytes, binary);
  if (!document.is_object()) return "";
  std::string problem = VersionProblem(document);
  if (problem.empty()) problem = MissingFile(document, "buffers", "buffer", base_dir);
  if (problem.empty()) problem = MissingFile(document, "images", "image", base_dir);
  return problem;
}

std::vector<std::string> GltfExternalFiles(const std::string& bytes, bool binary,
                                           const std::string& base_dir) {
  std::vector<std::string> paths;
  nlohmann::json document = ParsedDocument(bytes, binary);
  if (!document.is_object()) return paths;
  for (const char* kind : {"buffers", "images"}) {
    for (const ExternalFile& file : ExternalFiles(document, kind, base_dir)) {
      if (IsThere(file.path) && !LeavesFolder(base_dir, PercentDecoded(file.uri))) {
        paths.push_back(file.path.lexically_normal().string());
      }
    }
  }
  return paths;
}

}  // namespace cinc
