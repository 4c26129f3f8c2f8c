// The scene as one animated glTF 2.0 asset, and its bytes.
//
// Contract: BuildGltfDocument makes the document and its binary buffer:
// - the scene's root nodes are one node per object, then one per camera, in
//   file order, each named after it, with its world pose at 0 as TRS;
// - an object with a model carries the model's content (importers/
//   model_content.h) as children: one instance of the model's node tree per
//   object, every instance of one model using the same glTF meshes,
//   materials, textures and images (written once);
// - node names are unique: objects and cameras keep theirs, a model node
//   whose name is taken gets `-2`, `-3`, ... (viewers that bind animations by
//   name find every object under its own);
// - each camera node carries a perspective camera: `yfov` the camera's
//   initial fov (cinc's fov is vertical) in radians, `znear` 0.01, no `zfar`
//   (an infinite projection) and no `aspectRatio`;
// - one animation named after the scene with a translation, rotation and
//   scale channel per moving node (gltf/gltf_animation.h); none when nothing
//   moves;
// - with `reverse`, the disassembly: every owner's motion played backwards
//   over the scene's duration D (gltf/gltf_animation.h), each camera's
//   `yfov` its fov at D;
// - accessors each in their own buffer view, 4-byte aligned; POSITION and
//   animation inputs with min and max; indices as 16-bit integers when the
//   vertices allow, else 32-bit.
// A channel of more than 1,000,000 keys is E_LIMIT at its owner. The
// document is a pure function of its inputs (keys in a fixed order).
// WriteGlb and WriteGltf give the file's bytes: GLB (a JSON chunk padded
// with spaces, a BIN chunk padded with zeros), or glTF JSON with the buffer
// embedded as a base64 `data:` URI.
#ifndef CINC_GLTF_GLTF_DOCUMENT_H_
#define CINC_GLTF_GLTF_DOCUMENT_H_

#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/json_writer.h"
#include "core/scene.h"
#include "fit/fit_settings.h"
#include "gltf/gltf_animation.h"
#include "importers/model_content.h"
#include "markers/rig.h"

namespace cinc {

struct GltfDocument {
  Json json;
  std::string buffer;  // the binary buffer (empty: none)
  // Every owner's motion, objects then cameras, as written (for --verify).
  std::vector<GltfOwnerMotion> motions;
};

// `contents` is parallel to scene.models (nullopt: no source, or unreadable).
GltfDocument BuildGltfDocument(const Scene& scene, const Rig& rig,
                               const std::vector<std::optional<ModelContent>>& contents,
                               const GltfExportSettings& settings, Diagnostics* diagnostics);

std::string WriteGlb(const GltfDocument& document);
std::string WriteGltf(const GltfDocument& document);

}  // namespace cinc

#endif  // CINC_GLTF_GLTF_DOCUMENT_H_
