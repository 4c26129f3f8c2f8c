// ImportModel: any model file cinc reads, to its markers and LODs.
//
// Contract: the loader is chosen by the file's first bytes, never its name:
// `glTF` is a GLB and `{` (after a BOM and whitespace) a glTF JSON, both read
// by tinygltf; `BLENDER` (or Zstandard in the seekable format, a .blend
// saved compressed) is a .blend, converted to GLB by the installed
// Blender (headless, autoexec disabled, importers/blender/cinc_export.py) into
// a cache keyed by the file's content hash and then read as a GLB; anything
// else goes to Assimp. Problems are reported to `diagnostics` with the path as
// given as Diagnostic::file (E_MODEL_LOAD, E_MODEL_FORMAT, E_MARKER_DUPLICATE);
// the function never throws and never crashes on bad input, and returns what
// it could read (nothing after a load error).
#ifndef CINC_IMPORTERS_IMPORT_MODEL_H_
#define CINC_IMPORTERS_IMPORT_MODEL_H_

#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "importers/isolated_run.h"
#include "importers/model.h"
#include "importers/model_content.h"

namespace cinc {

class ModelCache;  // importers/model_cache.h

struct ImportSettings {
  // Where converted .blend files are kept. Empty: $XDG_CACHE_HOME/cinc, else
  // $HOME/.cache/cinc, else the system's temporary folder + /cinc.
  std::string cache_folder;
  // The Blender to run. Empty: $CINC_BLENDER, else `blender` on PATH.
  std::string blender_executable;
  // A conversion that runs longer than this is stopped and reported.
  int blender_timeout_seconds = 600;
  // Read the file in a child process with `limits` (importers/
  // isolated_run.h): a reader that crashes, aborts, exhausts the memory
  // limit or hangs is E_MODEL_LOAD, and what it prints never reaches cinc's
  // output. A .blend's conversion runs first, here (Blender is its own
  // process with its own timeout); its GLB is then read in the child.
  bool isolate = true;
  IsolationLimits limits;
  // A long-lived process's cache (`cinc lsp`): ImportModels reads a file
  // again only when it changed. Borrowed; nullptr reads every time.
  ModelCache* cache = nullptr;
};

ImportedModel ImportModel(const std::string& path, Diagnostics* diagnostics,
                          const ImportSettings& settings = {});

// The model's drawable content (importers/model_content.h), read the same
// way and reported the same way; nullopt after a problem.
std::optional<ModelContent> ImportModelContent(const std::string& path, Diagnostics* diagnostics,
                                               const ImportSettings& settings = {});

// The files a read of `path` depends on, for depfiles: `path` itself, then,
// for a glTF (JSON or GLB, known by its first bytes), the external buffers
// and images it names that are there (importers/gltf_checks.h). Just `path`
// when it cannot be read; reports nothing.
std::vector<std::string> ModelInputFiles(const std::string& path);

}  // namespace cinc

#endif  // CINC_IMPORTERS_IMPORT_MODEL_H_
