// Frames to a video file through Debian's ffmpeg.
//
// Contract: VideoEncoder::Start starts ffmpeg (render/child_process.h)
// with FfmpegArguments: it reads PNGs from its stdin (a socket cinc
// writes, image2pipe at `fps`) and writes the file `path`, which the
// caller has reserved beside the output (core/atomic_file.h:
// StagedFile::Reserve) and renames into place once Finish says the video
// is whole. Write hands ffmpeg one PNG; Finish closes its stdin and waits
// for it to end well (status 0). Any failure (ffmpeg missing, ending
// early, refusing the frames, not finishing within the timeout) is false
// with the reason and ffmpeg's last lines in *error ("ffmpeg (PATH) exited
// with status 1; its last words: ..."); the encoder is then stopped. The
// destructor kills ffmpeg if it still runs and reaps it.
//
// The video: MP4 is H.264 (libx264, preset medium, CRF 18) in yuv420p with
// its index first (-movflags +faststart) so that it plays while it loads;
// WebM is VP9 (libvpx-vp9, constant quality: CRF 32, -b:v 0, good
// deadline, cpu-used 2) in yuv420p. Both are written bit-exact (no version or
// date in the file, no metadata, a fixed number of threads), so that the
// same frames give the same bytes with the same ffmpeg.
//
// With a SoundMix (render/sound_mix.h) the video gets a sound track: the
// clips' files are more inputs, the mix is the filter graph's [aout],
// encoded as AAC (MP4) or Opus (libopus, WebM) at 48 kHz stereo, bit-exact
// too (-flags:a +bitexact). Without one the video has no audio stream.
#ifndef CINC_RENDER_VIDEO_ENCODER_H_
#define CINC_RENDER_VIDEO_ENCODER_H_

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "render/child_process.h"
#include "render/sound_mix.h"
#include "render/temporary_folder.h"

namespace cinc {

enum class VideoFormat { kMp4, kWebm };

// ffmpeg's arguments (after its own name) for frames at `fps` to `path`,
// with the sound track of `sound` when given.
std::vector<std::string> FfmpegArguments(VideoFormat format, int fps, const std::string& path,
                                         const SoundMix* sound = nullptr);

class VideoEncoder {
 public:
  static std::unique_ptr<VideoEncoder> Start(const std::string& ffmpeg, VideoFormat format, int fps,
                                             const std::string& path, std::string* error,
                                             const SoundMix* sound = nullptr);
  VideoEncoder(const VideoEncoder&) = delete;
  VideoEncoder& operator=(const VideoEncoder&) = delete;
  ~VideoEncoder();

  bool Write(std::string_view png, std::string* error);
  // `timeout`: how long ffmpeg may take once every frame is in.
  bool Finish(std::chrono::milliseconds timeout, std::string* error);

  pid_t pid() const { return child_ ? child_->pid() : -1; }

 private:
  VideoEncoder() = default;
  // "ffmpeg (PATH) <what>; its last words: ...".
  std::string Problem(const std::string& what);
  void Stop();

  std::string ffmpeg_;
  std::optional<TemporaryFolder> folder_;  // ffmpeg's log
  std::string log_;
  std::optional<ChildProcess> child_;
  int input_ = -1;  // cinc's end of ffmpeg's stdin
};

}  // namespace cinc

#endif  // CINC_RENDER_VIDEO_ENCODER_H_
