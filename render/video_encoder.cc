#include "render/video_encoder.h"

#include <unistd.h>

#include <utility>

#include "render/socket_io.h"

namespace cinc {
namespace {

// How long ffmpeg may leave a frame unread (it encodes while cinc captures).
constexpr auto kWriteTimeout = std::chrono::seconds(120);

}  // namespace

std::vector<std::string> FfmpegArguments(VideoFormat format, int fps, const std::string& path,
                                         const SoundMix* sound) {
  // The input: PNGs one after the other on stdin, one frame each.
  std::vector<std::string> arguments = {
      "-hide_banner", "-loglevel",         "error", "-nostats", "-f", "image2pipe",
      "-framerate",   std::to_string(fps), "-c:v",  "png",      "-i", "pipe:0"};
  if (sound) {
    arguments.insert(arguments.end(), sound->inputs.begin(), sound->inputs.end());
    arguments.insert(arguments.end(),
                     {"-filter_complex", sound->graph, "-map", "0:v", "-map", "[aout]"});
  } else {
    arguments.push_back("-an");
  }
  arguments.insert(arguments.end(), {"-sn", "-dn", "-map_metadata", "-1", "-map_chapters", "-1",
                                     "-fflags", "+bitexact", "-flags:v", "+bitexact", "-threads",
                                     "2", "-pix_fmt", "yuv420p", "-r", std::to_string(fps)});
  if (sound) {
    arguments.insert(arguments.end(),
                     {"-flags:a", "+bitexact", "-ar", std::to_string(kSoundRate), "-ac", "2",
                      "-c:a", format == VideoFormat::kMp4 ? "aac" : "libopus"});
  }
  std::vector<std::string> codec;
  if (format == VideoFormat::kMp4) {
    codec = {"-c:v", "libx264",   "-preset",    "medium", "-crf",
             "18",   "-movflags", "+faststart", "-f",     "mp4"};
  } else {
    codec = {"-c:v",      "libvpx-vp9", "-crf",    "32", "-b:v",          "0", "-deadline", "good",
             "-cpu-used", "2",          "-row-mt", "0",  "-tile-columns", "0", "-f",        "webm"};
  }
  arguments.insert(arguments.end(), codec.begin(), codec.end());
  arguments.push_back("-y");
  arguments.push_back(path);
  return arguments;
}

std::unique_ptr<VideoEncoder> VideoEncoder::Start(const std::string& ffmpeg, VideoFormat format,
                                                  int fps, const std::string& path,
                                                  std::string* error, const SoundMix* sound) {
  std::unique_ptr<VideoEncoder> encoder(new VideoEncoder());
  encoder->ffmpeg_ = ffmpeg;
  std::string reason;
  encoder->folder_ = TemporaryFolder::Create("cinc-ffmpeg-", &reason);
  int theirs = -1;
  if (!encoder->folder_ || !SocketPair(&encoder->input_, &theirs, &reason)) {
    *error = "ffmpeg cannot be started: " + reason;
    return nullptr;
  }
  encoder->log_ = encoder->folder_->Inside("ffmpeg.log");
  ChildSpec spec{ffmpeg, FfmpegArguments(format, fps, path, sound), theirs, encoder->log_, {}};
  encoder->child_ = ChildProcess::Start(spec, &reason);
  close(theirs);
  if (!encoder->child_) {
    *error = "ffmpeg (" + ffmpeg + ") cannot be started: " + reason +
             "; install Debian's ffmpeg or name another with CINC_FFMPEG";
    return nullptr;
  }
  return encoder;
}

VideoEncoder::~VideoEncoder() { Stop(); }

void VideoEncoder::Stop() {
  if (input_ >= 0) close(input_);
  input_ = -1;
  child_.reset();  // killed when still running, and reaped
  folder_.reset();
}

bool VideoEncoder::Write(std::string_view png, std::string* error) {
  std::string reason;
  if (input_ < 0) {
    *error = Problem("has stopped");
    return false;
  }
  if (!SendAll(input_, png, std::chrono::steady_clock::now() + kWriteTimeout, &reason)) {
    child_->Wait(std::chrono::seconds(2));
    *error = Problem(child_->Ended() ? child_->Status() : "did not take a frame: " + reason);
    Stop();
    return false;
  }
  return true;
}

bool VideoEncoder::Finish(std::chrono::milliseconds timeout, std::string* error) {
  if (input_ < 0) {
    *error = Problem("has stopped");
    return false;
  }
  close(input_);
  input_ = -1;
  if (!child_->Wait(timeout)) {
    *error =
        Problem("did not finish the video in " + std::to_string(timeout.count() / 1000) + " s");
    Stop();
    return false;
  }
  bool succeeded = child_->Succeeded();
  if (!succeeded) *error = Problem(child_->Status());
  Stop();
  return succeeded;
}

std::string VideoEncoder::Problem(const std::string& what) {
  std::string text = "ffmpeg (" + ffmpeg_ + ") " + what;
  std::string tail = log_.empty() ? "" : LogTail(log_, 1500);
  if (!tail.empty()) text += "; its last words: " + tail;
  return text;
}

}  // namespace cinc
