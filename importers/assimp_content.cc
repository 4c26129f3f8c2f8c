// ReadAssimpContent (importers/assimp_importer.h): a model's meshes,
// normals, UVs and base colours through Assimp.
#include <assimp/material.h>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include <exception>
#include <filesystem>
#include <map>
#include <optional>

#include "core/input_file.h"
#include "core/path_containment.h"
#include "importers/assimp_axes.h"
#include "importers/assimp_common.h"
#include "importers/assimp_importer.h"
#include "importers/assimp_library.h"
#include "importers/model_builder.h"
#include "importers/reader_messages.h"

namespace cinc {
namespace {

namespace fs = std::filesystem;
using assimp::NameOf;

std::array<double, 16> ColumnMajor(const glm::dmat4& matrix) {
  std::array<double, 16> out;
  for (int column = 0; column < 4; ++column) {
    for (int row = 0; row < 4; ++row) out[column * 4 + row] = matrix[column][row];
  }
  return out;
}

std::string ImageMimeType(const std::string& bytes) {
  if (bytes.size() >= 8 && bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0) return "image/png";
  if (bytes.size() >= 3 && static_cast<unsigned char>(bytes[0]) == 0xFF &&
      static_cast<unsigned char>(bytes[1]) == 0xD8) {
    return "image/jpeg";
  }
  return "";
}

class AssimpContentCopier {
 public:
  AssimpContentCopier(const assimp::ImportedScene& imported, const std::string& folder,
                      ModelContent* content)
      : scene_(*imported.scene()),
        library_(imported.library()),
        folder_(folder),
        content_(content) {}

  void Copy() {
    struct Pending {
      const aiNode* node;
      int parent;
    };
    // The file's axes turned into cinc's at the root, as for its markers.
    const glm::dmat4 to_cinc = AxesOf(scene_).to_cinc;
    std::vector<Pending> stack = {{scene_.mRootNode, -1}};
    while (!stack.empty()) {
      Pending pending = stack.back();
      stack.pop_back();
      const aiNode* node = pending.node;
      std::optional<LodLevelName> lod = ParseLodLevelName(NameOf(node->mName));
      if (lod && lod->level > 0) continue;  // only LOD0 is drawn
      int copied = static_cast<int>(content_->nodes.size());
      ContentNode out;
      out.name = NameOf(node->mName);
      glm::dmat4 matrix = assimp::ToGlm(node->mTransformation);
      if (pending.parent < 0 && to_cinc != glm::dmat4(1.0)) {
        out.matrix = ColumnMajor(to_cinc * matrix);
      } else if (!node->mTransformation.IsIdentity()) {
        out.matrix = ColumnMajor(matrix);
      }
      content_->nodes.push_back(std::move(out));
      if (node->mNumMeshes > 0) content_->nodes[copied].mesh = MeshOf(*node);
      if (pending.parent < 0) {
        content_->roots.push_back(copied);
      } else {
        content_->nodes[pending.parent].children.push_back(copied);
      }
      if (node->mChildren == nullptr) continue;
      for (unsigned i = node->mNumChildren; i-- > 0;) stack.push_back({node->mChildren[i], copied});
    }
  }

 private:
  // One glTF mesh for the node's Assimp meshes, a primitive each.
  int MeshOf(const aiNode& node) {
    ContentMesh mesh;
    mesh.name = NameOf(node.mName);
    for (unsigned k = 0; k < node.mNumMeshes; ++k) {
      unsigned index = node.mMeshes[k];
      if (index >= scene_.mNumMeshes || scene_.mMeshes[index] == nullptr) continue;
      ContentPrimitive primitive = PrimitiveOf(*scene_.mMeshes[index]);
      if (primitive.vertex_count() > 0) mesh.primitives.push_back(std::move(primitive));
    }
    content_->meshes.push_back(std::move(mesh));
    return static_cast<int>(content_->meshes.size()) - 1;
  }

  ContentPrimitive PrimitiveOf(const aiMesh& mesh) {
    ContentPrimitive out;
    const unsigned vertices = mesh.mNumVertices;
    if (mesh.mVertices == nullptr) return out;
    out.mode = mesh.mPrimitiveTypes == aiPrimitiveType_POINT  ? 0
               : mesh.mPrimitiveTypes == aiPrimitiveType_LINE ? 1
                                                              : 4;
    unsigned corners = out.mode == 0 ? 1 : out.mode == 1 ? 2 : 3;
    out.positions.reserve(vertices * 3);
    for (unsigned v = 0; v < vertices; ++v) {
      out.positions.insert(out.positions.end(),
                           {mesh.mVertices[v].x, mesh.mVertices[v].y, mesh.mVertices[v].z});
    }
    if (mesh.mNormals != nullptr) {
      for (unsigned v = 0; v < vertices; ++v) {
        aiVector3D normal = mesh.mNormals[v];
        if (!(normal.SquareLength() > 0)) normal = aiVector3D(0, 1, 0);
        normal.Normalize();
        out.normals.insert(out.normals.end(), {normal.x, normal.y, normal.z});
      }
    }
    if (mesh.mTextureCoords[0] != nullptr) {
      for (unsigned v = 0; v < vertices; ++v) {
        // Assimp's v runs up from the image's bottom, glTF's down from its top.
        out.texcoords0.insert(out.texcoords0.end(),
                              {mesh.mTextureCoords[0][v].x, 1 - mesh.mTextureCoords[0][v].y});
      }
    }
    if (mesh.mColors[0] != nullptr) {
      for (unsigned v = 0; v < vertices; ++v) {
        const aiColor4D& c = mesh.mColors[0][v];
        out.colors0.insert(out.colors0.end(), {c.r, c.g, c.b, c.a});
      }
    }
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& face = mesh.mFaces[f];
      if (face.mNumIndices != corners || face.mIndices == nullptr) continue;
      bool valid = true;
      for (unsigned k = 0; k < corners; ++k) valid = valid && face.mIndices[k] < vertices;
      if (!valid) continue;
      out.indices.insert(out.indices.end(), face.mIndices, face.mIndices + corners);
    }
    if (out.indices.empty()) return ContentPrimitive();
    out.material = MaterialOf(mesh.mMaterialIndex);
    return out;
  }

  int MaterialOf(unsigned index) {
    if (index >= scene_.mNumMaterials || scene_.mMaterials[index] == nullptr) return -1;
    if (auto found = materials_.find(index); found != materials_.end()) return found->second;
    const aiMaterial* material = scene_.mMaterials[index];
    // aiMaterial::Get and GetTexture, through the library's C functions.
    const assimp::Library& l = library_;
    ContentMaterial out;
    aiString name;
    if (l.material_string(material, AI_MATKEY_NAME, &name) == AI_SUCCESS) out.name = NameOf(name);
    aiColor4D colour(1, 1, 1, 1);
    if (l.material_color(material, AI_MATKEY_BASE_COLOR, &colour) == AI_SUCCESS ||
        l.material_color(material, AI_MATKEY_COLOR_DIFFUSE, &colour) == AI_SUCCESS) {
      out.base_color = {colour.r, colour.g, colour.b, colour.a};
    }
    ai_real opacity = 1;
    if (l.material_floats(material, AI_MATKEY_OPACITY, &opacity, nullptr) == AI_SUCCESS &&
        opacity < 1) {
      out.base_color[3] = opacity;
    }
    if (out.base_color[3] < 1) out.alpha_mode = "BLEND";
    ai_real factor = 0;
    out.metallic =
        l.material_floats(material, AI_MATKEY_METALLIC_FACTOR, &factor, nullptr) == AI_SUCCESS
            ? factor
            : 0;
    out.roughness =
        l.material_floats(material, AI_MATKEY_ROUGHNESS_FACTOR, &factor, nullptr) == AI_SUCCESS
            ? factor
            : 1;
    int two_sided = 0;
    if (l.material_integers(material, AI_MATKEY_TWOSIDED, &two_sided, nullptr) == AI_SUCCESS) {
      out.double_sided = two_sided;
    }
    aiString path;
    auto texture_of = [&](aiTextureType type) {
      return l.material_texture(material, type, 0, &path, nullptr, nullptr, nullptr, nullptr,
                                nullptr, nullptr);
    };
    if (texture_of(aiTextureType_BASE_COLOR) == AI_SUCCESS ||
        texture_of(aiTextureType_DIFFUSE) == AI_SUCCESS) {
      int texture = TextureOf(NameOf(path));
      if (texture >= 0) out.base_color_texture.texture = texture;
    }
    content_->materials.push_back(std::move(out));
    int number = static_cast<int>(content_->materials.size()) - 1;
    materials_[index] = number;
    return number;
  }

  // An embedded texture (`*N`, or named) or a file inside the model's folder;
  // -1 for anything else (a texture elsewhere is never read).
  int TextureOf(const std::string& path) {
    if (auto found = textures_.find(path); found != textures_.end()) return found->second;
    std::string bytes;
    if (const aiTexture* embedded = scene_.GetEmbeddedTexture(path.c_str())) {
      if (embedded->mHeight == 0 && embedded->pcData != nullptr) {
        bytes.assign(reinterpret_cast<const char*>(embedded->pcData), embedded->mWidth);
      }
    } else if (!path.empty() && path[0] != '*') {
      // A texture outside the model's folder is not read (core/path_containment.h).
      if (!LeavesFolder(folder_, path)) {
        const fs::path file = (fs::path(folder_) / path).lexically_normal();
        ReadInputFile(file.string(), InputKind::kModel, &bytes);  // "" when refused
      }
    }
    std::string mime_type = ImageMimeType(bytes);
    int texture = -1;
    if (!mime_type.empty()) {
      content_->images.push_back({path, mime_type, std::move(bytes)});
      ContentTexture out;
      out.image = static_cast<int>(content_->images.size()) - 1;
      content_->textures.push_back(out);
      texture = static_cast<int>(content_->textures.size()) - 1;
    }
    textures_[path] = texture;
    return texture;
  }

  const aiScene& scene_;
  const assimp::Library& library_;
  std::string folder_;
  ModelContent* content_;
  std::map<unsigned, int> materials_;
  std::map<std::string, int> textures_;
};

}  // namespace

bool ReadAssimpContent(const std::string& path, ModelContent* content, std::string* error) {
  try {
    const assimp::ImportedScene imported(path, aiProcess_GlobalScale | aiProcess_Triangulate |
                                                   aiProcess_SortByPType | aiProcess_GenNormals |
                                                   aiProcess_JoinIdenticalVertices);
    if (imported.scene() == nullptr) {
      std::string message = TrimmedReaderMessage(imported.error());
      *error = message.empty() ? "Assimp could not read it" : message;
      return false;
    }
    *content = ModelContent();
    fs::path folder = fs::path(path).parent_path();
    AssimpContentCopier(imported, folder.empty() ? "." : folder.string(), content).Copy();
    return true;
  } catch (const std::exception& exception) {
    *error = std::string("Assimp failed: ") + exception.what();
  } catch (...) {
    *error = "Assimp failed with an unknown exception";
  }
  return false;
}

}  // namespace cinc
