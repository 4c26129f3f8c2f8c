#include "compiler/pipeline/gltf_output.h"

#include <optional>
#include <string>

#include "compiler/pipeline/gltf_asset.h"

namespace cinc {

void BuildGltfOutput(const OutputJob& job) {
  std::optional<GltfDocument> document = BuildGltfAsset(job);
  if (!document) return;
  AddOnlyFile(job, job.settings.make_bytes ? WriteGltf(*document) : std::string());
}

}  // namespace cinc
