#include "render/sound_mix.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

constexpr const char* kFormat =
    "aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,";

TEST(SoundMixTest, NoClipIsSilenceAsLongAsTheVideo) {
  // 15 frames at 10 fps: 1.5 s, 72000 samples.
  SoundMix mix = PlanSoundMix({}, 0, 15, 10, 1);
  EXPECT_EQ(mix.samples, 72000);
  EXPECT_TRUE(mix.inputs.empty());
  EXPECT_EQ(mix.graph,
            "anullsrc=r=48000:cl=stereo,atrim=end_sample=72000[base];"
            "[base]amix=inputs=1:duration=first:normalize=0:dropout_transition=0[aout]");
  // 7 frames at 30 fps: 0.2333 s, 11200 samples; 1 frame at 7 fps: 6857.14 -> 6857.
  EXPECT_EQ(PlanSoundMix({}, 0, 7, 30, 1).samples, 11200);
  EXPECT_EQ(PlanSoundMix({}, 0, 1, 7, 1).samples, 6857);
}

TEST(SoundMixTest, ClipsArePlacedTrimmedFadedAndLeftOut) {
  MixClip later{.file = "/s/a.wav", .start = 1.0, .volume = 0.5};
  MixClip started_before{.file = "/s/b.ogg",
                         .start = 0.25,
                         .offset = 1,
                         .duration = 0.5,
                         .fade_in = 0.1,
                         .fade_out = 0.2};
  MixClip after_the_end{.file = "/s/c.wav", .start = 2.0};
  MixClip ended_before{.file = "/s/d.wav", .start = 0, .duration = 0.5};
  MixClip at_the_start{.file = "/s/e.flac", .start = 0.5};
  // The video: 15 frames at 10 fps from 0.5 s, 72000 samples.
  SoundMix mix = PlanSoundMix({later, started_before, after_the_end, ended_before, at_the_start},
                              0.5, 15, 10, 1);
  EXPECT_EQ(mix.inputs,
            (std::vector<std::string>{"-f", "wav", "-i", "file:/s/a.wav", "-f", "ogg", "-i",
                                      "file:/s/b.ogg", "-f", "flac", "-i", "file:/s/e.flac"}));
  const std::string format = kFormat;
  EXPECT_EQ(mix.graph,
            "anullsrc=r=48000:cl=stereo,atrim=end_sample=72000[base];"
            // 1.0 - 0.5 s = 24000 samples later.
            "[1:a]" +
                format +
                "atrim=start_sample=0,asetpts=PTS-STARTPTS,volume=volume=0.5,"
                "adelay=delays=24000S:all=1[c0];"
                // From 1 s into the sound for 0.5 s, faded in over 0.1 s and out
                // over its last 0.2 s, then its first 0.25 s (before 0.5) cut.
                "[2:a]" +
                format +
                "atrim=start_sample=48000:end_sample=72000,asetpts=PTS-STARTPTS,"
                "afade=t=in:ss=0:ns=4800,afade=t=out:ss=14400:ns=9600,volume=volume=1,"
                "atrim=start_sample=12000,asetpts=PTS-STARTPTS[c1];"
                "[3:a]" +
                format +
                "atrim=start_sample=0,asetpts=PTS-STARTPTS,volume=volume=1[c2];"
                "[base][c0][c1][c2]amix=inputs=4:duration=first:normalize=0:dropout_transition=0"
                "[aout]");
}

}  // namespace
}  // namespace cinc
