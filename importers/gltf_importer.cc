#include "importers/gltf_importer.h"

#include <tiny_gltf.h>

#include <cmath>
#include <exception>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <limits>
#include <set>

#include "importers/gltf_content.h"
#include "importers/reader_messages.h"

namespace cinc {
namespace {

// Markers need no pixels: accept every image without decoding it.
bool SkipImage(tinygltf::Image*, const int, std::string*, std::string*, int, int,
               const unsigned char*, int, void*) {
  return true;
}

// Exports copy images as stored: keep the encoded bytes, never decode them.
bool KeepImageBytes(tinygltf::Image* image, const int, std::string*, std::string*, int, int,
                    const unsigned char* bytes, int size, void*) {
  image->image.assign(bytes, bytes + size);
  image->as_is = true;
  return true;
}

std::string NodeLabel(const tinygltf::Model& model, int index) {
  const std::string& name = model.nodes[index].name;
  return "node " + std::to_string(index) + (name.empty() ? "" : " '" + name + "'");
}

bool AllFinite(const std::vector<double>& values) {
  for (double value : values) {
    if (!std::isfinite(value)) return false;
  }
  return true;
}

// The node's local matrix; false (with a message) when its numbers are unusable.
bool LocalMatrix(const tinygltf::Model& model, int index, glm::dmat4* local, std::string* error) {
  const tinygltf::Node& node = model.nodes[index];
  auto bad = [&](const std::string& what) {
    *error = NodeLabel(model, index) + " has " + what;
    return false;
  };
  if (!node.matrix.empty()) {
    if (node.matrix.size() != 16) {
      return bad("a matrix of " + std::to_string(node.matrix.size()) + " numbers (glTF needs 16)");
    }
    if (!AllFinite(node.matrix)) return bad("a matrix with a non-finite number");
    *local = glm::make_mat4(node.matrix.data());  // both column-major
    return true;
  }
  glm::dvec3 translation(0.0);
  glm::dquat rotation(1, 0, 0, 0);
  glm::dvec3 scale(1.0);
  if (!node.translation.empty()) {
    if (node.translation.size() != 3 || !AllFinite(node.translation)) {
      return bad("an invalid translation (glTF needs 3 finite numbers)");
    }
    translation = glm::make_vec3(node.translation.data());
  }
  if (!node.rotation.empty()) {
    if (node.rotation.size() != 4 || !AllFinite(node.rotation)) {
      return bad("an invalid rotation (glTF needs 4 finite numbers x, y, z, w)");
    }
    rotation = glm::dquat(node.rotation[3], node.rotation[0], node.rotation[1], node.rotation[2]);
    double length = glm::length(rotation);
    if (!(length > 1e-12)) return bad("a zero rotation quaternion");
    rotation /= length;
  }
  if (!node.scale.empty()) {
    if (node.scale.size() != 3 || !AllFinite(node.scale)) {
      return bad("an invalid scale (glTF needs 3 finite numbers)");
    }
    scale = glm::make_vec3(node.scale.data());
  }
  *local = glm::translate(glm::dmat4(1.0), translation) * glm::mat4_cast(rotation) *
           glm::scale(glm::dmat4(1.0), scale);
  return true;
}

std::optional<bool> MarkerFlag(const tinygltf::Value& extras) {
  if (!extras.IsObject() || !extras.Has("cinc_marker")) return std::nullopt;
  const tinygltf::Value& flag = extras.Get("cinc_marker");
  if (flag.IsBool()) return flag.Get<bool>();
  if (flag.IsNumber()) return flag.GetNumberAsDouble() != 0;
  return std::nullopt;  // other types carry no meaning (documented)
}

bool IsLight(const tinygltf::Node& node) {
  return node.extensions.find("KHR_lights_punctual") != node.extensions.end();
}

// The scene's top nodes: the document's `scene`, else scene 0, else every
// node without a parent.
bool SceneRoots(const tinygltf::Model& model, std::vector<int>* roots, std::string* error) {
  const int node_count = static_cast<int>(model.nodes.size());
  int scene_index = model.defaultScene >= 0 ? model.defaultScene : 0;
  if (!model.scenes.empty()) {
    if (scene_index >= static_cast<int>(model.scenes.size())) {
      *error = "the document's scene " + std::to_string(scene_index) + " does not exist";
      return false;
    }
    *roots = model.scenes[scene_index].nodes;
    return true;
  }
  std::vector<bool> has_parent(node_count, false);
  for (const tinygltf::Node& node : model.nodes) {
    for (int child : node.children) {
      if (child >= 0 && child < node_count) has_parent[child] = true;
    }
  }
  for (int i = 0; i < node_count; ++i) {
    if (!has_parent[i]) roots->push_back(i);
  }
  return true;
}

bool ReadNodes(const tinygltf::Model& model, std::vector<ModelNode>* nodes, std::string* error) {
  const int node_count = static_cast<int>(model.nodes.size());
  std::vector<int> roots;
  if (!SceneRoots(model, &roots, error)) return false;

  std::set<int> joints;
  for (const tinygltf::Skin& skin : model.skins)
    joints.insert(skin.joints.begin(), skin.joints.end());

  std::vector<std::optional<glm::dmat4>> world(node_count);
  std::vector<bool> under_joint(node_count, false);
  bool walked = WalkSceneTree(
      model, roots,
      [&](int index, int parent) {
        glm::dmat4 local;
        if (!LocalMatrix(model, index, &local, error)) return kWalkFailed;
        world[index] = (parent == kSceneRoot ? glm::dmat4(1.0) : *world[parent]) * local;
        under_joint[index] =
            parent != kSceneRoot && (under_joint[parent] || joints.count(parent) > 0);
        return index;
      },
      error);
  if (!walked) return false;

  for (int i = 0; i < node_count; ++i) {
    if (!world[i].has_value()) continue;  // not in the scene
    const tinygltf::Node& node = model.nodes[i];
    ModelNode out;
    out.name = node.name;
    out.world = *world[i];
    out.has_mesh = node.mesh >= 0;
    out.is_camera_light_or_joint = node.camera >= 0 || IsLight(node) || joints.count(i) > 0;
    out.has_children = !node.children.empty();
    out.under_joint = under_joint[i];
    out.marker_flag = MarkerFlag(node.extras);
    nodes->push_back(std::move(out));
  }
  return true;
}

// The document in `bytes` through tinygltf; false with the loader's message.
bool LoadDocument(const std::string& bytes, bool binary, const std::string& base_dir,
                  bool keep_image_bytes, tinygltf::Model* model, std::string* error) {
  if (bytes.size() > std::numeric_limits<unsigned int>::max()) {
    *error = "the file is larger than 4 GB, which tinygltf cannot read";
    return false;
  }
  tinygltf::TinyGLTF loader;
  loader.SetImageLoader(keep_image_bytes ? KeepImageBytes : SkipImage, nullptr);
  std::string loader_error;
  std::string warning;
  const auto size = static_cast<unsigned int>(bytes.size());
  bool loaded = binary ? loader.LoadBinaryFromMemory(
                             model, &loader_error, &warning,
                             reinterpret_cast<const unsigned char*>(bytes.data()), size, base_dir)
                       : loader.LoadASCIIFromString(model, &loader_error, &warning, bytes.data(),
                                                    size, base_dir);
  if (!loaded) {
    *error =
        TrimmedReaderMessage(loader_error.empty() ? "tinygltf could not read it" : loader_error);
    return false;
  }
  return true;
}

}  // namespace

bool ReadGltfNodes(const std::string& bytes, bool binary, const std::string& base_dir,
                   std::vector<ModelNode>* nodes, std::string* error) {
  try {
    tinygltf::Model model;
    if (!LoadDocument(bytes, binary, base_dir, /*keep_image_bytes=*/false, &model, error)) {
      return false;
    }
    return ReadNodes(model, nodes, error);
  } catch (const std::exception& exception) {
    *error = std::string("tinygltf failed: ") + exception.what();
  } catch (...) {
    *error = "tinygltf failed with an unknown exception";
  }
  return false;
}

bool ReadGltfContent(const std::string& bytes, bool binary, const std::string& base_dir,
                     ModelContent* content, std::string* error) {
  try {
    tinygltf::Model model;
    if (!LoadDocument(bytes, binary, base_dir, /*keep_image_bytes=*/true, &model, error)) {
      return false;
    }
    std::vector<int> roots;
    if (!SceneRoots(model, &roots, error)) return false;
    return ContentOfDocument(model, roots, content, error);
  } catch (const std::exception& exception) {
    *error = std::string("tinygltf failed: ") + exception.what();
  } catch (...) {
    *error = "tinygltf failed with an unknown exception";
  }
  return false;
}

}  // namespace cinc
