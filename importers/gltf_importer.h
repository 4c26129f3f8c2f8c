// glTF 2.0 (GLB and JSON) through tinygltf, to ModelNodes.
//
// Contract: reads the nodes of the document's `scene` (else scene 0; a
// document without scenes uses every node that has no parent), in node-index
// order, each with its model-space matrix (TRS or `matrix`). Images are
// neither loaded nor decoded. Returns false with the loader's message in
// `error` on an invalid document; never throws.
#ifndef CINC_IMPORTERS_GLTF_IMPORTER_H_
#define CINC_IMPORTERS_GLTF_IMPORTER_H_

#include <string>
#include <vector>

#include "importers/model_builder.h"

namespace cinc {

// `bytes` is the whole file; `base_dir` is where external buffers are looked up.
bool ReadGltfNodes(const std::string& bytes, bool binary, const std::string& base_dir,
                   std::vector<ModelNode>* nodes, std::string* error);

}  // namespace cinc

#endif  // CINC_IMPORTERS_GLTF_IMPORTER_H_
