// Internal to importers/: a parsed glTF document to ModelContent.
//
// Contract: ContentOfDocument walks the scene from `roots` (explicit stack,
// each node reached once) and copies what importers/model_content.h lists:
// nodes (names, TRS or matrix; cameras, lights and skins dropped, LOD levels
// above 0 dropped with their subtrees), the meshes they use (triangles,
// lines and points kept with their mode; attributes read from any accessor
// layout — strides, normalised integers, sparse accessors — into floats),
// the materials, textures and images those meshes use, renumbered densely
// in first-use order. Images must hold their encoded bytes (the loader keeps
// them as is). False with a message on an accessor that does not fit its
// buffer or an index out of range.
#ifndef CINC_IMPORTERS_GLTF_CONTENT_H_
#define CINC_IMPORTERS_GLTF_CONTENT_H_

#include <functional>
#include <string>
#include <vector>

#include "importers/model_content.h"

namespace tinygltf {
class Model;
}

namespace cinc {

bool ContentOfDocument(const tinygltf::Model& model, const std::vector<int>& roots,
                       ModelContent* content, std::string* error);

// Walks the scene's node trees from `roots`, depth first, parents before
// children in their written order, with an explicit stack. visit(node,
// parent) gets the token its parent's visit returned (kSceneRoot for a
// root) and returns its own token for its children, kSkipSubtree to leave
// them out, or kWalkFailed after setting *error. A node index out of range
// or a node reached twice (glTF nodes form a forest: this also rules out
// cycles) stops the walk with a message. False when the walk stopped.
inline constexpr int kSceneRoot = -1;
inline constexpr int kSkipSubtree = -2;
inline constexpr int kWalkFailed = -3;
bool WalkSceneTree(const tinygltf::Model& model, const std::vector<int>& roots,
                   const std::function<int(int node, int parent)>& visit, std::string* error);

}  // namespace cinc

#endif  // CINC_IMPORTERS_GLTF_CONTENT_H_
