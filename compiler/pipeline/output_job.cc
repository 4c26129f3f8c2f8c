#include "compiler/pipeline/output_job.h"

#include <optional>
#include <utility>

namespace cinc {

BuildStatus StatusAfter(const Diagnostics& diagnostics) {
  return diagnostics.HasErrors() ? BuildStatus::kInputErrors : BuildStatus::kBuilt;
}

void AddOnlyFile(const OutputJob& job, std::string bytes) {
  job.result->files.push_back({job.settings.output, std::move(bytes), std::nullopt});
  job.result->status = StatusAfter(*job.diagnostics);
}

}  // namespace cinc
