// libFuzzer harness: a glTF or GLB model as cinc reads it in the reader's
// process (importers/gltf_checks.h, then tinygltf, then cinc's walk of the
// scene for markers and for content, then the markers' table), bytes that
// start with "glTF" as GLB, any others as glTF JSON. External buffers and
// images are looked for in an empty folder.
//
// A finding: a crash, a hang or a sanitizer report.
#include <cstdint>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "importers/gltf_checks.h"
#include "importers/gltf_importer.h"
#include "importers/model_builder.h"
#include "importers/model_content.h"
#include "tests/fuzz/fuzz_folder.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  const bool binary = bytes.starts_with("glTF");
  const std::string& folder = cinc::fuzz::Folder();
  if (!cinc::CheckGltfBeforeLoading(bytes, binary, folder).empty()) return 0;
  std::vector<cinc::ModelNode> nodes;
  std::string error;
  if (cinc::ReadGltfNodes(bytes, binary, folder, &nodes, &error)) {
    cinc::Diagnostics diagnostics("fuzz.gltf");
    cinc::BuildModel(nodes, "fuzz.gltf", &diagnostics);
  }
  cinc::ModelContent content;
  cinc::ReadGltfContent(bytes, binary, folder, &content, &error);
  return 0;
}
