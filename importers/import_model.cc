#include "importers/import_model.h"

#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

#include "importers/assimp_importer.h"
#include "importers/blender_converter.h"
#include "importers/gltf_importer.h"
#include "importers/model_builder.h"

namespace cinc {
namespace {

namespace fs = std::filesystem;

enum class FileKind { kGlb, kGltfJson, kBlend, kOther };

// A .blend saved with "Compress" (Blender 3.0 and later) is Zstandard in the
// seekable format: its `BLENDER` header is inside the first frame, and the
// file starts with a Zstandard frame's magic (28 B5 2F FD) and ends with the
// seek table's (B1 EA 92 8F). (Blender 2.x compressed with gzip; Assimp reads
// those.)
bool IsCompressedBlend(const std::string& bytes) {
  return bytes.size() >= 17 && bytes.starts_with("\x28\xB5\x2F\xFD") &&
         bytes.ends_with("\xB1\xEA\x92\x8F");
}

FileKind Sniff(const std::string& bytes) {
  if (bytes.starts_with("glTF")) return FileKind::kGlb;
  if (bytes.starts_with("BLENDER") || IsCompressedBlend(bytes)) return FileKind::kBlend;
  size_t i = bytes.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  while (i < bytes.size() &&
         (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\n' || bytes[i] == '\r')) {
    ++i;
  }
  if (i < bytes.size() && bytes[i] == '{') return FileKind::kGltfJson;
  return FileKind::kOther;
}

void LoadError(const std::string& file, const std::string& message, Diagnostics* diagnostics,
               DiagnosticCode code = DiagnosticCode::kModelLoad) {
  Diagnostic diagnostic;
  diagnostic.code = code;
  diagnostic.file = file;
  diagnostic.message = message;
  diagnostics->Add(std::move(diagnostic));
}

// Reads the whole file; false (with a reason) when it cannot.
bool ReadWholeFile(const std::string& path, std::string* bytes, std::string* reason) {
  std::error_code error;
  fs::file_status status = fs::status(path, error);
  if (!fs::exists(status)) {
    *reason = "no such file; check the model's `source` path";
    return false;
  }
  if (fs::is_directory(status)) {
    *reason = "it is a folder, not a model file; name the model file itself";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *reason =
        "it cannot be opened (" + std::string(std::strerror(errno)) + "); check its permissions";
    return false;
  }
  std::ostringstream content;
  content << in.rdbuf();
  if (in.bad()) {
    *reason = "reading it failed; check the file and the disk";
    return false;
  }
  *bytes = content.str();
  if (bytes->empty()) {
    *reason = "the file is empty; export the model again";
    return false;
  }
  return true;
}

std::string BaseFolder(const std::string& path) {
  fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? "." : parent.string();
}

bool ReadGltf(const std::string& file, const std::string& bytes, bool binary,
              const std::string& base_dir, std::vector<ModelNode>* nodes,
              Diagnostics* diagnostics) {
  std::string error;
  if (ReadGltfNodes(bytes, binary, base_dir, nodes, &error)) return true;
  LoadError(file,
            "cannot read " + file + " as " + (binary ? "GLB" : "glTF") + ": " + error +
                "; the file is truncated or corrupt: export it again",
            diagnostics);
  return false;
}

}  // namespace

ImportedModel ImportModel(const std::string& path, Diagnostics* diagnostics,
                          const ImportSettings& settings) {
  try {
    std::string bytes;
    std::string reason;
    if (!ReadWholeFile(path, &bytes, &reason)) {
      LoadError(path, "cannot read " + path + ": " + reason, diagnostics);
      return {};
    }
    std::vector<ModelNode> nodes;
    switch (Sniff(bytes)) {
      case FileKind::kGlb:
        if (!ReadGltf(path, bytes, true, BaseFolder(path), &nodes, diagnostics)) return {};
        break;
      case FileKind::kGltfJson:
        if (!ReadGltf(path, bytes, false, BaseFolder(path), &nodes, diagnostics)) return {};
        break;
      case FileKind::kBlend: {
        std::string glb_path;
        std::string error;
        if (!ConvertBlendFile(path, bytes, settings, &glb_path, &error)) {
          LoadError(path, "cannot read " + path + ": " + error, diagnostics);
          return {};
        }
        std::string glb;
        if (!ReadWholeFile(glb_path, &glb, &reason)) {
          LoadError(path, "cannot read " + path + ": its conversion " + glb_path + ": " + reason,
                    diagnostics);
          return {};
        }
        if (!ReadGltfNodes(glb, true, BaseFolder(glb_path), &nodes, &error)) {
          LoadError(path,
                    "cannot read " + path + ": Blender's GLB " + glb_path +
                        " is invalid: " + error + "; delete it to convert the file again",
                    diagnostics);
          return {};
        }
        break;
      }
      case FileKind::kOther: {
        std::string error;
        AssimpResult result = ReadAssimpNodes(path, &nodes, &error);
        if (result == AssimpResult::kNoImporter) {
          LoadError(path,
                    "cannot read " + path + ": no loader reads this format (Assimp: " + error +
                        "); export the model as glTF (.glb), FBX or COLLADA",
                    diagnostics, DiagnosticCode::kModelFormat);
          return {};
        }
        if (result == AssimpResult::kFailed) {
          LoadError(path,
                    "cannot read " + path + ": Assimp: " + error +
                        "; the file is truncated or corrupt: export it again",
                    diagnostics);
          return {};
        }
        break;
      }
    }
    return BuildModel(nodes, path, diagnostics);
  } catch (const std::exception& exception) {
    LoadError(path, "cannot read " + path + ": " + exception.what(), diagnostics);
  } catch (...) {
    LoadError(path, "cannot read " + path + ": an unknown error", diagnostics);
  }
  return {};
}

}  // namespace cinc
