// The scene as one animated glTF document (gltf/gltf_document.h), for the
// glb, gltf and preview outputs: the content of every model an object uses,
// and motion fitted for glTF's playback.
#ifndef CINC_COMPILER_PIPELINE_GLTF_ASSET_H_
#define CINC_COMPILER_PIPELINE_GLTF_ASSET_H_

#include <optional>

#include "compiler/pipeline/output_job.h"
#include "gltf/gltf_document.h"

namespace cinc {

// A model whose meshes cannot be read is E_MODEL_LOAD at its `source:`
// value. With settings.verify, the document's motion is replayed against the
// exact state (result->verify_report). nullopt after errors.
std::optional<GltfDocument> BuildGltfAsset(const OutputJob& job);

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_GLTF_ASSET_H_
