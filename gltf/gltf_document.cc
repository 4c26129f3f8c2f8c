#include "gltf/gltf_document.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <numbers>
#include <unordered_map>
#include <unordered_set>

#include "core/base64.h"
#include "core/version.h"
#include "fit/fit_budget.h"
#include "gltf/gltf_node_count.h"

namespace cinc {
namespace {

// An accessor's componentType (the OpenGL type numbers glTF uses).
enum ComponentType : int { kUnsignedShort = 5123, kUnsignedInt = 5125, kFloat = 5126 };
// A buffer view's target.
enum BufferTarget : int { kArrayBuffer = 34962, kElementArrayBuffer = 34963 };
constexpr double kCameraNear = 0.01;

const char* TypeOf(int components) {
  switch (components) {
    case 1:
      return "SCALAR";
    case 2:
      return "VEC2";
    case 3:
      return "VEC3";
    default:
      return "VEC4";
  }
}

Json Numbers(std::initializer_list<double> values) {
  Json array = Json::array();
  for (double value : values) array.push_back(value == 0 ? 0.0 : value);  // no -0
  return array;
}

// The document's buffer, its views and accessors.
class Buffers {
 public:
  explicit Buffers(Json* json) : json_(json) {}

  int AddView(const void* data, size_t size, int target) {
    while (bytes_.size() % 4 != 0) bytes_.push_back('\0');
    Json view = Json::object();
    view["buffer"] = 0;
    view["byteOffset"] = bytes_.size();
    view["byteLength"] = size;
    if (target != 0) view["target"] = target;
    bytes_.append(static_cast<const char*>(data), size);
    (*json_)["bufferViews"].push_back(std::move(view));
    return static_cast<int>((*json_)["bufferViews"].size()) - 1;
  }

  int AddFloats(const std::vector<float>& values, int components, bool min_max, int target) {
    int view = AddView(values.data(), values.size() * sizeof(float), target);
    Json accessor = Json::object();
    accessor["bufferView"] = view;
    accessor["componentType"] = kFloat;
    accessor["count"] = values.size() / components;
    accessor["type"] = TypeOf(components);
    if (min_max) {
      Json low = Json::array();
      Json high = Json::array();
      for (int c = 0; c < components; ++c) {
        float lowest = values[c];
        float highest = values[c];
        for (size_t k = c; k < values.size(); k += components) {
          lowest = std::min(lowest, values[k]);
          highest = std::max(highest, values[k]);
        }
        low.push_back(static_cast<double>(lowest) == 0 ? 0.0 : static_cast<double>(lowest));
        high.push_back(static_cast<double>(highest) == 0 ? 0.0 : static_cast<double>(highest));
      }
      accessor["min"] = std::move(low);
      accessor["max"] = std::move(high);
    }
    return AddAccessor(std::move(accessor));
  }

  int AddIndices(const std::vector<uint32_t>& indices, size_t vertex_count) {
    Json accessor = Json::object();
    if (vertex_count <= 65535) {
      std::vector<uint16_t> narrow(indices.begin(), indices.end());
      accessor["bufferView"] =
          AddView(narrow.data(), narrow.size() * sizeof(uint16_t), kElementArrayBuffer);
      accessor["componentType"] = kUnsignedShort;
    } else {
      accessor["bufferView"] =
          AddView(indices.data(), indices.size() * sizeof(uint32_t), kElementArrayBuffer);
      accessor["componentType"] = kUnsignedInt;
    }
    accessor["count"] = indices.size();
    accessor["type"] = "SCALAR";
    return AddAccessor(std::move(accessor));
  }

  std::string Take() {
    while (bytes_.size() % 4 != 0) bytes_.push_back('\0');
    return std::move(bytes_);
  }

 private:
  int AddAccessor(Json accessor) {
    (*json_)["accessors"].push_back(std::move(accessor));
    return static_cast<int>((*json_)["accessors"].size()) - 1;
  }

  Json* json_;
  std::string bytes_;
};

// Names unique in the asset: objects and cameras keep theirs; model nodes
// get -2, -3, ... when theirs is taken (the smallest number free). Names
// are only ever added, so the search for a name goes on from where its
// last one ended: 100,000 instances of a model cost no more than one each.
class NodeNames {
 public:
  void Reserve(const std::string& name) { taken_.insert(name); }
  std::string Unique(const std::string& name) {
    if (name.empty() || taken_.insert(name).second) return name;
    int& number = next_number_.try_emplace(name, 2).first->second;
    std::string candidate = name + "-" + std::to_string(number);
    while (!taken_.insert(candidate).second) {
      candidate = name + "-" + std::to_string(++number);
    }
    ++number;
    return candidate;
  }

 private:
  std::unordered_set<std::string> taken_;
  std::unordered_map<std::string, int> next_number_;  // where the search for a name goes on
};

// One model's meshes, materials, textures and images in the document.
struct WrittenModel {
  std::vector<int> meshes;  // content mesh -> document mesh
};

class DocumentBuilder {
 public:
  DocumentBuilder(const std::vector<std::optional<ModelContent>>& contents, Json* json,
                  Buffers* buffers)
      : contents_(contents), json_(*json), buffers_(*buffers) {}

  // The nodes of one instance of model `model` under a parent; their indices.
  std::vector<int> Instance(size_t model) {
    const ModelContent& content = *contents_[model];
    const WrittenModel& written = Written(model);
    // Parents before children: pre-order with an explicit stack.
    std::vector<int> roots;
    struct Pending {
      int content_node;
      int parent;  // document node, -1: a root of the instance
    };
    std::vector<Pending> stack;
    for (auto it = content.roots.rbegin(); it != content.roots.rend(); ++it) {
      stack.push_back({*it, -1});
    }
    while (!stack.empty()) {
      Pending pending = stack.back();
      stack.pop_back();
      const ContentNode& node = content.nodes[static_cast<size_t>(pending.content_node)];
      Json out = Json::object();
      std::string name = names_.Unique(node.name);
      if (!name.empty()) out["name"] = name;
      if (node.matrix) {
        Json matrix = Json::array();
        for (double value : *node.matrix) matrix.push_back(value == 0 ? 0.0 : value);
        out["matrix"] = std::move(matrix);
      } else {
        if (node.translation != Vec3(0, 0, 0)) {
          out["translation"] =
              Numbers({node.translation.x, node.translation.y, node.translation.z});
        }
        if (node.rotation != Quat(1, 0, 0, 0)) {
          out["rotation"] =
              Numbers({node.rotation.x, node.rotation.y, node.rotation.z, node.rotation.w});
        }
        if (node.scale != Vec3(1, 1, 1)) {
          out["scale"] = Numbers({node.scale.x, node.scale.y, node.scale.z});
        }
      }
      if (node.mesh >= 0 && written.meshes[static_cast<size_t>(node.mesh)] >= 0) {
        out["mesh"] = written.meshes[static_cast<size_t>(node.mesh)];
      }
      int index = AddNode(std::move(out));
      if (pending.parent < 0) {
        roots.push_back(index);
      } else {
        json_["nodes"][static_cast<size_t>(pending.parent)]["children"].push_back(index);
      }
      for (auto it = node.children.rbegin(); it != node.children.rend(); ++it) {
        stack.push_back({*it, index});
      }
    }
    return roots;
  }

  int AddNode(Json node) {
    json_["nodes"].push_back(std::move(node));
    return static_cast<int>(json_["nodes"].size()) - 1;
  }

  NodeNames& names() { return names_; }

 private:
  const WrittenModel& Written(size_t model) {
    auto found = written_.find(model);
    if (found != written_.end()) return found->second;
    const ModelContent& content = *contents_[model];
    WrittenModel written;
    std::vector<int> images;
    for (const ContentImage& image : content.images) {
      Json out = Json::object();
      if (!image.name.empty()) out["name"] = image.name;
      out["bufferView"] = buffers_.AddView(image.bytes.data(), image.bytes.size(), 0);
      out["mimeType"] = image.mime_type;
      json_["images"].push_back(std::move(out));
      images.push_back(static_cast<int>(json_["images"].size()) - 1);
    }
    std::vector<int> textures;
    for (const ContentTexture& texture : content.textures) {
      Json sampler = Json::object();
      if (texture.mag_filter >= 0) sampler["magFilter"] = texture.mag_filter;
      if (texture.min_filter >= 0) sampler["minFilter"] = texture.min_filter;
      if (texture.wrap_s != 10497) sampler["wrapS"] = texture.wrap_s;
      if (texture.wrap_t != 10497) sampler["wrapT"] = texture.wrap_t;
      json_["samplers"].push_back(std::move(sampler));
      Json out = Json::object();
      out["sampler"] = static_cast<int>(json_["samplers"].size()) - 1;
      out["source"] = images[static_cast<size_t>(texture.image)];
      json_["textures"].push_back(std::move(out));
      textures.push_back(static_cast<int>(json_["textures"].size()) - 1);
    }
    std::vector<int> materials;
    for (const ContentMaterial& material : content.materials) {
      json_["materials"].push_back(MaterialJson(material, textures));
      materials.push_back(static_cast<int>(json_["materials"].size()) - 1);
    }
    for (const ContentMesh& mesh : content.meshes) {
      if (mesh.primitives.empty()) {
        written.meshes.push_back(-1);  // glTF meshes need a primitive
        continue;
      }
      Json out = Json::object();
      if (!mesh.name.empty()) out["name"] = mesh.name;
      out["primitives"] = Json::array();
      for (const ContentPrimitive& primitive : mesh.primitives) {
        out["primitives"].push_back(PrimitiveJson(primitive, materials));
      }
      json_["meshes"].push_back(std::move(out));
      written.meshes.push_back(static_cast<int>(json_["meshes"].size()) - 1);
    }
    return written_.emplace(model, std::move(written)).first->second;
  }

  static Json TextureJson(const TextureReference& reference, const std::vector<int>& textures,
                          const char* scale_name) {
    Json out = Json::object();
    out["index"] = textures[static_cast<size_t>(reference.texture)];
    if (reference.texcoord != 0) out["texCoord"] = reference.texcoord;
    if (scale_name != nullptr && reference.scale != 1) out[scale_name] = reference.scale;
    return out;
  }

  static Json MaterialJson(const ContentMaterial& material, const std::vector<int>& textures) {
    Json out = Json::object();
    if (!material.name.empty()) out["name"] = material.name;
    Json pbr = Json::object();
    const auto& color = material.base_color;
    if (color != std::array<double, 4>{1, 1, 1, 1}) {
      pbr["baseColorFactor"] = Numbers({color[0], color[1], color[2], color[3]});
    }
    if (material.base_color_texture.texture >= 0) {
      pbr["baseColorTexture"] = TextureJson(material.base_color_texture, textures, nullptr);
    }
    if (material.metallic != 1) pbr["metallicFactor"] = material.metallic;
    if (material.roughness != 1) pbr["roughnessFactor"] = material.roughness;
    if (material.metallic_roughness_texture.texture >= 0) {
      pbr["metallicRoughnessTexture"] =
          TextureJson(material.metallic_roughness_texture, textures, nullptr);
    }
    out["pbrMetallicRoughness"] = std::move(pbr);
    if (material.normal_texture.texture >= 0) {
      out["normalTexture"] = TextureJson(material.normal_texture, textures, "scale");
    }
    if (material.occlusion_texture.texture >= 0) {
      out["occlusionTexture"] = TextureJson(material.occlusion_texture, textures, "strength");
    }
    if (material.emissive_texture.texture >= 0) {
      out["emissiveTexture"] = TextureJson(material.emissive_texture, textures, nullptr);
    }
    const auto& emissive = material.emissive;
    if (emissive != std::array<double, 3>{0, 0, 0}) {
      out["emissiveFactor"] = Numbers({emissive[0], emissive[1], emissive[2]});
    }
    if (material.alpha_mode != "OPAQUE") out["alphaMode"] = material.alpha_mode;
    if (material.alpha_mode == "MASK" && material.alpha_cutoff != 0.5) {
      out["alphaCutoff"] = material.alpha_cutoff;
    }
    if (material.double_sided) out["doubleSided"] = true;
    return out;
  }

  Json PrimitiveJson(const ContentPrimitive& primitive, const std::vector<int>& materials) {
    Json attributes = Json::object();
    attributes["POSITION"] = buffers_.AddFloats(primitive.positions, 3, true, kArrayBuffer);
    if (!primitive.normals.empty()) {
      attributes["NORMAL"] = buffers_.AddFloats(primitive.normals, 3, false, kArrayBuffer);
    }
    if (!primitive.tangents.empty()) {
      attributes["TANGENT"] = buffers_.AddFloats(primitive.tangents, 4, false, kArrayBuffer);
    }
    if (!primitive.texcoords0.empty()) {
      attributes["TEXCOORD_0"] = buffers_.AddFloats(primitive.texcoords0, 2, false, kArrayBuffer);
    }
    if (!primitive.texcoords1.empty()) {
      attributes["TEXCOORD_1"] = buffers_.AddFloats(primitive.texcoords1, 2, false, kArrayBuffer);
    }
    if (!primitive.colors0.empty()) {
      attributes["COLOR_0"] = buffers_.AddFloats(primitive.colors0, 4, false, kArrayBuffer);
    }
    Json out = Json::object();
    out["attributes"] = std::move(attributes);
    if (!primitive.indices.empty()) {
      out["indices"] = buffers_.AddIndices(primitive.indices, primitive.vertex_count());
    }
    if (primitive.material >= 0)
      out["material"] = materials[static_cast<size_t>(primitive.material)];
    if (primitive.mode != 4) out["mode"] = primitive.mode;
    return out;
  }

  const std::vector<std::optional<ModelContent>>& contents_;
  Json& json_;
  Buffers& buffers_;
  NodeNames names_;
  std::map<size_t, WrittenModel> written_;
};

const char* InterpolationName(GltfInterpolation interpolation) {
  switch (interpolation) {
    case GltfInterpolation::kStep:
      return "STEP";
    case GltfInterpolation::kLinear:
      return "LINEAR";
    case GltfInterpolation::kCubicSpline:
      return "CUBICSPLINE";
  }
  return "LINEAR";
}

Json PoseTrs(Json node, const GltfNodePose& pose, bool has_scale) {
  node["translation"] = Numbers({pose.translation.x, pose.translation.y, pose.translation.z});
  Quat q = glm::normalize(pose.rotation);
  if (q.w < 0) q = -q;
  node["rotation"] = Numbers({q.x, q.y, q.z, q.w});
  if (has_scale) node["scale"] = Numbers({pose.scale.x, pose.scale.y, pose.scale.z});
  return node;
}

// Every owner's motion, objects then cameras, computed on two threads
// (core/parallel_for.h) within one budget of fitting work; nullopt when
// that is spent (E_LIMIT reported at the first owner, in order, past it).
std::optional<std::vector<GltfOwnerMotion>> AnimateOwners(const Scene& scene, const Rig& rig,
                                                          const GltfExportSettings& settings,
                                                          Diagnostics* diagnostics) {
  size_t objects = scene.objects.size();
  size_t total = objects + scene.cameras.size();
  std::vector<GltfOwnerMotion> motions(total);
  GltfExportSettings budgeted = settings;
  budgeted.fit = WithFitBudget(settings.fit);
  FitBudget* budget = budgeted.fit.budget.get();
  size_t spent_by =
      FitOwnersInOrder(0, total, budget, [&](size_t index, const std::shared_ptr<FitBudget>& part) {
        GltfExportSettings own = budgeted;
        own.fit.budget = part;
        OwnerRef owner =
            index < objects ? OwnerRef::Object(index) : OwnerRef::Camera(index - objects);
        motions[index] = AnimateOwner(rig, owner, own);
      });
  if (spent_by == total) return motions;
  ReportFitBudgetSpent(
      spent_by < objects ? scene.objects[spent_by] : scene.cameras[spent_by - objects], budget,
      diagnostics);
  return std::nullopt;
}

// The animation: a sampler and a channel per fitted channel of each owner
// (one over the glTF export's key limit reported, E_LIMIT, and left out).
void AddAnimation(const Scene& scene, const std::vector<GltfOwnerMotion>& motions,
                  const std::vector<int>& owner_nodes, Buffers* buffers, Json* json,
                  Diagnostics* diagnostics) {
  Json samplers = Json::array();
  Json channels = Json::array();
  for (size_t owner = 0; owner < motions.size(); ++owner) {
    const GltfNodeAnimation& animation = motions[owner].animation;
    const SceneObject& object = owner < scene.objects.size()
                                    ? scene.objects[owner]
                                    : scene.cameras[owner - scene.objects.size()];
    auto add = [&](const std::optional<GltfSampler>& sampler, const char* path) {
      if (!sampler) return;
      if (sampler->key_count() > kMaxGltfChannelKeys) {
        if (diagnostics != nullptr) {
          diagnostics->Report(DiagnosticCode::kLimit, object.origin.location, object.origin.path(),
                              std::string(object.is_camera ? "camera '" : "object '") +
                                  object.name + "' needs " + std::to_string(sampler->key_count()) +
                                  " " + path +
                                  " keys at the tolerance, more than the glTF export's " +
                                  std::to_string(kMaxGltfChannelKeys) + " per channel");
        }
        return;
      }
      Json out = Json::object();
      out["input"] = buffers->AddFloats(sampler->times, 1, true, 0);
      out["interpolation"] = InterpolationName(sampler->interpolation);
      out["output"] = buffers->AddFloats(sampler->values, sampler->width, false, 0);
      samplers.push_back(std::move(out));
      channels.push_back(Json{{"sampler", samplers.size() - 1},
                              {"target", Json{{"node", owner_nodes[owner]}, {"path", path}}}});
    };
    add(animation.translation, "translation");
    add(animation.rotation, "rotation");
    add(animation.scale, "scale");
  }
  if (!channels.empty()) {
    Json animation = Json::object();
    animation["name"] = scene.name;
    animation["channels"] = std::move(channels);
    animation["samplers"] = std::move(samplers);
    (*json)["animations"] = Json::array({std::move(animation)});
  }
}

// The asset's header, its scene and every list empty, in the order written.
Json EmptyAsset() {
  Json json = Json::object();
  json["asset"] = Json{{"version", "2.0"}, {"generator", std::string("cinc ") + kCincVersion}};
  json["scene"] = 0;
  json["scenes"] = Json::array();
  for (const char* section : {"nodes", "meshes", "materials", "textures", "samplers", "images",
                              "cameras", "accessors", "bufferViews"}) {
    json[section] = Json::array();
  }
  return json;
}

}  // namespace

GltfDocument BuildGltfDocument(const Scene& scene, const Rig& rig,
                               const std::vector<std::optional<ModelContent>>& contents,
                               const GltfExportSettings& settings, Diagnostics* diagnostics) {
  GltfDocument document;
  const std::optional<size_t> nodes = GltfNodesFit(scene, contents, diagnostics);
  if (!nodes) return document;
  Json& json = document.json;
  json = EmptyAsset();
  Buffers buffers(&json);
  DocumentBuilder builder(contents, &json, &buffers);
  for (const SceneObject& object : scene.objects) builder.names().Reserve(object.name);
  for (const SceneObject& camera : scene.cameras) builder.names().Reserve(camera.name);

  std::optional<std::vector<GltfOwnerMotion>> motions =
      AnimateOwners(scene, rig, settings, diagnostics);
  if (!motions || !GltfChannelsFit(scene, *nodes, *motions, diagnostics)) return document;
  document.motions = std::move(*motions);
  std::map<std::string, size_t> model_index;
  for (size_t index = 0; index < scene.models.size(); ++index) {
    model_index.emplace(scene.models[index].name, index);
  }

  Json roots = Json::array();
  std::vector<int> owner_nodes;
  for (size_t index = 0; index < scene.objects.size(); ++index) {
    const SceneObject& object = scene.objects[index];
    Json node = Json::object();
    node["name"] = object.name;
    node = PoseTrs(std::move(node), document.motions[index].initial, true);
    int node_index = builder.AddNode(std::move(node));
    auto found = model_index.find(object.model);
    if (found != model_index.end() && contents[found->second]) {
      std::vector<int> children = builder.Instance(found->second);
      if (!children.empty()) {
        Json& children_json = json["nodes"][static_cast<size_t>(node_index)]["children"];
        for (int child : children) children_json.push_back(child);
      }
    }
    roots.push_back(node_index);
    owner_nodes.push_back(node_index);
  }
  for (size_t index = 0; index < scene.cameras.size(); ++index) {
    const SceneObject& camera = scene.cameras[index];
    Json perspective = Json::object();
    // The fov the camera starts with (the disassembly: the one it ends with).
    double fov =
        settings.reverse ? ValueAt(rig.cameras[index].fov, settings.duration) : camera.lens().fov;
    perspective["yfov"] = fov * std::numbers::pi / 180;
    perspective["znear"] = kCameraNear;
    json["cameras"].push_back(
        Json{{"name", camera.name}, {"type", "perspective"}, {"perspective", perspective}});
    Json node = Json::object();
    node["name"] = camera.name;
    node = PoseTrs(std::move(node), document.motions[scene.objects.size() + index].initial, false);
    node["camera"] = static_cast<int>(json["cameras"].size()) - 1;
    int node_index = builder.AddNode(std::move(node));
    roots.push_back(node_index);
    owner_nodes.push_back(node_index);
  }
  // The glTF scene has no name: viewers that name nodes uniquely (three.js)
  // would count it among them and rename an object of the same name.
  json["scenes"].push_back(Json{{"nodes", roots}});

  AddAnimation(scene, document.motions, owner_nodes, &buffers, &json, diagnostics);
  document.buffer = buffers.Take();
  if (!document.buffer.empty()) {
    json["buffers"] = Json::array({Json{{"byteLength", document.buffer.size()}}});
  }
  // glTF wants no empty arrays: drop the sections nothing went into.
  for (const char* section : {"nodes", "meshes", "materials", "textures", "samplers", "images",
                              "cameras", "accessors", "bufferViews"}) {
    if (json[section].empty()) json.erase(section);
  }
  return document;
}

std::string WriteGlb(const GltfDocument& document) {
  std::string text = WriteCompactJson(document.json);
  while (text.size() % 4 != 0) text.push_back(' ');
  auto word = [](std::string* out, uint32_t value) {
    char bytes[4];
    std::memcpy(bytes, &value, 4);  // little-endian on every machine cinc runs on
    out->append(bytes, 4);
  };
  std::string glb;
  size_t total = 12 + 8 + text.size() + (document.buffer.empty() ? 0 : 8 + document.buffer.size());
  word(&glb, 0x46546C67);  // "glTF"
  word(&glb, 2);
  word(&glb, static_cast<uint32_t>(total));
  word(&glb, static_cast<uint32_t>(text.size()));
  word(&glb, 0x4E4F534A);  // "JSON"
  glb += text;
  if (!document.buffer.empty()) {
    word(&glb, static_cast<uint32_t>(document.buffer.size()));
    word(&glb, 0x004E4942);  // "BIN"
    glb += document.buffer;
  }
  return glb;
}

std::string WriteGltf(const GltfDocument& document) {
  Json json = document.json;
  if (!document.buffer.empty()) {
    std::string encoded = "data:application/octet-stream;base64," + Base64Encode(document.buffer);
    json["buffers"][0]["uri"] = encoded;
  }
  return WriteJson(json);
}

}  // namespace cinc
