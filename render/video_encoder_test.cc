#include "render/video_encoder.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>

#include "core/atomic_file.h"
#include "render/render.h"
#include "render/temporary_folder.h"
#include "render/test_helpers.h"

namespace cinc {
namespace {

constexpr auto kFinish = std::chrono::seconds(120);

class VideoEncoderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    folder_ = TemporaryFolder::Create("cinc-video-test-", &error);
    ASSERT_TRUE(folder_) << error;
  }
  // Six 32 x 18 frames, dark to light, encoded to `name`; the file's bytes.
  std::string Encode(VideoFormat format, const std::string& name) {
    std::string error;
    std::optional<StagedFile> video = StagedFile::Reserve(folder_->Inside(name), &error);
    EXPECT_TRUE(video) << error;
    std::unique_ptr<VideoEncoder> encoder =
        VideoEncoder::Start(FfmpegProgram(), format, 30, video->temporary_path(), &error);
    EXPECT_TRUE(encoder) << error;
    for (uint8_t level = 0; level < 6 && encoder; ++level) {
      uint8_t value = static_cast<uint8_t>(40 * level);
      EXPECT_TRUE(encoder->Write(testing::SolidPng(32, 18, {value, value, 128}), &error)) << error;
    }
    EXPECT_TRUE(encoder && encoder->Finish(kFinish, &error)) << error;
    EXPECT_TRUE(video->Commit(&error)) << error;
    return testing::ReadBytes(folder_->Inside(name));
  }

  std::optional<TemporaryFolder> folder_;
};

TEST_F(VideoEncoderTest, TheArgumentsAreBitExact) {
  std::vector<std::string> mp4 = FfmpegArguments(VideoFormat::kMp4, 24, "out.tmp");
  auto has = [&mp4](std::vector<std::string> run) {
    return std::search(mp4.begin(), mp4.end(), run.begin(), run.end()) != mp4.end();
  };
  EXPECT_TRUE(has({"-f", "image2pipe", "-framerate", "24", "-c:v", "png", "-i", "pipe:0"}));
  EXPECT_TRUE(has({"-fflags", "+bitexact", "-flags:v", "+bitexact", "-threads", "2"}));
  EXPECT_TRUE(has({"-map_metadata", "-1"}));
  EXPECT_TRUE(has({"-pix_fmt", "yuv420p"}));
  EXPECT_TRUE(has({"-c:v", "libx264"}));
  EXPECT_TRUE(has({"-movflags", "+faststart", "-f", "mp4"}));
  EXPECT_EQ(mp4.back(), "out.tmp");
  std::vector<std::string> webm = FfmpegArguments(VideoFormat::kWebm, 24, "out.tmp");
  EXPECT_NE(std::find(webm.begin(), webm.end(), "libvpx-vp9"), webm.end());
  EXPECT_TRUE(has({"-an"}));  // no sound track without a mix
}

// With a mix: its inputs after the frames', its graph's [aout] mapped, and
// the audio bit-exact at 48 kHz stereo, AAC in MP4 and Opus in WebM.
TEST_F(VideoEncoderTest, ASoundMixIsTheAudioStream) {
  SoundMix mix{{"-f", "wav", "-i", "file:/s/a.wav"}, "GRAPH", 48000};
  std::vector<std::string> mp4 = FfmpegArguments(VideoFormat::kMp4, 10, "out.tmp", &mix);
  auto has = [](const std::vector<std::string>& all, std::vector<std::string> run) {
    return std::search(all.begin(), all.end(), run.begin(), run.end()) != all.end();
  };
  EXPECT_TRUE(has(mp4, {"-i", "pipe:0", "-f", "wav", "-i", "file:/s/a.wav", "-filter_complex",
                        "GRAPH", "-map", "0:v", "-map", "[aout]"}));
  EXPECT_TRUE(has(mp4, {"-flags:a", "+bitexact", "-ar", "48000", "-ac", "2", "-c:a", "aac"}));
  EXPECT_FALSE(has(mp4, {"-an"}));
  std::vector<std::string> webm = FfmpegArguments(VideoFormat::kWebm, 10, "out.tmp", &mix);
  EXPECT_TRUE(has(webm, {"-c:a", "libopus"}));
}

// The same frames give the same bytes; the index (moov) comes before the
// pictures (mdat) in an MP4.
TEST_F(VideoEncoderTest, TheSameFramesGiveTheSameBytes) {
  std::string first = Encode(VideoFormat::kMp4, "a.mp4");
  ASSERT_GT(first.size(), 100u);
  EXPECT_EQ(first.substr(4, 4), "ftyp");
  size_t moov = first.find("moov");
  size_t mdat = first.find("mdat");
  EXPECT_LT(moov, mdat);
  EXPECT_EQ(first, Encode(VideoFormat::kMp4, "b.mp4"));
  std::string webm = Encode(VideoFormat::kWebm, "a.webm");
  EXPECT_EQ(webm.substr(0, 4), "\x1a\x45\xdf\xa3");  // EBML
  EXPECT_EQ(webm, Encode(VideoFormat::kWebm, "b.webm"));
}

TEST_F(VideoEncoderTest, NoFfmpegIsAnErrorThatSaysWhatToDo) {
  std::string error;
  EXPECT_FALSE(VideoEncoder::Start("/nonexistent/ffmpeg", VideoFormat::kMp4, 30,
                                   folder_->Inside("x.mp4"), &error));
  EXPECT_EQ(error,
            "ffmpeg (/nonexistent/ffmpeg) cannot be started: No such file or directory; install "
            "Debian's ffmpeg or name another with CINC_FFMPEG");
}

// Frames ffmpeg cannot read: Finish fails with its words; it is reaped.
TEST_F(VideoEncoderTest, AFailingEncodeIsAnErrorWithItsLastWords) {
  std::string error;
  std::unique_ptr<VideoEncoder> encoder =
      VideoEncoder::Start(FfmpegProgram(), VideoFormat::kMp4, 30, folder_->Inside("x.mp4"), &error);
  ASSERT_TRUE(encoder) << error;
  int pid = encoder->pid();
  encoder->Write("this is not a PNG", &error);
  EXPECT_FALSE(encoder->Finish(kFinish, &error));
  EXPECT_EQ(error.rfind("ffmpeg (" + FfmpegProgram() + ") exited with status ", 0), 0u) << error;
  EXPECT_NE(error.find("; its last words: "), std::string::npos) << error;
  EXPECT_EQ(waitpid(pid, nullptr, WNOHANG), -1);
  EXPECT_EQ(errno, ECHILD);
  EXPECT_FALSE(encoder->Finish(kFinish, &error));
  EXPECT_EQ(error.rfind("ffmpeg (" + FfmpegProgram() + ") has stopped", 0), 0u) << error;
}

}  // namespace
}  // namespace cinc
