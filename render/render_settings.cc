#include "render/render_settings.h"

namespace cinc {

std::string_view RenderViewName(RenderView view) {
  return view == RenderView::kOrbit ? "orbit" : "camera";
}

RenderOutput RenderOutputOf(std::string_view path) {
  if (path.ends_with("/")) return RenderOutput::kFrames;
  if (path.ends_with(".mp4")) return RenderOutput::kMp4;
  if (path.ends_with(".webm")) return RenderOutput::kWebm;
  return RenderOutput::kUnknown;
}

}  // namespace cinc
