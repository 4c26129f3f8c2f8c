// Which frames a render makes, and at which times.
//
// Contract: a frame is the state at exactly t = k / fps, k a whole number:
// the frames of a range [from, to] are every k with from <= k / fps <= to
// (the default range, 0 to the duration, gives k = 0 .. floor(duration *
// fps): the last frame lands on the end only when duration * fps is whole).
// The arithmetic is in whole nanoseconds, so 0.7 s at 30 fps is 21 frames
// plus the one at 0, not one fewer. A slice keeps frames first .. end - 1
// of the range (numbered from 0). PlanFrames checks the settings against
// the sequence's duration and says what is wrong in *problem, in words for
// the command line ("--fps 0 is not between 1 and 240"): sizes from 16 to
// 8192 pixels (even for a video: yuv420p halves the colour resolution),
// 1 to 240 frames a second, a range inside 0 .. duration holding at least
// one frame, a slice inside the range.
#ifndef CINC_RENDER_FRAME_PLAN_H_
#define CINC_RENDER_FRAME_PLAN_H_

#include <cstdint>
#include <optional>
#include <string>

#include "render/render_settings.h"

namespace cinc {

// The smallest and largest width or height of a picture, in pixels.
inline constexpr int kMinRenderSize = 16;
inline constexpr int kMaxRenderSize = 8192;
// The most frames a second a render makes.
inline constexpr int kMaxRenderFps = 240;

struct FramePlan {
  int fps = 30;
  int64_t first_frame = 0;  // k of the range's first frame
  int64_t range_count = 0;  // frames in the range
  int64_t slice_first = 0;  // the frames made: slice_first .. slice_end - 1 of the range
  int64_t slice_end = 0;

  int64_t count() const { return slice_end - slice_first; }
  // The time of frame `index` of the range: (first_frame + index) / fps.
  double TimeOf(int64_t index) const;
};

// Whether a picture of width x height can be made (kMinRenderSize to
// kMaxRenderSize pixels, even for a video); the problem in words otherwise.
bool CheckRenderSize(int width, int height, bool video, std::string* problem);

std::optional<FramePlan> PlanFrames(const RenderSettings& settings, double duration,
                                    std::string* problem);

}  // namespace cinc

#endif  // CINC_RENDER_FRAME_PLAN_H_
