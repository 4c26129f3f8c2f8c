// The preview page's template, built in (preview/embed.py): the page
// (preview/page.html) with three.js and the player (preview/player.js) in
// its import map as data: URLs, and three.js's licence.
//
// Contract: the text holds `{{CINC_DATA}}` (the page's data, JSON with every
// '<' escaped) and `{{CINC_GLB}}` (the scene's GLB, base64) once each.
#ifndef CINC_PREVIEW_PREVIEW_TEMPLATE_H_
#define CINC_PREVIEW_PREVIEW_TEMPLATE_H_

#include <string_view>

namespace cinc {

extern const std::string_view kPreviewTemplate;

}  // namespace cinc

#endif  // CINC_PREVIEW_PREVIEW_TEMPLATE_H_
