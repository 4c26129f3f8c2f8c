// Rendering a preview page to pictures and video: the engine of `cinc
// render` (docs/render.md).
//
// Contract: RenderPreview takes the preview page's HTML (the bytes `cinc
// preview` writes: preview/preview_page.h's PreviewPage of the scene, its
// sequence and its GLB), the sequence's duration and one RenderSettings,
// and makes settings.output: an MP4 or WebM video, or a folder of PNGs
// (render/render_settings.h). It plans the frames (render/frame_plan.h),
// writes the page into a private temporary folder, opens it in Chromium
// (render/frame_source.h, CINC_CHROMIUM or /usr/bin/chromium), captures
// every frame of the plan in order, calling settings.progress after each,
// and hands them to ffmpeg (render/video_encoder.h, CINC_FFMPEG or
// /usr/bin/ffmpeg) or to the folder (render/frame_folder.h, frame k of the
// range as frame-(k+1).png, so that the slices of one range fill one
// folder). The output appears only when everything worked.
//
// Problems go to `diagnostics`, belonging to no file (printed as "cinc:
// error: ..."): settings it cannot use
// are E_USAGE (nothing is started); an output that cannot be written is
// E_OUTPUT (found before a browser starts, or at the end); a browser or
// encoder that is missing, fails or times out, and a page that never gets
// ready, are E_RENDER, with the program's last words. Nothing is left
// behind on failure: no output, no temporary file, no process.
#ifndef CINC_RENDER_RENDER_H_
#define CINC_RENDER_RENDER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostics.h"
#include "render/render_settings.h"

namespace cinc {

struct RenderOutcome {
  bool ok = false;
  int64_t frames = 0;                         // frames made
  double ready_seconds = 0;                   // from starting Chromium to the page ready
  double capture_seconds = 0;                 // seeking and capturing every frame
  double finish_seconds = 0;                  // the encoder's end and the output's commit
  std::vector<std::string> refused_requests;  // URLs the page asked for and was refused
};

// The programs: $CINC_CHROMIUM or /usr/bin/chromium, $CINC_FFMPEG or
// /usr/bin/ffmpeg.
std::string ChromiumProgram();
std::string FfmpegProgram();

RenderOutcome RenderPreview(std::string_view page_html, double duration,
                            const RenderSettings& settings, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_RENDER_RENDER_H_
