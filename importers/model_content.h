// What a model looks like: its node tree with meshes, materials, textures
// and images, for the exports that draw it (the glTF export, the preview).
//
// Contract: one format-neutral description whatever the source. glTF and
// GLB sources (and .blend files, through their Blender conversion) give
// their scene's nodes as they are — names, local transforms (TRS, or a
// matrix), meshes with POSITION, NORMAL, TANGENT, TEXCOORD_0/1 and COLOR_0,
// indices, metallic-roughness materials with their textures, and the images'
// bytes as stored (PNG or JPEG, never decoded); FBX, COLLADA, OBJ and the
// other Assimp formats give their meshes, normals, UVs and base colours.
// Left out everywhere: cameras, lights, skins (joints and weights), morph
// targets and animations, and the finer-than-LOD0 levels of a LOD group
// (nodes `NAME_LOD<n>`, n > 0, with their subtrees). Attributes are floats
// (normalised integers converted), indices 32-bit; every primitive has
// positions and its attributes have one element per vertex; `mode` is
// glTF's (4: triangles). Indices into nodes, meshes, materials, textures
// and images are valid (-1: none).
#ifndef CINC_IMPORTERS_MODEL_CONTENT_H_
#define CINC_IMPORTERS_MODEL_CONTENT_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/rotation.h"

namespace cinc {

struct ContentImage {
  std::string name;
  std::string mime_type;  // image/png or image/jpeg
  std::string bytes;
};

struct ContentTexture {
  int image = -1;
  // glTF sampler values; -1: not given.
  int mag_filter = -1;
  int min_filter = -1;
  int wrap_s = 10497;  // REPEAT
  int wrap_t = 10497;
};

struct TextureReference {
  int texture = -1;  // -1: none
  int texcoord = 0;
  double scale = 1;  // the normal texture's scale, the occlusion texture's strength
};

struct ContentMaterial {
  std::string name;
  std::array<double, 4> base_color{1, 1, 1, 1};
  double metallic = 1;
  double roughness = 1;
  std::array<double, 3> emissive{0, 0, 0};
  TextureReference base_color_texture;
  TextureReference metallic_roughness_texture;
  TextureReference normal_texture;
  TextureReference occlusion_texture;
  TextureReference emissive_texture;
  std::string alpha_mode = "OPAQUE";  // OPAQUE | MASK | BLEND
  double alpha_cutoff = 0.5;
  bool double_sided = false;
};

struct ContentPrimitive {
  int mode = 4;                   // triangles
  std::vector<float> positions;   // x, y, z per vertex
  std::vector<float> normals;     // empty or 3 per vertex
  std::vector<float> tangents;    // empty or 4 per vertex
  std::vector<float> texcoords0;  // empty or 2 per vertex
  std::vector<float> texcoords1;
  std::vector<float> colors0;     // empty or 4 per vertex (RGBA)
  std::vector<uint32_t> indices;  // empty: not indexed
  int material = -1;

  size_t vertex_count() const { return positions.size() / 3; }
};

struct ContentMesh {
  std::string name;
  std::vector<ContentPrimitive> primitives;
};

struct ContentNode {
  std::string name;
  Vec3 translation{0, 0, 0};
  Quat rotation{1, 0, 0, 0};
  Vec3 scale{1, 1, 1};
  std::optional<std::array<double, 16>> matrix;  // column-major; replaces TRS when given
  int mesh = -1;
  std::vector<int> children;
};

struct ModelContent {
  std::vector<ContentNode> nodes;
  std::vector<int> roots;  // the scene's top nodes, in order
  std::vector<ContentMesh> meshes;
  std::vector<ContentMaterial> materials;
  std::vector<ContentTexture> textures;
  std::vector<ContentImage> images;
};

}  // namespace cinc

#endif  // CINC_IMPORTERS_MODEL_CONTENT_H_
