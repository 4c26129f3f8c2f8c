#include "importers/model_bounds.h"

#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat4x4.hpp>
#include <utility>
#include <vector>

namespace cinc {
namespace {

glm::dmat4 LocalMatrix(const ContentNode& node) {
  if (node.matrix) {
    glm::dmat4 matrix;
    for (int column = 0; column < 4; ++column) {
      for (int row = 0; row < 4; ++row) matrix[column][row] = (*node.matrix)[column * 4 + row];
    }
    return matrix;
  }
  return glm::translate(glm::dmat4(1), node.translation) * glm::mat4_cast(node.rotation) *
         glm::scale(glm::dmat4(1), node.scale);
}

}  // namespace

std::optional<Bounds> ModelBounds(const ModelContent& content) {
  std::optional<Bounds> bounds;
  std::vector<bool> entered(content.nodes.size(), false);
  std::vector<std::pair<int, glm::dmat4>> stack;
  for (auto root = content.roots.rbegin(); root != content.roots.rend(); ++root) {
    stack.emplace_back(*root, glm::dmat4(1));
  }
  while (!stack.empty()) {
    auto [index, parent] = stack.back();
    stack.pop_back();
    if (index < 0 || static_cast<size_t>(index) >= content.nodes.size() || entered[index]) continue;
    entered[index] = true;
    const ContentNode& node = content.nodes[index];
    const glm::dmat4 world = parent * LocalMatrix(node);
    if (node.mesh >= 0 && static_cast<size_t>(node.mesh) < content.meshes.size()) {
      for (const ContentPrimitive& primitive : content.meshes[node.mesh].primitives) {
        for (size_t v = 0; v + 2 < primitive.positions.size(); v += 3) {
          const Vec3 point(world * glm::dvec4(primitive.positions[v], primitive.positions[v + 1],
                                              primitive.positions[v + 2], 1));
          if (!bounds) bounds = Bounds{point, point};
          bounds->low = glm::min(bounds->low, point);
          bounds->high = glm::max(bounds->high, point);
        }
      }
    }
    for (int child : node.children) stack.emplace_back(child, world);
  }
  return bounds;
}

}  // namespace cinc
