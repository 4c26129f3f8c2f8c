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

bool GltfNodesFit(const Scene& scene, const std::vector<std::optional<ModelContent>>& contents,
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
    return false;
  }
  return true;
}

}  // namespace cinc
