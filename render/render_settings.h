// What a render makes: the settings of one `cinc render`, and the output
// kind its path says.
//
// Contract: RenderSettings is made once per render (the command line fills
// it) and passed by const reference. Its defaults: 1920 x 1080 CSS pixels at
// device scale 1, 30 frames a second, the camera view, the whole sequence,
// every frame. `from` and `to` are seconds (rounded to the nanosecond, the
// grid of scene times); `slice` is {first, end}: the frames of the range
// numbered first .. end - 1 from 0. RenderOutputOf tells the kind from the
// path alone: ".mp4" (H.264), ".webm" (VP9), or a path ending in "/" (a
// folder of numbered PNGs); anything else is kUnknown. Checking the values
// is render/frame_plan.h's (PlanFrames).
#ifndef CINC_RENDER_RENDER_SETTINGS_H_
#define CINC_RENDER_RENDER_SETTINGS_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "render/sound_mix.h"

namespace cinc {

enum class RenderView { kCamera, kOrbit };
// "camera" | "orbit": the view's name in the page's #render fragment.
std::string_view RenderViewName(RenderView view);

enum class RenderOutput { kMp4, kWebm, kFrames, kUnknown };
RenderOutput RenderOutputOf(std::string_view path);

struct FrameSlice {
  int64_t first = 0;
  int64_t end = 0;  // one past the last
};

struct RenderSettings {
  int width = 1920;
  int height = 1080;
  int fps = 30;
  RenderView view = RenderView::kCamera;
  std::optional<double> from;  // default 0
  std::optional<double> to;    // default the sequence's duration
  std::optional<FrameSlice> slice;
  std::string output;  // OUT.mp4, OUT.webm or DIR/
  // The sounds of a video's sound track (render/sound_mix.h), in the
  // sequence's seconds; none: no audio stream. Not with DIR/.
  std::optional<std::vector<MixClip>> sounds;
  // Called after each frame is captured and handed on: (done, total).
  std::function<void(int64_t done, int64_t total)> progress;
  // How long the page may take to be ready, and one frame to be drawn.
  std::chrono::milliseconds ready_timeout{60000};
  std::chrono::milliseconds frame_timeout{60000};
};

}  // namespace cinc

#endif  // CINC_RENDER_RENDER_SETTINGS_H_
