#include "importers/model_cache.h"

#include <sys/stat.h>

#include <utility>

namespace cinc {
namespace {

// The file's size and modification time in nanoseconds; false when it
// cannot be looked at.
bool Stamp(const std::string& path, int64_t* size, int64_t* mtime_ns) {
  struct stat info {};
  if (stat(path.c_str(), &info) != 0) return false;
  *size = static_cast<int64_t>(info.st_size);
  *mtime_ns = static_cast<int64_t>(info.st_mtim.tv_sec) * 1000000000 + info.st_mtim.tv_nsec;
  return true;
}

}  // namespace

ImportedModel ModelCache::Import(const std::string& path, Diagnostics* diagnostics,
                                 const ImportSettings& settings) {
  int64_t size = -1;
  int64_t mtime_ns = -1;
  const bool stamped = Stamp(path, &size, &mtime_ns);
  if (stamped) {
    auto found = entries_.find(path);
    if (found != entries_.end() && found->second.size == size &&
        found->second.mtime_ns == mtime_ns) {
      for (const Diagnostic& problem : found->second.problems) diagnostics->Add(problem);
      return found->second.model;
    }
  }
  ++reads_;
  Diagnostics problems = diagnostics->Sibling();
  ImportedModel model = ImportModel(path, &problems, settings);
  for (const Diagnostic& problem : problems.items()) diagnostics->Add(problem);
  if (stamped) entries_[path] = Entry{size, mtime_ns, model, problems.items()};
  return model;
}

}  // namespace cinc
