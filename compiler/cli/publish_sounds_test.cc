#include "compiler/cli/publish_sounds.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace cinc {
namespace {

class PublishSoundsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ =
        std::filesystem::temp_directory_path() /
        ("cinc-sounds-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(folder_);
    std::filesystem::create_directories(folder_);
    for (const char* name : {"click.ogg", "click.flac", "hum.flac", "drone.mp3"}) {
      std::ofstream(folder_ / name) << "x";
    }
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  std::filesystem::path folder_;
};

TEST_F(PublishSoundsTest, ClipsAndSoundCuesFindTheirFilesInOrder) {
  AudioTrack audio;
  audio.clips.push_back({.start = 1.5,
                         .sound = "click",
                         .offset = 0.25,
                         .duration = 0.5,
                         .volume = 0.8,
                         .fade_in = 0.1,
                         .fade_out = 0.2});
  audio.clips.push_back({.start = 2, .sound = "drone"});
  CuesTrack cues;
  cues.cues.push_back({.t = 0.5, .kind = "sound", .name = "hum"});
  cues.cues.push_back({.t = 0.7, .kind = "vfx", .name = "click"});
  cues.cues.push_back({.t = 0.9, .kind = "sound", .name = "drone"});
  Sequence sequence{.duration = 3, .tracks = {audio, cues}};
  Diagnostics diagnostics("scene.yaml");
  const std::string folder = folder_.string() + "/";
  std::vector<MixClip> clips = FindSounds(sequence, folder, &diagnostics);
  ASSERT_EQ(clips.size(), 2u);
  // .ogg before .flac; the clip's fields as they are.
  EXPECT_EQ(clips[0].file, folder_.string() + "/click.ogg");
  EXPECT_EQ(clips[0].start, 1.5);
  EXPECT_EQ(clips[0].offset, 0.25);
  EXPECT_EQ(clips[0].duration, 0.5);
  EXPECT_EQ(clips[0].volume, 0.8);
  EXPECT_EQ(clips[0].fade_in, 0.1);
  EXPECT_EQ(clips[0].fade_out, 0.2);
  // A sound cue: whole, at gain 1, from its time.
  EXPECT_EQ(clips[1].file, folder_.string() + "/hum.flac");
  EXPECT_EQ(clips[1].start, 0.5);
  EXPECT_EQ(clips[1].offset, 0);
  EXPECT_FALSE(clips[1].duration);
  EXPECT_EQ(clips[1].volume, 1);
  // drone.mp3 is not one of the kinds; one warning for its two uses.
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code, DiagnosticCode::kSoundMissing);
  EXPECT_EQ(diagnostics.items()[0].severity, Severity::kWarning);
  EXPECT_EQ(diagnostics.items()[0].message,
            "sound 'drone' has no file in " + folder +
                " (drone.wav, drone.ogg or drone.flac); the video is mixed without it");
}

TEST_F(PublishSoundsTest, NamesThatLeaveTheFolderAreNotLookedUp) {
  std::ofstream(folder_.parent_path() / "outside.wav") << "x";
  AudioTrack audio;
  audio.clips.push_back({.start = 0, .sound = "../outside"});
  audio.clips.push_back({.start = 0, .sound = "sub/click"});
  Sequence sequence{.duration = 1, .tracks = {audio}};
  Diagnostics diagnostics("scene.yaml");
  EXPECT_TRUE(FindSounds(sequence, folder_.string(), &diagnostics).empty());
  ASSERT_EQ(diagnostics.items().size(), 2u);
  EXPECT_EQ(diagnostics.items()[0].message,
            "sound '../outside' is not looked up: a sound's name may not hold '/' or '..'; the "
            "video is mixed without it");
  EXPECT_EQ(diagnostics.items()[1].message,
            "sound 'sub/click' is not looked up: a sound's name may not hold '/' or '..'; the "
            "video is mixed without it");
  std::filesystem::remove(folder_.parent_path() / "outside.wav");
}

}  // namespace
}  // namespace cinc
