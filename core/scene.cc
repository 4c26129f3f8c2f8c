#include "core/scene.h"

#include <filesystem>

namespace cinc {

std::string Node::QualifiedName() const {
  if (id.empty()) return owner + "#" + std::to_string(index);
  return owner + "." + id;
}

std::string SourcePath(const Scene& scene, const std::string& source) {
  std::filesystem::path folder = std::filesystem::path(scene.file).parent_path();
  return (folder / source).lexically_normal().string();
}

}  // namespace cinc
