// glTF 2.0 (GLB and JSON) through tinygltf, to ModelNodes.
//
// Contract: ReadGltfNodes reads the nodes of the document's `scene` (else
// scene 0; a document without scenes uses every node that has no parent), in
// node-index order, each with its model-space matrix (TRS or `matrix`).
// Images are neither loaded nor decoded. ReadGltfContent reads the same
// scene's drawable content (importers/model_content.h), images as stored.
// Both return false with the loader's message in `error` on an invalid
// document; never throw.
#ifndef CINC_IMPORTERS_GLTF_IMPORTER_H_
#define CINC_IMPORTERS_GLTF_IMPORTER_H_

#include <string>
#include <vector>

#include "importers/model_builder.h"
#include "importers/model_content.h"

namespace cinc {

// `bytes` is the whole file; `base_dir` is where external buffers are looked up.
bool ReadGltfNodes(const std::string& bytes, bool binary, const std::string& base_dir,
                   std::vector<ModelNode>* nodes, std::string* error);
bool ReadGltfContent(const std::string& bytes, bool binary, const std::string& base_dir,
                     ModelContent* content, std::string* error);

}  // namespace cinc

#endif  // CINC_IMPORTERS_GLTF_IMPORTER_H_
