// What an imported model file contributes to a scene: its markers and LODs.
//
// Contract (docs/importers.md): markers are in file order, each with its pose in
// model space (+Y up, metres; rotation a unit quaternion with w >= 0, scale
// and shear dropped). Marker names are unique within one model. A Lod names
// the mesh nodes `NAME_LOD<n>` of one NAME, finest (lowest n) first.
#ifndef CINC_IMPORTERS_MODEL_H_
#define CINC_IMPORTERS_MODEL_H_

#include <string>
#include <vector>

#include "core/json_writer.h"
#include "core/scene.h"

namespace cinc {

struct Lod {
  std::string name;                 // "bracket"
  std::vector<std::string> levels;  // ["bracket_LOD0", "bracket_LOD1"]
  friend bool operator==(const Lod&, const Lod&) = default;
};

struct ImportedModel {
  std::vector<Marker> markers;  // file order
  std::vector<Lod> lods;        // in the order their first level appears
};

// `cinc markers FILE --json`: {"markers": [{"name", "position", "quaternion"
// [x, y, z, w], "rotation" [pitch, yaw, roll]}], "lods": [{"name", "levels"}]}.
// Numbers are rounded to 9 decimals so float noise (1e-17, 0.30000000000000004)
// does not show.
Json ModelToJson(const ImportedModel& model);

// `cinc markers FILE`: a readable table of the same data, ending in a newline.
std::string ModelToText(const ImportedModel& model);

}  // namespace cinc

#endif  // CINC_IMPORTERS_MODEL_H_
