#include "importers/assimp_importer.h"

#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <cctype>
#include <cstring>
#include <exception>
#include <set>

#include "importers/assimp_axes.h"
#include "importers/assimp_common.h"
#include "importers/assimp_library.h"
#include "importers/reader_messages.h"

namespace cinc {
namespace {

using assimp::kNoImporterMessage;
using assimp::NameOf;
using assimp::ToGlm;

constexpr std::string_view kFbxHelperMarker = "_$AssimpFbx$_";
std::optional<bool> MarkerFlag(const aiMetadata* metadata) {
  const aiMetadataEntry* entry = assimp::FindEntry(metadata, "cinc_marker");
  if (entry == nullptr) return std::nullopt;
  switch (entry->mType) {
    case AI_BOOL:
      return *static_cast<const bool*>(entry->mData);
    case AI_INT32:
      return *static_cast<const int32_t*>(entry->mData) != 0;
    case AI_UINT64:
      return *static_cast<const uint64_t*>(entry->mData) != 0;
    case AI_FLOAT:
      return *static_cast<const float*>(entry->mData) != 0;
    case AI_DOUBLE:
      return *static_cast<const double*>(entry->mData) != 0;
    default:
      return std::nullopt;  // other types carry no meaning (documented)
  }
}

// FBX says of each model whether it is a Null (an empty): one that is not
// is a mesh, light, camera or bone, even when Assimp read nothing of it (a
// mesh without faces, an area light, a leaf bone).
bool IsFbxNonNull(const aiMetadata* metadata) {
  const aiMetadataEntry* entry = assimp::FindEntry(metadata, "IsNull");
  return entry != nullptr && entry->mType == AI_BOOL && !*static_cast<const bool*>(entry->mData);
}

// Names of nodes that are cameras or lights: not markers.
std::set<std::string> CameraAndLightNames(const aiScene& scene) {
  std::set<std::string> names;
  for (unsigned i = 0; i < scene.mNumCameras && scene.mCameras != nullptr; ++i) {
    if (scene.mCameras[i] != nullptr) names.insert(NameOf(scene.mCameras[i]->mName));
  }
  for (unsigned i = 0; i < scene.mNumLights && scene.mLights != nullptr; ++i) {
    if (scene.mLights[i] != nullptr) names.insert(NameOf(scene.mLights[i]->mName));
  }
  return names;
}

// Names of nodes that are a mesh's bones (skin joints): not markers, and
// neither is what is under them without a flag.
std::set<std::string> BoneNames(const aiScene& scene) {
  std::set<std::string> names;
  for (unsigned i = 0; i < scene.mNumMeshes && scene.mMeshes != nullptr; ++i) {
    const aiMesh* mesh = scene.mMeshes[i];
    if (mesh == nullptr || mesh->mBones == nullptr) continue;
    for (unsigned b = 0; b < mesh->mNumBones; ++b) {
      if (mesh->mBones[b] != nullptr) names.insert(NameOf(mesh->mBones[b]->mName));
    }
  }
  return names;
}

}  // namespace

void ReadAssimpSceneNodes(const aiScene& scene, std::vector<ModelNode>* nodes) {
  const std::set<std::string> cameras_and_lights = CameraAndLightNames(scene);
  const std::set<std::string> bones = BoneNames(scene);
  const FileAxes axes = AxesOf(scene);
  struct Pending {
    const aiNode* node;
    glm::dmat4 parent_world;
    bool under_joint;
  };
  std::vector<Pending> stack{{scene.mRootNode, axes.to_cinc, false}};
  std::set<const aiNode*> visited;  // a malformed scene must not loop forever
  while (!stack.empty()) {
    Pending pending = stack.back();
    stack.pop_back();
    const aiNode* node = pending.node;
    if (node == nullptr || !visited.insert(node).second) continue;
    glm::dmat4 world = pending.parent_world * ToGlm(node->mTransformation);
    std::string name = NameOf(node->mName);
    bool is_root = node == scene.mRootNode;
    // A pivot helper's transform lives on in its descendants' matrices: that
    // is the folding; the helper itself is no node of the model.
    bool is_helper = name.find(kFbxHelperMarker) != std::string::npos;
    if (!is_root && !is_helper) {
      ModelNode out;
      out.name = name;
      out.world = world * axes.marker_frame;
      out.has_mesh = node->mNumMeshes > 0;
      out.is_camera_light_or_joint = cameras_and_lights.count(name) > 0 || bones.count(name) > 0;
      out.has_children = node->mNumChildren > 0;
      out.is_other_object = IsFbxNonNull(node->mMetaData);
      out.under_joint = pending.under_joint;
      out.marker_flag = MarkerFlag(node->mMetaData);
      nodes->push_back(std::move(out));
    }
    if (node->mChildren == nullptr) continue;
    bool children_under_joint = pending.under_joint || bones.count(name) > 0;
    for (unsigned i = node->mNumChildren; i-- > 0;) {
      stack.push_back({node->mChildren[i], world, children_under_joint});
    }
  }
}

AssimpResult ReadAssimpNodes(const std::string& path, std::vector<ModelNode>* nodes,
                             std::string* error) {
  try {
    // Nothing that deletes, merges or re-parents nodes: empties are markers.
    const assimp::ImportedScene imported(path, aiProcess_GlobalScale);
    const aiScene* scene = imported.scene();
    if (scene == nullptr) {
      std::string message = TrimmedReaderMessage(imported.error());
      if (message.find(kNoImporterMessage) != std::string::npos) {
        *error = message;
        return AssimpResult::kNoImporter;
      }
      *error = message.empty() ? "Assimp could not read it" : message;
      return AssimpResult::kFailed;
    }
    ReadAssimpSceneNodes(*scene, nodes);
    return AssimpResult::kRead;
  } catch (const std::exception& exception) {
    *error = std::string("Assimp failed: ") + exception.what();
  } catch (...) {
    *error = "Assimp failed with an unknown exception";
  }
  return AssimpResult::kFailed;
}

}  // namespace cinc
