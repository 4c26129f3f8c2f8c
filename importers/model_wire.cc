#include "importers/model_wire.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace cinc {
namespace {

class Writer {
 public:
  template <typename T>
  void Number(T value) {
    static_assert(std::is_arithmetic_v<T>);
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void Text(const std::string& text) {
    Number<uint64_t>(text.size());
    bytes_ += text;
  }
  template <typename T>
  void Numbers(const std::vector<T>& values) {
    Number<uint64_t>(values.size());
    bytes_.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
  }
  void Vector(const Vec3& v) {
    for (int c = 0; c < 3; ++c) Number(v[c]);
  }
  void Quaternion(const Quat& q) {
    for (double c : {q.x, q.y, q.z, q.w}) Number(c);
  }
  std::string Take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}

  template <typename T>
  bool Number(T* value) {
    if (bytes_.size() - at_ < sizeof(T)) return false;
    std::memcpy(value, bytes_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return true;
  }
  bool Text(std::string* text) {
    uint64_t size = 0;
    if (!Number(&size) || size > bytes_.size() - at_) return false;
    text->assign(bytes_, at_, size);
    at_ += size;
    return true;
  }
  template <typename T>
  bool Numbers(std::vector<T>* values) {
    uint64_t count = 0;
    if (!Number(&count) || count > (bytes_.size() - at_) / sizeof(T)) return false;
    values->resize(count);
    // An empty vector's data() may be null, which memcpy must not get.
    if (count > 0) std::memcpy(values->data(), bytes_.data() + at_, count * sizeof(T));
    at_ += count * sizeof(T);
    return true;
  }
  bool Vector(Vec3* v) { return Number(&v->x) && Number(&v->y) && Number(&v->z); }
  bool Quaternion(Quat* q) {
    return Number(&q->x) && Number(&q->y) && Number(&q->z) && Number(&q->w);
  }
  // A count of items that each take at least `smallest` bytes.
  bool Count(uint64_t* count, size_t smallest) {
    return Number(count) && *count <= (bytes_.size() - at_) / smallest;
  }
  bool AtEnd() const { return at_ == bytes_.size(); }

 private:
  const std::string& bytes_;
  size_t at_ = 0;
};

void PutDiagnostics(const std::vector<Diagnostic>& diagnostics, Writer* out) {
  out->Number<uint64_t>(diagnostics.size());
  for (const Diagnostic& diagnostic : diagnostics) {
    out->Number(static_cast<uint8_t>(diagnostic.code));
    out->Number(static_cast<uint8_t>(diagnostic.severity));
    out->Text(diagnostic.file);
    out->Number(diagnostic.location.line);
    out->Number(diagnostic.location.column);
    out->Text(diagnostic.path);
    out->Text(diagnostic.message);
  }
}

bool GetDiagnostics(Reader* in, std::vector<Diagnostic>* diagnostics) {
  uint64_t count = 0;
  if (!in->Count(&count, 2)) return false;
  for (uint64_t k = 0; k < count; ++k) {
    uint8_t code = 0;
    uint8_t severity = 0;
    Diagnostic diagnostic;
    if (!in->Number(&code) || !in->Number(&severity) || !in->Text(&diagnostic.file) ||
        !in->Number(&diagnostic.location.line) || !in->Number(&diagnostic.location.column) ||
        !in->Text(&diagnostic.path) || !in->Text(&diagnostic.message) ||
        code >= AllDiagnosticCodes().size() || severity > 1) {
      return false;
    }
    diagnostic.code = static_cast<DiagnosticCode>(code);
    diagnostic.severity = static_cast<Severity>(severity);
    diagnostics->push_back(std::move(diagnostic));
  }
  return true;
}

void PutModel(const ImportedModel& model, Writer* out) {
  out->Number<uint64_t>(model.markers.size());
  for (const Marker& marker : model.markers) {
    out->Text(marker.name);
    out->Vector(marker.pose.position);
    out->Quaternion(marker.pose.rotation);
  }
  out->Number<uint64_t>(model.lods.size());
  for (const Lod& lod : model.lods) {
    out->Text(lod.name);
    out->Number<uint64_t>(lod.levels.size());
    for (const std::string& level : lod.levels) out->Text(level);
  }
}

bool GetModel(Reader* in, ImportedModel* model) {
  uint64_t count = 0;
  if (!in->Count(&count, 8)) return false;
  model->markers.resize(count);
  for (Marker& marker : model->markers) {
    if (!in->Text(&marker.name) || !in->Vector(&marker.pose.position) ||
        !in->Quaternion(&marker.pose.rotation)) {
      return false;
    }
  }
  if (!in->Count(&count, 8)) return false;
  model->lods.resize(count);
  for (Lod& lod : model->lods) {
    uint64_t levels = 0;
    if (!in->Text(&lod.name) || !in->Count(&levels, 8)) return false;
    lod.levels.resize(levels);
    for (std::string& level : lod.levels) {
      if (!in->Text(&level)) return false;
    }
  }
  return true;
}

void PutTexture(const TextureReference& reference, Writer* out) {
  out->Number(reference.texture);
  out->Number(reference.texcoord);
  out->Number(reference.scale);
}

bool GetTexture(Reader* in, TextureReference* reference) {
  return in->Number(&reference->texture) && in->Number(&reference->texcoord) &&
         in->Number(&reference->scale);
}

void PutContent(const ModelContent& content, Writer* out) {
  out->Number<uint64_t>(content.nodes.size());
  for (const ContentNode& node : content.nodes) {
    out->Text(node.name);
    out->Vector(node.translation);
    out->Quaternion(node.rotation);
    out->Vector(node.scale);
    out->Number<uint8_t>(node.matrix ? 1 : 0);
    if (node.matrix) {
      for (double value : *node.matrix) out->Number(value);
    }
    out->Number(node.mesh);
    out->Numbers(node.children);
  }
  out->Numbers(content.roots);
  out->Number<uint64_t>(content.meshes.size());
  for (const ContentMesh& mesh : content.meshes) {
    out->Text(mesh.name);
    out->Number<uint64_t>(mesh.primitives.size());
    for (const ContentPrimitive& primitive : mesh.primitives) {
      out->Number(primitive.mode);
      for (const std::vector<float>* values :
           {&primitive.positions, &primitive.normals, &primitive.tangents, &primitive.texcoords0,
            &primitive.texcoords1, &primitive.colors0}) {
        out->Numbers(*values);
      }
      out->Numbers(primitive.indices);
      out->Number(primitive.material);
    }
  }
  out->Number<uint64_t>(content.materials.size());
  for (const ContentMaterial& material : content.materials) {
    out->Text(material.name);
    for (double value : material.base_color) out->Number(value);
    out->Number(material.metallic);
    out->Number(material.roughness);
    for (double value : material.emissive) out->Number(value);
    for (const TextureReference* reference :
         {&material.base_color_texture, &material.metallic_roughness_texture,
          &material.normal_texture, &material.occlusion_texture, &material.emissive_texture}) {
      PutTexture(*reference, out);
    }
    out->Text(material.alpha_mode);
    out->Number(material.alpha_cutoff);
    out->Number<uint8_t>(material.double_sided ? 1 : 0);
  }
  out->Number<uint64_t>(content.textures.size());
  for (const ContentTexture& texture : content.textures) {
    for (int value :
         {texture.image, texture.mag_filter, texture.min_filter, texture.wrap_s, texture.wrap_t}) {
      out->Number(value);
    }
  }
  out->Number<uint64_t>(content.images.size());
  for (const ContentImage& image : content.images) {
    out->Text(image.name);
    out->Text(image.mime_type);
    out->Text(image.bytes);
  }
}

bool GetContent(Reader* in, ModelContent* content) {
  uint64_t count = 0;
  if (!in->Count(&count, 8)) return false;
  content->nodes.resize(count);
  for (ContentNode& node : content->nodes) {
    uint8_t has_matrix = 0;
    if (!in->Text(&node.name) || !in->Vector(&node.translation) ||
        !in->Quaternion(&node.rotation) || !in->Vector(&node.scale) || !in->Number(&has_matrix)) {
      return false;
    }
    if (has_matrix) {
      std::array<double, 16> matrix;
      for (double& value : matrix) {
        if (!in->Number(&value)) return false;
      }
      node.matrix = matrix;
    }
    if (!in->Number(&node.mesh) || !in->Numbers(&node.children)) return false;
  }
  if (!in->Numbers(&content->roots) || !in->Count(&count, 8)) return false;
  content->meshes.resize(count);
  for (ContentMesh& mesh : content->meshes) {
    uint64_t primitives = 0;
    if (!in->Text(&mesh.name) || !in->Count(&primitives, 8)) return false;
    mesh.primitives.resize(primitives);
    for (ContentPrimitive& primitive : mesh.primitives) {
      if (!in->Number(&primitive.mode)) return false;
      for (std::vector<float>* values :
           {&primitive.positions, &primitive.normals, &primitive.tangents, &primitive.texcoords0,
            &primitive.texcoords1, &primitive.colors0}) {
        if (!in->Numbers(values)) return false;
      }
      if (!in->Numbers(&primitive.indices) || !in->Number(&primitive.material)) return false;
    }
  }
  if (!in->Count(&count, 8)) return false;
  content->materials.resize(count);
  for (ContentMaterial& material : content->materials) {
    uint8_t double_sided = 0;
    if (!in->Text(&material.name)) return false;
    for (double& value : material.base_color) {
      if (!in->Number(&value)) return false;
    }
    if (!in->Number(&material.metallic) || !in->Number(&material.roughness)) return false;
    for (double& value : material.emissive) {
      if (!in->Number(&value)) return false;
    }
    for (TextureReference* reference :
         {&material.base_color_texture, &material.metallic_roughness_texture,
          &material.normal_texture, &material.occlusion_texture, &material.emissive_texture}) {
      if (!GetTexture(in, reference)) return false;
    }
    if (!in->Text(&material.alpha_mode) || !in->Number(&material.alpha_cutoff) ||
        !in->Number(&double_sided)) {
      return false;
    }
    material.double_sided = double_sided != 0;
  }
  if (!in->Count(&count, 8)) return false;
  content->textures.resize(count);
  for (ContentTexture& texture : content->textures) {
    for (int* value : {&texture.image, &texture.mag_filter, &texture.min_filter, &texture.wrap_s,
                       &texture.wrap_t}) {
      if (!in->Number(value)) return false;
    }
  }
  if (!in->Count(&count, 8)) return false;
  content->images.resize(count);
  for (ContentImage& image : content->images) {
    if (!in->Text(&image.name) || !in->Text(&image.mime_type) || !in->Text(&image.bytes)) {
      return false;
    }
  }
  return true;
}

// The content's indices point where they should (a decoded answer is
// trusted no further than this).
bool IndicesValid(const ModelContent& content) {
  auto in = [](int index, size_t size) { return index >= -1 && index < static_cast<int>(size); };
  for (const ContentNode& node : content.nodes) {
    if (!in(node.mesh, content.meshes.size())) return false;
    for (int child : node.children) {
      if (child < 0 || !in(child, content.nodes.size())) return false;
    }
  }
  for (int root : content.roots) {
    if (root < 0 || !in(root, content.nodes.size())) return false;
  }
  for (const ContentMesh& mesh : content.meshes) {
    for (const ContentPrimitive& primitive : mesh.primitives) {
      if (!in(primitive.material, content.materials.size())) return false;
      size_t vertices = primitive.vertex_count();
      for (uint32_t index : primitive.indices) {
        if (index >= vertices) return false;
      }
    }
  }
  for (const ContentTexture& texture : content.textures) {
    if (texture.image < 0 || !in(texture.image, content.images.size())) return false;
  }
  return true;
}

template <typename Result, typename Put>
std::string Encode(const ReaderAnswer<Result>& answer, Put put) {
  Writer out;
  PutDiagnostics(answer.diagnostics, &out);
  out.Number<uint8_t>(answer.result ? 1 : 0);
  if (answer.result) put(*answer.result, &out);
  return out.Take();
}

template <typename Result, typename Get>
bool Decode(const std::string& bytes, ReaderAnswer<Result>* answer, Get get) {
  Reader in(bytes);
  uint8_t has_result = 0;
  if (!GetDiagnostics(&in, &answer->diagnostics) || !in.Number(&has_result)) return false;
  if (has_result) {
    Result result;
    if (!get(&in, &result)) return false;
    answer->result = std::move(result);
  }
  return in.AtEnd();
}

}  // namespace

std::string EncodeAnswer(const ReaderAnswer<ImportedModel>& answer) {
  return Encode(answer, PutModel);
}

std::string EncodeAnswer(const ReaderAnswer<ModelContent>& answer) {
  return Encode(answer, PutContent);
}

bool DecodeAnswer(const std::string& bytes, ReaderAnswer<ImportedModel>* answer) {
  return Decode(bytes, answer, GetModel);
}

bool DecodeAnswer(const std::string& bytes, ReaderAnswer<ModelContent>* answer) {
  return Decode(bytes, answer, GetContent) && (!answer->result || IndicesValid(*answer->result));
}

}  // namespace cinc
