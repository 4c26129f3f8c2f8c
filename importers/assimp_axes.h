// Internal to importers/: the axes of a file Assimp read, so that the same
// empty gives the same marker whatever format it was exported in.
//
// Contract: AxesOf(scene) says how to turn the scene Assimp built into
// cinc's axes (+Y up, +Z front, +X to the side, as glTF) and how to turn
// each marker's own frame:
//   - `to_cinc` is applied at the root, to markers and meshes alike. It is
//     the identity but for FBX, whose header names its axes (UpAxis,
//     FrontAxis, CoordAxis and their signs): a file in other axes is turned
//     into cinc's. A header whose axes are not a right-handed set of
//     distinct axes is ignored (identity).
//   - `marker_frame` is multiplied on the right of each marker's world
//     matrix: a marker's local axes are turned like the file's, as glTF
//     exporters turn them, so that a Z-up author's local +Z ("up") becomes
//     +Y. It undoes the rotation of the root node (COLLADA: Assimp turns a
//     `Z_UP` or `X_UP` file at its root), then turns local frames that are
//     still in the authoring tool's axes: Blender's FBX exporter (its
//     default, "Apply Transform" off) converts the axes of root objects only
//     and keeps each object's own +Z-up frame; other FBX files' frames are in
//     the file's axes.
// So a marker's world matrix is to_cinc * W * marker_frame, W Assimp's.
#ifndef CINC_IMPORTERS_ASSIMP_AXES_H_
#define CINC_IMPORTERS_ASSIMP_AXES_H_

#include <assimp/scene.h>

#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <optional>

namespace cinc {

struct FileAxes {
  glm::dmat4 to_cinc{1.0};
  glm::dmat4 marker_frame{1.0};
};

FileAxes AxesOf(const aiScene& scene);

// The rotation that maps each of Blender's axes (+X side, +Y back, +Z up;
// Blender's front is -Y) to cinc's: (x, y, z) -> (x, z, -y).
glm::dmat3 BlenderToCinc();

// FBX header axes (0 = X, 1 = Y, 2 = Z; signs +1 or -1) as the rotation that
// maps the file's up, front and coord (side) vectors to cinc's +Y, +Z and +X;
// nullopt when they are not a right-handed set of three distinct axes.
std::optional<glm::dmat3> FbxAxesToCinc(int up_axis, int up_sign, int front_axis, int front_sign,
                                        int coord_axis, int coord_sign);

}  // namespace cinc

#endif  // CINC_IMPORTERS_ASSIMP_AXES_H_
