// The preview page: one self-contained HTML file that plays the scene.
//
// Contract: PreviewPage fills the built-in template (preview/
// preview_template.h) with the page's data — {"version": 1, "name",
// "duration", "loop", "tolerance": {position, rotation}, "objects": [names],
// "cameras": [{name, fov}], "sequence": the scene's whole sequence (every
// track, not sharded: the camera track's shots and fov, the cues, the
// opacity cues), "preview": {lighting, background} when the scene gives
// `preview:`, "parts": the parts list's JSON when one is given, "live": {"build":
// N} when `cinc serve` serves it as its build N (the page then follows the
// server's builds: preview/live.js)} — and the scene's GLB
// (gltf/gltf_document.h) in base64. The data's JSON has every '<' written as \u003c, so no text in
// it can end its script element. The page asks the network for nothing.
#ifndef CINC_PREVIEW_PREVIEW_PAGE_H_
#define CINC_PREVIEW_PREVIEW_PAGE_H_

#include <string>

#include "core/scene.h"
#include "sequence/sequence.h"

namespace cinc {

std::string PreviewPage(const Scene& scene, const Sequence& sequence, const std::string& glb,
                        const std::string& parts_json = std::string(), int live_build = 0);

}  // namespace cinc

#endif  // CINC_PREVIEW_PREVIEW_PAGE_H_
