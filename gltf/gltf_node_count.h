// How many nodes and animation channels a glTF asset of the scene holds,
// bounded before they are made.
#ifndef CINC_GLTF_GLTF_NODE_COUNT_H_
#define CINC_GLTF_GLTF_NODE_COUNT_H_

#include <cstddef>
#include <optional>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "gltf/gltf_animation.h"
#include "importers/model_content.h"

namespace cinc {

// The most nodes an asset cinc writes may hold: a node per object and
// camera, and every instance's model nodes (100,000 objects with a 4-node
// model; a node costs about 1 KB while the asset is made).
inline constexpr size_t kMaxGltfNodes = 500'000;

// The nodes one instance of `content` adds: those its roots reach.
size_t InstanceNodeCount(const ModelContent& content);

// The asset's nodes; nullopt, after E_LIMIT at the first object (in file
// order) whose instance brings it past kMaxGltfNodes, when it would hold
// more. `contents` is parallel to scene.models (nullopt: no content).
std::optional<size_t> GltfNodesFit(const Scene& scene,
                                   const std::vector<std::optional<ModelContent>>& contents,
                                   Diagnostics* diagnostics);

// An asset's nodes and animation channels together, a channel counted as
// kGltfNodesPerChannel nodes (its sampler, accessors and views cost about
// 5 KB while the asset is made, a node about 1 KB): 100,000 objects that
// move and no model, or 100,000 instances of a 4-node model and 25,000
// channels.
inline constexpr size_t kMaxGltfAssetSize = 600'000;
inline constexpr size_t kGltfNodesPerChannel = 4;

// False, after E_LIMIT at the first owner (objects, then cameras) whose
// channels bring `nodes` and the channels past kMaxGltfAssetSize, when the
// asset would hold more. `motions` is parallel to the objects then the
// cameras.
bool GltfChannelsFit(const Scene& scene, size_t nodes, const std::vector<GltfOwnerMotion>& motions,
                     Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_GLTF_GLTF_NODE_COUNT_H_
