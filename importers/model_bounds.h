// A model's bounds: the box around its meshes in model space, for framing
// (docs/cameras.md "Framing").
#ifndef CINC_IMPORTERS_MODEL_BOUNDS_H_
#define CINC_IMPORTERS_MODEL_BOUNDS_H_

#include <optional>

#include "core/rotation.h"
#include "importers/model_content.h"

namespace cinc {

struct Bounds {
  Vec3 low;
  Vec3 high;
};

// The axis-aligned box around every vertex of every mesh the scene's nodes
// place (each through its node's transform and its parents'); nullopt when
// no node places a vertex. A node reached twice (a loop) is not entered again.
std::optional<Bounds> ModelBounds(const ModelContent& content);

}  // namespace cinc

#endif  // CINC_IMPORTERS_MODEL_BOUNDS_H_
