#include "core/scene.h"

namespace cinc {

std::string Node::QualifiedName() const {
  if (id.empty()) return owner + "#" + std::to_string(index);
  return owner + "." + id;
}

}  // namespace cinc
