// One scene compiled for the language server (docs/lsp.md): what `cinc
// check` finds, on the editor's unsaved texts, and what the answers read
// (the scene, its resolved times, its models' markers).
#ifndef CINC_LSP_SCENE_ANALYSIS_H_
#define CINC_LSP_SCENE_ANALYSIS_H_

#include <map>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "importers/model_cache.h"
#include "markers/marker_table.h"

namespace cinc {

struct SceneAnalysis {
  std::string scene_path;   // as the editor's URI names it
  Diagnostics diagnostics;  // every problem, as `cinc check` gives them
  Scene scene;              // relations kept
  Timeline timeline;        // empty after timing errors
  ModelLibrary models;      // parallel to scene.models: file and inline markers
  bool loaded = false;      // the scene was read (no syntax error stopped it)
  bool timed = false;       // every node's time resolved

  // The path of the file `location` lies in.
  const std::string& FileOf(SourceLocation location) const {
    return diagnostics.FileName(location);
  }
};

// Compiles `scene_path` as `cinc check` does, reading the texts of
// `unsaved` (SceneLoadOptions::unsaved_texts) instead of their files, and
// models through `cache`.
SceneAnalysis AnalyzeScene(const std::string& scene_path,
                           const std::map<std::string, std::string>& unsaved, ModelCache* cache);

}  // namespace cinc

#endif  // CINC_LSP_SCENE_ANALYSIS_H_
