// Callouts' anchors, found before the rig: each `callout:` gets its object,
// marker, model-space point and shown text (docs/language.md "Callouts").
#ifndef CINC_MARKERS_CALLOUT_ANCHORS_H_
#define CINC_MARKERS_CALLOUT_ANCHORS_H_

#include <string>

#include "core/scene.h"
#include "markers/marker_table.h"

namespace cinc {

// Fills every callout's object, marker, point and shown text. The scene's
// references are checked already (BuildMarkerTable); an anchor that is not
// found keeps the object's origin.
void ResolveCalloutAnchors(Scene* scene, const MarkerTable& markers);

// `text` with `$part` (the model's part name, else its name), `$number` (the
// part number, else "") and `$marker` (the anchor's marker, else "")
// replaced; `model` may be nullptr (no model: both are "").
std::string CalloutText(const std::string& text, const Model* model, const std::string& marker);

}  // namespace cinc

#endif  // CINC_MARKERS_CALLOUT_ANCHORS_H_
