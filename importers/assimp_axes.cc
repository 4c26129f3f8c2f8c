#include "importers/assimp_axes.h"

#include <assimp/commonMetaData.h>
#include <assimp/metadata.h>

#include <glm/gtc/quaternion.hpp>
#include <optional>
#include <string>

#include "importers/assimp_common.h"
#include "importers/model_builder.h"

namespace cinc {
namespace {

using assimp::NameOf;
using assimp::ToGlm;

std::optional<int> IntegerEntry(const aiMetadata* metadata, std::string_view key) {
  const aiMetadataEntry* entry = assimp::FindEntry(metadata, key);
  if (entry == nullptr || entry->mType != AI_INT32) return std::nullopt;
  return *static_cast<const int32_t*>(entry->mData);
}

std::string StringEntry(const aiMetadata* metadata, std::string_view key) {
  const aiMetadataEntry* entry = assimp::FindEntry(metadata, key);
  if (entry == nullptr || entry->mType != AI_AISTRING) return "";
  return NameOf(*static_cast<const aiString*>(entry->mData));
}

bool IsFbx(const aiScene& scene) {
  return StringEntry(scene.mMetaData, AI_METADATA_SOURCE_FORMAT).find("FBX") != std::string::npos;
}

// Blender's FBX exporter names itself "Blender (stable FBX IO) - 3.4.1 - 4.37.1".
bool IsFromBlender(const aiScene& scene) {
  return StringEntry(scene.mMetaData, AI_METADATA_SOURCE_GENERATOR).starts_with("Blender");
}

// The file's own FBX axes as a rotation to cinc's; identity when the header
// names none or names them wrong.
glm::dmat3 FbxToCinc(const aiScene& scene) {
  const aiMetadata* metadata = scene.mMetaData;
  std::optional<int> values[6] = {
      IntegerEntry(metadata, "UpAxis"),    IntegerEntry(metadata, "UpAxisSign"),
      IntegerEntry(metadata, "FrontAxis"), IntegerEntry(metadata, "FrontAxisSign"),
      IntegerEntry(metadata, "CoordAxis"), IntegerEntry(metadata, "CoordAxisSign")};
  for (const std::optional<int>& value : values) {
    if (!value.has_value()) return glm::dmat3(1.0);
  }
  return FbxAxesToCinc(*values[0], *values[1], *values[2], *values[3], *values[4], *values[5])
      .value_or(glm::dmat3(1.0));
}

}  // namespace

glm::dmat3 BlenderToCinc() {
  // Columns: the images of +X, +Y and +Z.
  return glm::dmat3(glm::dvec3(1, 0, 0), glm::dvec3(0, 0, -1), glm::dvec3(0, 1, 0));
}

std::optional<glm::dmat3> FbxAxesToCinc(int up_axis, int up_sign, int front_axis, int front_sign,
                                        int coord_axis, int coord_sign) {
  auto vector = [](int axis, int sign) -> std::optional<glm::dvec3> {
    if (axis < 0 || axis > 2 || (sign != 1 && sign != -1)) return std::nullopt;
    glm::dvec3 v(0.0);
    v[axis] = sign;
    return v;
  };
  std::optional<glm::dvec3> up = vector(up_axis, up_sign);
  std::optional<glm::dvec3> front = vector(front_axis, front_sign);
  std::optional<glm::dvec3> coord = vector(coord_axis, coord_sign);
  if (!up || !front || !coord) return std::nullopt;
  // The file's vectors for cinc's +X, +Y and +Z; its inverse (a signed
  // permutation: the transpose) maps them back.
  glm::dmat3 file(*coord, *up, *front);
  if (glm::determinant(file) != 1.0) return std::nullopt;  // repeated axes or left-handed
  return glm::transpose(file);
}

FileAxes AxesOf(const aiScene& scene) {
  FileAxes axes;
  glm::dmat3 root_rotation(1.0);
  if (scene.mRootNode != nullptr) {
    root_rotation =
        glm::mat3_cast(PoseFromMatrix(ToGlm(scene.mRootNode->mTransformation)).rotation);
  }
  glm::dmat3 frame = glm::transpose(root_rotation);
  if (IsFbx(scene)) {
    glm::dmat3 to_cinc = FbxToCinc(scene);
    axes.to_cinc = glm::dmat4(to_cinc);
    frame = frame * glm::transpose(IsFromBlender(scene) ? BlenderToCinc() : to_cinc);
  }
  axes.marker_frame = glm::dmat4(frame);
  return axes;
}

}  // namespace cinc
