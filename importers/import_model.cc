#include "importers/import_model.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <exception>
#include <filesystem>

#include "core/input_file.h"
#include "importers/assimp_importer.h"
#include "importers/blender_converter.h"
#include "importers/format_checks.h"
#include "importers/gltf_checks.h"
#include "importers/gltf_importer.h"
#include "importers/isolated_run.h"
#include "importers/model_builder.h"
#include "importers/model_wire.h"

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

// Reads the whole model file (core/input_file.h: a regular file, at most its
// cap); false (with a reason) when it cannot.
bool ReadWholeFile(const std::string& path, std::string* bytes, std::string* reason) {
  using Reason = InputRefusal::Reason;
  InputRefusal refused = ReadInputFile(path, InputKind::kModel, bytes);
  switch (refused.reason) {
    case Reason::kNone:
      break;
    case Reason::kMissing:
      *reason = "no such file; check the model's `source` path";
      return false;
    case Reason::kFolder:
      *reason = "it is a folder, not a model file; name the model file itself";
      return false;
    case Reason::kNotAFile:
      *reason = refused.Describe() + "; name the model file itself";
      return false;
    case Reason::kTooLarge:
      *reason = refused.Describe();
      return false;
    case Reason::kUnreadable:
      *reason = "it cannot be opened (" + refused.Describe() + "); check its permissions";
      return false;
  }
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

// The formats cinc offers besides glTF and .blend (which it knows by their
// bytes): those Assimp reads that assembly parts come in, by extension. The
// rest of Assimp's readers (MD2, MD5, X, IQM, OFF, 3MF, ...) are refused.
constexpr std::string_view kOfferedExtensions[] = {".fbx", ".dae", ".obj", ".stl", ".ply", ".3ds"};
constexpr std::string_view kOfferedFormats =
    "glTF (.gltf, .glb), Blender (.blend), FBX (.fbx), COLLADA (.dae), OBJ (.obj), STL (.stl), "
    "PLY (.ply) and 3DS (.3ds) models";

bool IsOfferedThroughAssimp(const std::string& path) {
  std::string extension = fs::path(path).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (std::string_view offered : kOfferedExtensions) {
    if (extension == offered) return true;
  }
  return false;
}

// A model file as a reader sees it: glTF bytes (a .blend as its Blender
// conversion), or a path for Assimp.
struct Source {
  FileKind kind = FileKind::kOther;  // never kBlend: converted
  std::string bytes;                 // glTF JSON or GLB
  std::string base_dir;              // where external buffers and images are
  std::string what;                  // "GLB", "glTF", "Blender's GLB <path>"
};

// Reads `path` (converting a .blend); false after reporting why not.
bool LoadSource(const std::string& path, Diagnostics* diagnostics, const ImportSettings& settings,
                Source* source) {
  std::string reason;
  if (!ReadWholeFile(path, &source->bytes, &reason)) {
    LoadError(path, "cannot read " + path + ": " + reason, diagnostics);
    return false;
  }
  source->kind = Sniff(source->bytes);
  source->base_dir = BaseFolder(path);
  if (source->kind == FileKind::kOther) {
    std::string refused = CheckBeforeReading(path, source->bytes);
    if (!refused.empty()) {
      LoadError(path, "cannot read " + path + ": " + refused, diagnostics);
      return false;
    }
  }
  if (source->kind == FileKind::kOther && !IsOfferedThroughAssimp(path)) {
    std::string extension = fs::path(path).extension().string();
    LoadError(path,
              "cannot read " + path + ": cinc reads " + std::string(kOfferedFormats) + "; " +
                  (extension.empty() ? std::string("this file has no extension and is neither")
                                     : "'" + extension + "' is not one of them, nor is the file") +
                  " glTF nor a .blend: export the model as glTF (.glb)",
              diagnostics, DiagnosticCode::kModelFormat);
    return false;
  }
  source->what = source->kind == FileKind::kGlb ? "GLB" : "glTF";
  if (source->kind != FileKind::kBlend) return true;
  std::string glb_path;
  std::string error;
  if (!ConvertBlendFile(path, source->bytes, settings, &glb_path, &error)) {
    LoadError(path, "cannot read " + path + ": " + error, diagnostics);
    return false;
  }
  if (!ReadWholeFile(glb_path, &source->bytes, &reason)) {
    LoadError(path, "cannot read " + path + ": its conversion " + glb_path + ": " + reason,
              diagnostics);
    return false;
  }
  source->kind = FileKind::kGlb;
  source->base_dir = BaseFolder(glb_path);
  source->what = "Blender's GLB " + glb_path;
  return true;
}

// The message of a glTF the reader refused.
std::string GltfProblem(const std::string& path, const Source& source, const std::string& error) {
  if (source.what.starts_with("Blender's")) {
    return "cannot read " + path + ": " + source.what + " is invalid: " + error +
           "; delete it to convert the file again";
  }
  return "cannot read " + path + " as " + source.what + ": " + error +
         "; the file is truncated or corrupt: export it again";
}

// False after reporting a glTF that importers/gltf_checks.h refuses.
bool GltfPassesChecks(const std::string& path, const Source& source, Diagnostics* own) {
  std::string problem =
      CheckGltfBeforeLoading(source.bytes, source.kind == FileKind::kGlb, source.base_dir);
  if (problem.empty()) return true;
  LoadError(path, "cannot read " + path + ": " + problem, own);
  return false;
}

void AssimpProblem(const std::string& path, AssimpResult result, const std::string& error,
                   Diagnostics* diagnostics) {
  if (result == AssimpResult::kNoImporter) {
    LoadError(path,
              "cannot read " + path + ": no loader reads this format (Assimp: " + error +
                  "); export the model as glTF (.glb), FBX or COLLADA",
              diagnostics, DiagnosticCode::kModelFormat);
  } else {
    LoadError(path,
              "cannot read " + path + ": Assimp: " + error +
                  "; the file is truncated or corrupt: export it again",
              diagnostics);
  }
}

// Runs `read` and turns an escaped exception into E_MODEL_LOAD.
template <typename Read>
auto Guarded(const std::string& path, Diagnostics* diagnostics, Read read) -> decltype(read()) {
  try {
    return read();
  } catch (const std::exception& exception) {
    LoadError(path, "cannot read " + path + ": " + exception.what(), diagnostics);
  } catch (...) {
    LoadError(path, "cannot read " + path + ": an unknown error", diagnostics);
  }
  return {};
}

// Reads the model in `source` (markers, or content) and reports to `own`.
template <typename Result>
std::optional<Result> ReadSource(const std::string& path, const Source& source, Diagnostics* own);

template <>
std::optional<ImportedModel> ReadSource(const std::string& path, const Source& source,
                                        Diagnostics* own) {
  std::vector<ModelNode> nodes;
  std::string error;
  if (source.kind == FileKind::kOther) {
    AssimpResult result = ReadAssimpNodes(path, &nodes, &error);
    if (result != AssimpResult::kRead) {
      AssimpProblem(path, result, error, own);
      return std::nullopt;
    }
  } else if (!GltfPassesChecks(path, source, own)) {
    return std::nullopt;
  } else if (!ReadGltfNodes(source.bytes, source.kind == FileKind::kGlb, source.base_dir, &nodes,
                            &error)) {
    LoadError(path, GltfProblem(path, source, error), own);
    return std::nullopt;
  }
  return BuildModel(nodes, path, own);
}

template <>
std::optional<ModelContent> ReadSource(const std::string& path, const Source& source,
                                       Diagnostics* own) {
  ModelContent content;
  std::string error;
  if (source.kind == FileKind::kOther) {
    if (!ReadAssimpContent(path, &content, &error)) {
      AssimpProblem(path, AssimpResult::kFailed, error, own);
      return std::nullopt;
    }
  } else if (!GltfPassesChecks(path, source, own)) {
    return std::nullopt;
  } else if (!ReadGltfContent(source.bytes, source.kind == FileKind::kGlb, source.base_dir,
                              &content, &error)) {
    LoadError(path, GltfProblem(path, source, error), own);
    return std::nullopt;
  }
  return content;
}

// The last lines of what a reader printed, for a diagnostic.
std::string ReaderSaid(const std::string& output) {
  std::string said = output;
  while (!said.empty() && (said.back() == '\n' || said.back() == ' ')) said.pop_back();
  if (said.empty()) return "";
  constexpr size_t kShown = 300;
  if (said.size() > kShown) said = "..." + said.substr(said.size() - kShown);
  for (char& c : said) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  return "; the reader said: " + said;
}

// Reads the model in a child process (importers/isolated_run.h) when the
// settings say so, else here.
template <typename Result>
std::optional<Result> Read(const std::string& path, Diagnostics* diagnostics,
                           const ImportSettings& settings) {
  return Guarded(path, diagnostics, [&]() -> std::optional<Result> {
    Source source;
    if (!LoadSource(path, diagnostics, settings, &source)) return std::nullopt;
    if (!settings.isolate) return ReadSource<Result>(path, source, diagnostics);
    IsolatedRun run = RunIsolated(
        [&] {
          Diagnostics own(path);
          ReaderAnswer<Result> answer;
          answer.result = ReadSource<Result>(path, source, &own);
          answer.diagnostics = own.items();
          return EncodeAnswer(answer);
        },
        settings.limits);
    ReaderAnswer<Result> answer;
    if (run.outcome != IsolatedRun::Outcome::kDone || !DecodeAnswer(run.bytes, &answer)) {
      std::string what = run.outcome == IsolatedRun::Outcome::kDone
                             ? "the reader's answer is malformed"
                             : DescribeOutcome(run, settings.limits);
      LoadError(path, "cannot read " + path + ": " + what + ReaderSaid(run.output), diagnostics);
      return std::nullopt;
    }
    for (const Diagnostic& diagnostic : answer.diagnostics) diagnostics->Add(diagnostic);
    return answer.result;
  });
}

}  // namespace

ImportedModel ImportModel(const std::string& path, Diagnostics* diagnostics,
                          const ImportSettings& settings) {
  return Read<ImportedModel>(path, diagnostics, settings).value_or(ImportedModel());
}

std::vector<std::string> ModelInputFiles(const std::string& path) {
  // What the readers read of a file is theirs, in their child process: only
  // the part that names other files is read here, and the rest not at all.
  constexpr size_t kSniffBytes = 4096;
  constexpr size_t kGlbJsonOffset = 20;  // header (12) and the first chunk's (8)
  std::vector<std::string> files = {path};
  std::string bytes;
  if (ReadInputPrefix(path, InputKind::kModel, kSniffBytes, &bytes).refused()) return files;
  FileKind kind = Sniff(bytes);
  std::string reason;
  if (kind == FileKind::kGltfJson) {
    if (!ReadWholeFile(path, &bytes, &reason)) return files;
  } else if (kind == FileKind::kGlb && bytes.size() >= kGlbJsonOffset) {
    uint32_t json_length = 0;
    std::memcpy(&json_length, bytes.data() + 12, sizeof json_length);
    if (ReadInputPrefix(path, InputKind::kModel, kGlbJsonOffset + size_t{json_length}, &bytes)
            .refused()) {
      return files;
    }
  } else {
    return files;
  }
  for (std::string& external : GltfExternalFiles(bytes, kind == FileKind::kGlb, BaseFolder(path))) {
    files.push_back(std::move(external));
  }
  return files;
}

std::optional<ModelContent> ImportModelContent(const std::string& path, Diagnostics* diagnostics,
                                               const ImportSettings& settings) {
  return Read<ModelContent>(path, diagnostics, settings);
}

}  // namespace cinc
