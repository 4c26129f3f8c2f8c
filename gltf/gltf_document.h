// The scene as one animated glTF 2.0 asset, and its bytes (docs/gltf.md).
#ifndef CINC_GLTF_GLTF_DOCUMENT_H_
#define CINC_GLTF_GLTF_DOCUMENT_H_

#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/json_writer.h"
#include "core/scene.h"
#include "fit/fit_settings.h"
#include "gltf/gltf_animation.h"
#include "importers/model_content.h"
#include "markers/rig.h"

namespace cinc {

// The asset: its JSON, its binary buffer and the motion written into it.
struct GltfDocument {
  Json json;
  std::string buffer;  // the binary buffer (empty: none)
  // Every owner's motion, objects then cameras, as written (for --verify).
  std::vector<GltfOwnerMotion> motions;
};

// The scene as one glTF asset (docs/gltf.md "What is in the asset"): a node
// per object and camera in file order, the models' content beneath, one
// animation of AnimateOwner's samplers. A channel of more than
// kMaxGltfChannelKeys keys is E_LIMIT at its owner, and so is fitting past
// one build's curve checks (fit/fit_budget.h), or more than kMaxGltfNodes
// nodes (gltf/gltf_node_count.h; the document is then left unfinished). A pure function of its inputs. `contents` is parallel to scene.models (nullopt: no
// source, or unreadable).
GltfDocument BuildGltfDocument(const Scene& scene, const Rig& rig,
                               const std::vector<std::optional<ModelContent>>& contents,
                               const GltfExportSettings& settings, Diagnostics* diagnostics);

// The GLB's bytes: a JSON chunk padded with spaces, a BIN chunk padded with
// zeros.
std::string WriteGlb(const GltfDocument& document);
// The glTF JSON's bytes, the buffer embedded as a base64 `data:` URI.
std::string WriteGltf(const GltfDocument& document);

}  // namespace cinc

#endif  // CINC_GLTF_GLTF_DOCUMENT_H_
