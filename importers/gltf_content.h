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

#include <string>
#include <vector>

#include "importers/model_content.h"

namespace tinygltf {
class Model;
}

namespace cinc {

bool ContentOfDocument(const tinygltf::Model& model, const std::vector<int>& roots,
                       ModelContent* content, std::string* error);

}  // namespace cinc

#endif  // CINC_IMPORTERS_GLTF_CONTENT_H_
