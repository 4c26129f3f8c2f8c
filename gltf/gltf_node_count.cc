#include "gltf/gltf_node_count.h"

#include <string>
#include <unordered_map>

namespace cinc {

size_t InstanceNodeCount(const ModelContent& content) {
  std::vector<int> stack(content.roots.begin(), content.roots.end());
  size_t count = 0;
  while (!stack.empty()) {
    const ContentNode& node = content.nodes[static_cast<size_t>(stack.back())];
    stack.pop_back();
    ++count;
    stack.insert(stack.end(), node.children.begin(), node.children.end());
  }
  return count;
}

std::optional<size_t> GltfNodesFit(const Scene& scene,
                                   const std::vector<std::optional<ModelContent>>& contents,
                                   Diagnostics* diagnostics) {
  std::unordered_map<std::string, size_t> instance_nodes;  // by model name
  for (size_t index = 0; index < scene.models.size(); ++index) {
    if (contents[index]) {
      instance_nodes.emplace(scene.models[index].name, InstanceNodeCount(*contents[index]));
    }
  }
  size_t total = scene.cameras.size();
  for (const SceneObject& object : scene.objects) {
    auto found = instance_nodes.find(object.model);
    total += 1 + (found != instance_nodes.end() ? found->second : 0);
    if (total <= kMaxGltfNodes) continue;
    if (diagnostics != nullptr) {
      diagnostics->Report(
          DiagnosticCode::kLimit, object.origin.location, object.origin.path(),
          "object '" + object.name + "' brings the glTF asset to " + std::to_string(total) +
              " nodes (a node per object and camera, and its model's nodes for each object), "
              "more than the " +
              std::to_string(kMaxGltfNodes) + " an asset may hold");
    }
    return std::nullopt;
  }
  return total;
}

bool GltfChannelsFit(const Scene& scene, size_t nodes, const std::vector<GltfOwnerMotion>& motions,
                     Diagnostics* diagnostics) {
  size_t total = 0;
  for (size_t index = 0; index < motions.size(); ++index) {
    const GltfNodeAnimation& animation = motions[index].animation;
    total +=
        (animation.translation ? 1 : 0) + (animation.rotation ? 1 : 0) + (animation.scale ? 1 : 0);
    if (nodes + kGltfNodesPerChannel * total <= kMaxGltfAssetSize) continue;
    const SceneObject& owner = index < scene.objects.size()
                                   ? scene.objects[index]
                                   : scene.cameras[index - scene.objects.size()];
    if (diagnostics != nullptr) {
      diagnostics->Report(
          DiagnosticCode::kLimit, owner.origin.location, owner.origin.path(),
          std::string(owner.is_camera ? "camera '" : "object '") + owner.name +
              "' brings the glTF asset to " + std::to_string(nodes) + " nodes and " +
              std::to_string(total) + " animation channels, more than the " +
              std::to_string(kMaxGltfAssetSize) + " an asset may hold counting a channel as " +
              std::to_string(kGltfNodesPerChannel) + " nodes");
    }
    return false;
  }
  return true;
}

}  // namespace cinc
