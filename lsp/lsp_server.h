// `cinc lsp`: a Language Server Protocol 3.17 server for scene files on
// stdio (docs/lsp.md): the loop, the lifecycle, the open documents, and
// which answer each method gets.
#ifndef CINC_LSP_LSP_SERVER_H_
#define CINC_LSP_LSP_SERVER_H_

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/json_writer.h"
#include "importers/model_cache.h"
#include "lsp/document_store.h"
#include "lsp/scene_analysis.h"
#include "lsp/scene_view.h"

namespace cinc {

struct LspServerOptions {
  std::string scene_schema;  // the scene JSON Schema's text (compiled into cinc)
};

// The server without its input and output: messages in, messages out.
class LanguageServer {
 public:
  explicit LanguageServer(const LspServerOptions& options);

  // Answers one message's body: its response (for a request) and any
  // notification it causes, in order. Never throws.
  std::vector<Json> Handle(const std::string& body);
  // Whether documents changed since the diagnostics were last published.
  bool NeedsAnalysis() const { return dirty_; }
  // Compiles every open scene and publishes what changed.
  std::vector<Json> Analyze();
  // Set once `exit` arrived: the process's status (0 after `shutdown`).
  std::optional<int> exit_status() const { return exit_status_; }
  // How many model files were read (the cache's misses).
  int model_reads() const { return cache_.reads(); }

 private:
  std::vector<Json> Dispatch(const Json& message);
  Json Answer(const std::string& method, const Json& params);
  void Notice(const std::string& method, const Json& params);
  // The view of the document `params` names, or nullopt (no scene).
  std::optional<SceneView> ViewOf(const Json& params);
  std::string TextOfFile(const std::string& path) const;

  Json schema_;
  DocumentStore documents_;
  ModelCache cache_;
  std::map<std::string, std::unique_ptr<SceneAnalysis>> latest_;  // by scene path
  std::map<std::string, std::unique_ptr<SceneAnalysis>> loaded_;  // the last one read whole
  std::set<std::string> published_;                               // files with diagnostics shown
  bool initialized_ = false;
  bool shut_down_ = false;
  bool dirty_ = false;
  std::optional<int> exit_status_;
};

// Reads messages from `in_fd` and writes answers to `out_fd` until `exit`
// or the end of input; diagnostics are published once no message waits
// (a burst of changes is compiled once). Returns the process's status: 0
// after shutdown and exit, 1 otherwise (a framing error is said on stderr).
int RunLanguageServer(int in_fd, int out_fd, const LspServerOptions& options);

}  // namespace cinc

#endif  // CINC_LSP_LSP_SERVER_H_
