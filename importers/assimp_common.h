// Internal to importers/: what the Assimp readers of markers and of content
// share.
#ifndef CINC_IMPORTERS_ASSIMP_COMMON_H_
#define CINC_IMPORTERS_ASSIMP_COMMON_H_

#include <assimp/matrix4x4.h>
#include <assimp/types.h>

// Assimp 5.2's metadata.h needs aiString and INT_MAX declared before it.
#include <assimp/metadata.h>

#include <climits>
#include <glm/mat4x4.hpp>
#include <string>
#include <string_view>

namespace cinc::assimp {

inline constexpr std::string_view kNoImporterMessage = "No suitable reader found";

inline glm::dmat4 ToGlm(const aiMatrix4x4& m) {
  // aiMatrix4x4 is row-major (a1..a4 is the first row); glm is column-major.
  glm::dmat4 out;
  const ai_real* rows[4] = {&m.a1, &m.b1, &m.c1, &m.d1};
  for (int row = 0; row < 4; ++row) {
    for (int column = 0; column < 4; ++column) out[column][row] = rows[row][column];
  }
  return out;
}

inline std::string NameOf(const aiString& name) { return std::string(name.C_Str(), name.length); }

// The entry `key` of node or scene metadata with its data, or nullptr.
inline const aiMetadataEntry* FindEntry(const aiMetadata* metadata, std::string_view key) {
  if (metadata == nullptr || metadata->mKeys == nullptr || metadata->mValues == nullptr) {
    return nullptr;
  }
  for (unsigned i = 0; i < metadata->mNumProperties; ++i) {
    if (NameOf(metadata->mKeys[i]) != key) continue;
    return metadata->mValues[i].mData == nullptr ? nullptr : &metadata->mValues[i];
  }
  return nullptr;
}

}  // namespace cinc::assimp

#endif  // CINC_IMPORTERS_ASSIMP_COMMON_H_
