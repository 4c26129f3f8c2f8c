// Every other format (FBX, COLLADA, OBJ, ...) through Assimp, to ModelNodes.
//
// Contract: imports with aiProcess_GlobalScale (the file's unit scale) and no
// post-process that removes or merges nodes; FBX pivot helpers are collapsed
// (AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS off) and any `$AssimpFbx$` node that
// remains is folded into its child. Nodes come in depth-first pre-order; the
// synthetic root is not a node of the model (its transform still applies).
// Never throws.
#ifndef CINC_IMPORTERS_ASSIMP_IMPORTER_H_
#define CINC_IMPORTERS_ASSIMP_IMPORTER_H_

#include <string>
#include <vector>

#include "importers/model_builder.h"
#include "importers/model_content.h"

struct aiScene;

namespace cinc {

enum class AssimpResult {
  kRead,
  kNoImporter,  // no Assimp importer recognises the file
  kFailed,      // an importer took it and failed
};

AssimpResult ReadAssimpNodes(const std::string& path, std::vector<ModelNode>* nodes,
                             std::string* error);

// The drawable content (importers/model_content.h): the node tree (the
// synthetic root included, its transform kept), one mesh per node with a
// primitive per Assimp mesh (triangulated, points and lines kept, normals
// generated where missing, identical vertices joined), base colours,
// opacity, metallic and roughness factors and the base colour texture when
// it is embedded or a PNG or JPEG file inside the model's folder. UVs are
// flipped to glTF's convention (v down from the image's top).
bool ReadAssimpContent(const std::string& path, ModelContent* content, std::string* error);

// The node walk of ReadAssimpNodes on an imported scene (exposed for tests).
void ReadAssimpSceneNodes(const aiScene& scene, std::vector<ModelNode>* nodes);

}  // namespace cinc

#endif  // CINC_IMPORTERS_ASSIMP_IMPORTER_H_
