// The format-independent half of every importer: the marker and LOD rules
// (docs/importers.md "The marker rule, as implemented").
//
// Contract: a loader walks its node tree (with an explicit stack), fills one
// ModelNode per node in file order with the node's model-space matrix, and
// BuildModel decides which nodes are markers (and their names and poses) and
// which mesh nodes are LOD levels. BuildModel reports E_MARKER_DUPLICATE.
#ifndef CINC_IMPORTERS_MODEL_BUILDER_H_
#define CINC_IMPORTERS_MODEL_BUILDER_H_

#include <glm/mat4x4.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "importers/model.h"

namespace cinc {

struct ModelNode {
  std::string name;
  glm::dmat4 world{1.0};  // the product of its ancestors' transforms and its own
  bool has_mesh = false;
  bool is_camera_light_or_joint = false;
  bool is_other_object = false;  // FBX: a model that is not a Null (a mesh without faces, ...)
  bool has_children = false;
  bool under_joint = false;         // a descendant of a skin joint (FBX's `*_end` leaf bones)
  std::optional<bool> marker_flag;  // extras / metadata `cinc_marker`
};

// True when the marker rule makes this node a marker.
bool IsMarkerNode(const ModelNode& node);

// The node's name without a leading `SOCKET_` (kept whole when nothing follows).
std::string MarkerNameOf(const std::string& node_name);

// `bracket_LOD1` (any case of "lod") -> {"bracket", 1}; nullopt otherwise.
struct LodLevelName {
  std::string base;
  long long level = 0;
};
std::optional<LodLevelName> ParseLodLevelName(const std::string& node_name);

// Position = the translation; rotation = the orthogonal polar factor of the
// 3x3 part (scale and shear dropped) as a unit quaternion with w >= 0 (a half
// turn, |w| <= 1e-12, has its largest axis component positive). A
// mirroring matrix keeps the images of local +Y and +Z and flips local X; a
// singular one gives the identity rotation.
Transform PoseFromMatrix(const glm::dmat4& world);

// `file` is the model path as the user gave it (for the diagnostics).
ImportedModel BuildModel(const std::vector<ModelNode>& nodes, const std::string& file,
                         Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_IMPORTERS_MODEL_BUILDER_H_
