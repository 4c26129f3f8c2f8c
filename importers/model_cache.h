// Imported models kept by a long-lived process (`cinc lsp`, docs/lsp.md): a
// model file is read again only when its size or modification time changed.
#ifndef CINC_IMPORTERS_MODEL_CACHE_H_
#define CINC_IMPORTERS_MODEL_CACHE_H_

#include <cstdint>
#include <map>
#include <string>

#include "core/diagnostics.h"
#include "importers/import_model.h"
#include "importers/model.h"

namespace cinc {

class ModelCache {
 public:
  // ImportModel(path, diagnostics, settings), or what it gave the last time
  // `path` had the same size and modification time (its problems reported
  // to `diagnostics` again). A file that cannot be looked at is read anew.
  ImportedModel Import(const std::string& path, Diagnostics* diagnostics,
                       const ImportSettings& settings);

  // How many times a file was read (not answered from the cache).
  int reads() const { return reads_; }

 private:
  struct Entry {
    int64_t size = -1;
    int64_t mtime_ns = -1;
    ImportedModel model;
    std::vector<Diagnostic> problems;
  };
  std::map<std::string, Entry> entries_;
  int reads_ = 0;
};

}  // namespace cinc

#endif  // CINC_IMPORTERS_MODEL_CACHE_H_
