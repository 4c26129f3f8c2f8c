#include "render/frame_plan.h"

#include <cmath>

#include "core/number_format.h"

namespace cinc {
namespace {

constexpr int64_t kNanosecondsPerSecond = 1'000'000'000;

int64_t Nanoseconds(double seconds) { return std::llround(seconds * 1e9); }

// floor(ns * fps / 1e9) and its ceiling, for ns >= 0.
int64_t FloorFrame(int64_t nanoseconds, int fps) {
  return static_cast<int64_t>(static_cast<__int128>(nanoseconds) * fps / kNanosecondsPerSecond);
}
int64_t CeilFrame(int64_t nanoseconds, int fps) {
  __int128 scaled = static_cast<__int128>(nanoseconds) * fps;
  return static_cast<int64_t>((scaled + kNanosecondsPerSecond - 1) / kNanosecondsPerSecond);
}

std::string Seconds(double value) { return FormatDouble(value) + " s"; }

}  // namespace

bool CheckRenderSize(int width, int height, bool video, std::string* problem) {
  for (auto [name, value] : {std::pair{"width", width}, {"height", height}}) {
    if (value < kMinRenderSize || value > kMaxRenderSize) {
      *problem = "the " + std::string(name) + " " + std::to_string(value) + " is not between " +
                 std::to_string(kMinRenderSize) + " and " + std::to_string(kMaxRenderSize) +
                 " pixels";
      return false;
    }
    if (video && value % 2 != 0) {
      *problem = "the " + std::string(name) + " " + std::to_string(value) +
                 " is odd: a video's width and height must be even";
      return false;
    }
  }
  return true;
}

namespace {

// The size, the frame rate and the output kind.
bool CheckPicture(const RenderSettings& settings, std::string* problem) {
  RenderOutput output = RenderOutputOf(settings.output);
  if (output == RenderOutput::kUnknown) {
    *problem = "-o " + settings.output +
               ": the output must end in .mp4 or .webm, or be a folder ending in /";
    return false;
  }
  if (!CheckRenderSize(settings.width, settings.height, output != RenderOutput::kFrames, problem)) {
    return false;
  }
  if (settings.fps < 1 || settings.fps > kMaxRenderFps) {
    *problem = "--fps " + std::to_string(settings.fps) + " is not between 1 and " +
               std::to_string(kMaxRenderFps);
    return false;
  }
  return true;
}

// [from, to] inside [0, duration].
bool CheckRange(double from, double to, double duration, std::string* problem) {
  if (!std::isfinite(from) || from < 0 || Nanoseconds(from) > Nanoseconds(duration)) {
    *problem = "--from " + (std::isfinite(from) ? Seconds(from) : std::string("is not finite")) +
               " is not inside the sequence (0 to " + Seconds(duration) + ")";
    return false;
  }
  if (!std::isfinite(to) || to < 0 || Nanoseconds(to) > Nanoseconds(duration)) {
    *problem = "--to " + (std::isfinite(to) ? Seconds(to) : std::string("is not finite")) +
               " is not inside the sequence (0 to " + Seconds(duration) + ")";
    return false;
  }
  if (Nanoseconds(to) < Nanoseconds(from)) {
    *problem = "--to " + Seconds(to) + " is before --from " + Seconds(from);
    return false;
  }
  return true;
}

}  // namespace

double FramePlan::TimeOf(int64_t index) const {
  return static_cast<double>(first_frame + index) / fps;
}

std::optional<FramePlan> PlanFrames(const RenderSettings& settings, double duration,
                                    std::string* problem) {
  if (!CheckPicture(settings, problem)) return std::nullopt;
  if (!std::isfinite(duration) || duration <= 0) {
    *problem = "the sequence has no duration to render";
    return std::nullopt;
  }
  double from = settings.from.value_or(0);
  double to = settings.to.value_or(duration);
  if (!CheckRange(from, to, duration, problem)) return std::nullopt;
  FramePlan plan;
  plan.fps = settings.fps;
  plan.first_frame = CeilFrame(Nanoseconds(from), settings.fps);
  plan.range_count = FloorFrame(Nanoseconds(to), settings.fps) - plan.first_frame + 1;
  if (plan.range_count <= 0) {
    *problem = "the range " + Seconds(from) + " to " + Seconds(to) + " holds no frame at " +
               std::to_string(settings.fps) + " frames a second";
    return std::nullopt;
  }
  plan.slice_first = 0;
  plan.slice_end = plan.range_count;
  if (settings.slice) {
    const FrameSlice& slice = *settings.slice;
    if (slice.first < 0 || slice.end <= slice.first || slice.end > plan.range_count) {
      *problem = "--frames " + std::to_string(slice.first) + ":" + std::to_string(slice.end) +
                 " is not a slice of the range's " + std::to_string(plan.range_count) +
                 " frames (0:" + std::to_string(plan.range_count) + " is all of them)";
      return std::nullopt;
    }
    plan.slice_first = slice.first;
    plan.slice_end = slice.end;
  }
  return plan;
}

}  // namespace cinc
