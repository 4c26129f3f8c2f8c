#include "importers/gltf_content.h"

#include <tiny_gltf.h>

#include <cstring>
#include <map>
#include <optional>

#include "core/float32.h"
#include "core/number_format.h"
#include "importers/model_builder.h"

namespace cinc {
namespace {

int ComponentCount(int type) {
  switch (type) {
    case TINYGLTF_TYPE_SCALAR:
      return 1;
    case TINYGLTF_TYPE_VEC2:
      return 2;
    case TINYGLTF_TYPE_VEC3:
      return 3;
    case TINYGLTF_TYPE_VEC4:
      return 4;
    default:
      return 0;
  }
}

int ComponentSize(int component_type) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT:
      return 2;
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
    case TINYGLTF_COMPONENT_TYPE_FLOAT:
      return 4;
    default:
      return 0;
  }
}

// One component at `data` as a double; normalised integers to [0, 1] / [-1, 1].
double ComponentValue(const unsigned char* data, int component_type, bool normalized) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE: {
      int8_t value;
      std::memcpy(&value, data, 1);
      return normalized ? std::max(value / 127.0, -1.0) : value;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
      return normalized ? data[0] / 255.0 : data[0];
    case TINYGLTF_COMPONENT_TYPE_SHORT: {
      int16_t value;
      std::memcpy(&value, data, 2);
      return normalized ? std::max(value / 32767.0, -1.0) : value;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
      uint16_t value;
      std::memcpy(&value, data, 2);
      return normalized ? value / 65535.0 : value;
    }
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
      uint32_t value;
      std::memcpy(&value, data, 4);
      return value;
    }
    case TINYGLTF_COMPONENT_TYPE_FLOAT: {
      float value;
      std::memcpy(&value, data, 4);
      return value;
    }
    default:
      return 0;
  }
}

// Reads `count` elements of `components` components each from a buffer view,
// starting `offset` bytes in, `stride` bytes apart (0: packed).
bool ReadElements(const tinygltf::Model& model, int view_index, size_t offset, size_t count,
                  int components, int component_type, bool normalized, size_t stride,
                  std::vector<double>* values, std::string* error) {
  if (view_index < 0 || view_index >= static_cast<int>(model.bufferViews.size())) {
    *error = "an accessor refers to buffer view " + std::to_string(view_index) +
             ", which does not exist";
    return false;
  }
  const tinygltf::BufferView& view = model.bufferViews[view_index];
  if (view.buffer < 0 || view.buffer >= static_cast<int>(model.buffers.size())) {
    *error = "buffer view " + std::to_string(view_index) + " refers to a missing buffer";
    return false;
  }
  const std::vector<unsigned char>& data = model.buffers[view.buffer].data;
  const size_t element_size = static_cast<size_t>(components) * ComponentSize(component_type);
  if (stride == 0) stride = view.byteStride > 0 ? view.byteStride : element_size;
  const size_t begin = view.byteOffset + offset;
  const size_t needed = count == 0 ? 0 : (count - 1) * stride + element_size;
  if (element_size == 0 || begin > data.size() || needed > data.size() - begin ||
      needed > view.byteLength) {
    *error = "an accessor reads past the end of buffer view " + std::to_string(view_index);
    return false;
  }
  values->resize(count * components);
  for (size_t element = 0; element < count; ++element) {
    const unsigned char* at = data.data() + begin + element * stride;
    for (int c = 0; c < components; ++c) {
      (*values)[element * components + c] =
          ComponentValue(at + c * ComponentSize(component_type), component_type, normalized);
    }
  }
  return true;
}

// An accessor's elements, sparse substitutions applied.
bool ReadAccessor(const tinygltf::Model& model, int accessor_index, std::vector<double>* values,
                  int* components, std::string* error) {
  if (accessor_index < 0 || accessor_index >= static_cast<int>(model.accessors.size())) {
    *error =
        "a mesh refers to accessor " + std::to_string(accessor_index) + ", which does not exist";
    return false;
  }
  const tinygltf::Accessor& accessor = model.accessors[accessor_index];
  *components = ComponentCount(accessor.type);
  if (*components == 0 || ComponentSize(accessor.componentType) == 0) {
    *error = "accessor " + std::to_string(accessor_index) + " has a type cinc does not read";
    return false;
  }
  const size_t count = accessor.count;
  if (accessor.bufferView >= 0) {
    const tinygltf::BufferView* view = nullptr;
    if (accessor.bufferView < static_cast<int>(model.bufferViews.size())) {
      view = &model.bufferViews[accessor.bufferView];
    }
    size_t stride = view != nullptr ? accessor.ByteStride(*view) : 0;
    if (!ReadElements(model, accessor.bufferView, accessor.byteOffset, count, *components,
                      accessor.componentType, accessor.normalized, stride > 0 ? stride : 0, values,
                      error)) {
      return false;
    }
  } else {
    values->assign(count * *components, 0.0);
  }
  if (accessor.sparse.isSparse) {
    std::vector<double> indices;
    std::vector<double> substitutes;
    const auto& sparse = accessor.sparse;
    if (!ReadElements(model, sparse.indices.bufferView, sparse.indices.byteOffset, sparse.count, 1,
                      sparse.indices.componentType, false, 0, &indices, error) ||
        !ReadElements(model, sparse.values.bufferView, sparse.values.byteOffset, sparse.count,
                      *components, accessor.componentType, accessor.normalized, 0, &substitutes,
                      error)) {
      return false;
    }
    for (size_t k = 0; k < indices.size(); ++k) {
      size_t element = static_cast<size_t>(indices[k]);
      if (element >= count) {
        *error = "a sparse accessor substitutes element " + std::to_string(element) + " of only " +
                 std::to_string(count);
        return false;
      }
      for (int c = 0; c < *components; ++c) {
        (*values)[element * *components + c] = substitutes[k * *components + c];
      }
    }
  }
  return true;
}

// Reads the accessor into floats of exactly `components` components, or
// leaves `out` empty when the attribute is absent.
bool ReadAttribute(const tinygltf::Model& model, const tinygltf::Primitive& primitive,
                   const std::string& name, int components, size_t vertex_count,
                   std::vector<float>* out, std::string* error) {
  auto found = primitive.attributes.find(name);
  if (found == primitive.attributes.end()) return true;
  std::vector<double> values;
  int given = 0;
  if (!ReadAccessor(model, found->second, &values, &given, error)) return false;
  size_t count = values.size() / static_cast<size_t>(given);
  if (vertex_count != 0 && count != vertex_count) {
    *error = "attribute " + name + " has " + std::to_string(count) + " elements for " +
             std::to_string(vertex_count) + " vertices";
    return false;
  }
  out->resize(count * components);
  for (size_t element = 0; element < count; ++element) {
    for (int c = 0; c < components; ++c) {
      double value = c < given ? values[element * given + c] : (c == 3 ? 1.0 : 0.0);
      (*out)[element * components + c] = ToFloat32(value);
    }
  }
  return true;
}

class ContentCopier {
 public:
  ContentCopier(const tinygltf::Model& model, ModelContent* content)
      : model_(model), content_(content) {}

  bool CopyScene(const std::vector<int>& roots, std::string* error) {
    return WalkSceneTree(
        model_, roots,
        [&](int index, int parent) {
          const tinygltf::Node& node = model_.nodes[index];
          std::optional<LodLevelName> lod = ParseLodLevelName(node.name);
          if (lod && lod->level > 0) return kSkipSubtree;  // only LOD0 is drawn
          int copied = static_cast<int>(content_->nodes.size());
          content_->nodes.push_back(CopyNode(node));
          if (node.mesh >= 0) {
            std::optional<int> mesh = MeshFor(node.mesh, error);
            if (!mesh) return kWalkFailed;
            content_->nodes[copied].mesh = *mesh;
          }
          if (parent == kSceneRoot) {
            content_->roots.push_back(copied);
          } else {
            content_->nodes[parent].children.push_back(copied);
          }
          return copied;
        },
        error);
  }

 private:
  static ContentNode CopyNode(const tinygltf::Node& node) {
    ContentNode out;
    out.name = node.name;
    if (node.matrix.size() == 16) {
      std::array<double, 16> matrix;
      std::copy(node.matrix.begin(), node.matrix.end(), matrix.begin());
      out.matrix = matrix;
    }
    if (node.translation.size() == 3) {
      out.translation = Vec3(node.translation[0], node.translation[1], node.translation[2]);
    }
    if (node.rotation.size() == 4) {
      out.rotation = Quat(node.rotation[3], node.rotation[0], node.rotation[1], node.rotation[2]);
    }
    if (node.scale.size() == 3) out.scale = Vec3(node.scale[0], node.scale[1], node.scale[2]);
    return out;
  }

  std::optional<int> MeshFor(int index, std::string* error) {
    if (auto found = meshes_.find(index); found != meshes_.end()) return found->second;
    if (index >= static_cast<int>(model_.meshes.size())) {
      *error = "a node refers to mesh " + std::to_string(index) + ", which does not exist";
      return std::nullopt;
    }
    const tinygltf::Mesh& mesh = model_.meshes[index];
    ContentMesh out;
    out.name = mesh.name;
    for (const tinygltf::Primitive& primitive : mesh.primitives) {
      ContentPrimitive copied;
      if (!CopyPrimitive(primitive, &copied, error)) return std::nullopt;
      if (copied.vertex_count() > 0) out.primitives.push_back(std::move(copied));
    }
    int number = static_cast<int>(content_->meshes.size());
    content_->meshes.push_back(std::move(out));
    meshes_[index] = number;
    return number;
  }

  bool CopyPrimitive(const tinygltf::Primitive& primitive, ContentPrimitive* out,
                     std::string* error) {
    out->mode = primitive.mode < 0 ? TINYGLTF_MODE_TRIANGLES : primitive.mode;
    if (!ReadAttribute(model_, primitive, "POSITION", 3, 0, &out->positions, error)) return false;
    size_t vertices = out->vertex_count();
    if (!ReadAttribute(model_, primitive, "NORMAL", 3, vertices, &out->normals, error) ||
        !ReadAttribute(model_, primitive, "TANGENT", 4, vertices, &out->tangents, error) ||
        !ReadAttribute(model_, primitive, "TEXCOORD_0", 2, vertices, &out->texcoords0, error) ||
        !ReadAttribute(model_, primitive, "TEXCOORD_1", 2, vertices, &out->texcoords1, error) ||
        !ReadAttribute(model_, primitive, "COLOR_0", 4, vertices, &out->colors0, error)) {
      return false;
    }
    if (primitive.indices >= 0) {
      std::vector<double> indices;
      int components = 0;
      if (!ReadAccessor(model_, primitive.indices, &indices, &components, error)) return false;
      out->indices.reserve(indices.size());
      for (double index : indices) {
        if (!(index >= 0 && index < static_cast<double>(vertices))) {
          *error = "a mesh index " + FormatDouble(index) + " is out of range for " +
                   std::to_string(vertices) + " vertices";
          return false;
        }
        out->indices.push_back(static_cast<uint32_t>(index));
      }
    }
    if (primitive.material >= 0) {
      std::optional<int> material = MaterialFor(primitive.material, error);
      if (!material) return false;
      out->material = *material;
    }
    return true;
  }

  std::optional<int> MaterialFor(int index, std::string* error) {
    if (auto found = materials_.find(index); found != materials_.end()) return found->second;
    if (index >= static_cast<int>(model_.materials.size())) {
      *error = "a mesh refers to material " + std::to_string(index) + ", which does not exist";
      return std::nullopt;
    }
    const tinygltf::Material& material = model_.materials[index];
    ContentMaterial out;
    out.name = material.name;
    const auto& pbr = material.pbrMetallicRoughness;
    if (pbr.baseColorFactor.size() == 4) {
      std::copy(pbr.baseColorFactor.begin(), pbr.baseColorFactor.end(), out.base_color.begin());
    }
    out.metallic = pbr.metallicFactor;
    out.roughness = pbr.roughnessFactor;
    if (material.emissiveFactor.size() == 3) {
      std::copy(material.emissiveFactor.begin(), material.emissiveFactor.end(),
                out.emissive.begin());
    }
    out.alpha_mode = material.alphaMode.empty() ? "OPAQUE" : material.alphaMode;
    out.alpha_cutoff = material.alphaCutoff;
    out.double_sided = material.doubleSided;
    bool ok = Reference(pbr.baseColorTexture.index, pbr.baseColorTexture.texCoord, 1,
                        &out.base_color_texture, error) &&
              Reference(pbr.metallicRoughnessTexture.index, pbr.metallicRoughnessTexture.texCoord,
                        1, &out.metallic_roughness_texture, error) &&
              Reference(material.normalTexture.index, material.normalTexture.texCoord,
                        material.normalTexture.scale, &out.normal_texture, error) &&
              Reference(material.occlusionTexture.index, material.occlusionTexture.texCoord,
                        material.occlusionTexture.strength, &out.occlusion_texture, error) &&
              Reference(material.emissiveTexture.index, material.emissiveTexture.texCoord, 1,
                        &out.emissive_texture, error);
    if (!ok) return std::nullopt;
    int number = static_cast<int>(content_->materials.size());
    content_->materials.push_back(std::move(out));
    materials_[index] = number;
    return number;
  }

  // A texture with a PNG or JPEG image; other images (extensions) are left out.
  bool Reference(int texture, int texcoord, double scale, TextureReference* out,
                 std::string* error) {
    if (texture < 0) return true;
    if (texture >= static_cast<int>(model_.textures.size())) {
      *error = "a material refers to texture " + std::to_string(texture) + ", which does not exist";
      return false;
    }
    std::optional<int> copied = TextureFor(texture);
    if (!copied) return true;
    *out = {*copied, texcoord, scale};
    return true;
  }

  std::optional<int> TextureFor(int index) {
    if (auto found = textures_.find(index); found != textures_.end()) return found->second;
    const tinygltf::Texture& texture = model_.textures[index];
    std::optional<int> image = ImageFor(texture.source);
    if (!image) return std::nullopt;
    ContentTexture out;
    out.image = *image;
    if (texture.sampler >= 0 && texture.sampler < static_cast<int>(model_.samplers.size())) {
      const tinygltf::Sampler& sampler = model_.samplers[texture.sampler];
      out.mag_filter = sampler.magFilter;
      out.min_filter = sampler.minFilter;
      out.wrap_s = sampler.wrapS;
      out.wrap_t = sampler.wrapT;
    }
    int number = static_cast<int>(content_->textures.size());
    content_->textures.push_back(out);
    textures_[index] = number;
    return number;
  }

  std::optional<int> ImageFor(int index) {
    if (index < 0 || index >= static_cast<int>(model_.images.size())) return std::nullopt;
    if (auto found = images_.find(index); found != images_.end()) return found->second;
    const tinygltf::Image& image = model_.images[index];
    ContentImage out;
    out.name = image.name;
    if (image.as_is) {
      out.bytes.assign(image.image.begin(), image.image.end());
    } else if (image.bufferView >= 0 &&
               image.bufferView < static_cast<int>(model_.bufferViews.size())) {
      const tinygltf::BufferView& view = model_.bufferViews[image.bufferView];
      if (view.buffer < 0 || view.buffer >= static_cast<int>(model_.buffers.size()))
        return std::nullopt;
      const std::vector<unsigned char>& data = model_.buffers[view.buffer].data;
      if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset) {
        return std::nullopt;
      }
      out.bytes.assign(data.begin() + view.byteOffset,
                       data.begin() + view.byteOffset + view.byteLength);
    }
    out.mime_type = MimeTypeOf(out.bytes);
    if (out.mime_type.empty()) return std::nullopt;
    int number = static_cast<int>(content_->images.size());
    content_->images.push_back(std::move(out));
    images_[index] = number;
    return number;
  }

  static std::string MimeTypeOf(const std::string& bytes) {
    if (bytes.size() >= 8 && bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0) return "image/png";
    if (bytes.size() >= 3 && static_cast<unsigned char>(bytes[0]) == 0xFF &&
        static_cast<unsigned char>(bytes[1]) == 0xD8 &&
        static_cast<unsigned char>(bytes[2]) == 0xFF) {
      return "image/jpeg";
    }
    return "";
  }

  const tinygltf::Model& model_;
  ModelContent* content_;
  std::map<int, int> meshes_;
  std::map<int, int> materials_;
  std::map<int, int> textures_;
  std::map<int, int> images_;
};

}  // namespace

bool WalkSceneTree(const tinygltf::Model& model, const std::vector<int>& roots,
                   const std::function<int(int node, int parent)>& visit, std::string* error) {
  const int node_count = static_cast<int>(model.nodes.size());
  std::vector<bool> reached(node_count, false);
  struct Pending {
    int index;
    int parent;  // the parent's token
  };
  std::vector<Pending> stack;
  for (auto it = roots.rbegin(); it != roots.rend(); ++it) stack.push_back({*it, kSceneRoot});
  while (!stack.empty()) {
    Pending pending = stack.back();
    stack.pop_back();
    if (pending.index < 0 || pending.index >= node_count) {
      *error =
          "the scene refers to node " + std::to_string(pending.index) + ", which does not exist";
      return false;
    }
    if (reached[pending.index]) {
      const std::string& name = model.nodes[pending.index].name;
      *error = "node " + std::to_string(pending.index) + (name.empty() ? "" : " '" + name + "'") +
               " is reached twice in the scene (glTF nodes must form a tree)";
      return false;
    }
    reached[pending.index] = true;
    int token = visit(pending.index, pending.parent);
    if (token == kWalkFailed) return false;
    if (token == kSkipSubtree) continue;
    const std::vector<int>& children = model.nodes[pending.index].children;
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.push_back({*it, token});
  }
  return true;
}

bool ContentOfDocument(const tinygltf::Model& model, const std::vector<int>& roots,
                       ModelContent* content, std::string* error) {
  *content = ModelContent();
  ContentCopier copier(model, content);
  return copier.CopyScene(roots, error);
}

}  // namespace cinc
