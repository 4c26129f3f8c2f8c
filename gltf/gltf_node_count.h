// How many nodes a glTF asset of the scene holds, bounded before it is made.
#ifndef CINC_GLTF_GLTF_NODE_COUNT_H_
#define CINC_GLTF_GLTF_NODE_COUNT_H_

#include <cstddef>
#include <optional>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "importers/model_content.h"

namespace cinc {

// The most nodes an asset cinc writes may hold: a node per object and
// camera, and every instance's model nodes (100,000 objects with a 4-node
// model; a node costs about 1 KB while the asset is made).
inline constexpr size_t kMaxGltfNodes = 500'000;

// The nodes one instance of `content` adds: those its roots reach.
size_t InstanceNodeCount(const ModelContent& content);

// False, after E_LIMIT at the first object (in file order) whose instance
// brings the asset past kMaxGltfNodes, when the asset would hold more.
// `contents` is parallel to scene.models (nullopt: no content).
bool GltfNodesFit(const Scene& scene, const std::vector<std::optional<ModelContent>>& contents,
                  Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_GLTF_GLTF_NODE_COUNT_H_
