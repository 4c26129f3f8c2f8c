// A scene's disassembly in its sequence (docs/reverse.md "Disassembly in
// the scene"): keys cut on their curve, checked in closed form; cues, shots
// and clips at times worked out by hand.
#include "emit/disassembly_sequence.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "sequence/interpolation.h"
#include "sequence/test_keys.h"

namespace cinc {
namespace {

using testing::MakeKey;

ExactTime Time(int64_t numerator, int64_t denominator = 1) {
  return ExactTime::FromRatio(numerator, denominator);
}

TEST(DisassemblySequenceTest, KeysWithinCutALinearMoveOnItsLine) {
  // 0 -> 4 over [0, 2]: at t the value is 2t.
  Keys keys = {MakeKey(0, {0}, Interpolation::kLinear), MakeKey(2, {4}, Interpolation::kStep)};
  Keys cut = KeysWithin(keys, 0.5, 1.25);
  ASSERT_EQ(cut.size(), 2u);
  EXPECT_EQ(cut[0].t, 0.5);
  EXPECT_EQ(cut[0].value[0], 1);
  EXPECT_EQ(cut[1].t, 1.25);
  EXPECT_EQ(cut[1].value[0], 2.5);
  // Past the keys: the last value held, a key at each end.
  Keys after = KeysWithin(keys, 3, 4);
  ASSERT_EQ(after.size(), 2u);
  EXPECT_EQ(after[0].t, 3);
  EXPECT_EQ(after[0].value[0], 4);
  EXPECT_EQ(after[1].t, 4);
  EXPECT_EQ(after[1].value[0], 4);
}

TEST(DisassemblySequenceTest, KeysWithinCutAHermiteArcWithItsTangent) {
  // 0 -> 1 over [0, 1], tangents 0: v = 3t^2 - 2t^3, v' = 6t - 6t^2.
  Key start = MakeKey(0, {0}, Interpolation::kHermite);
  start.out_tangent = std::vector<double>{0};
  Key end = MakeKey(1, {1}, Interpolation::kStep);
  end.in_tangent = std::vector<double>{0};
  Keys cut = KeysWithin({start, end}, 0.25, 0.5);
  ASSERT_EQ(cut.size(), 2u);
  EXPECT_EQ(cut[0].t, 0.25);
  EXPECT_DOUBLE_EQ(cut[0].value[0], 3 / 16.0 - 2 / 64.0);
  EXPECT_EQ(cut[0].interp, Interpolation::kHermite);
  EXPECT_DOUBLE_EQ((*cut[0].out_tangent)[0], 1.5 - 6 / 16.0);
  EXPECT_DOUBLE_EQ(cut[1].value[0], 0.5);
  EXPECT_DOUBLE_EQ((*cut[1].in_tangent)[0], 1.5);
  // The cut plays the arc itself.
  for (double t = 0.25; t <= 0.5; t += 1 / 64.0) {
    EXPECT_NEAR(SampleChannel(cut, t)[0], 3 * t * t - 2 * t * t * t, 1e-15) << t;
  }
}

TEST(DisassemblySequenceTest, KeysWithinCutAnEasedMoveOnItsCurve) {
  Key eased = MakeKey(0, {0, 0, 0}, Interpolation::kLinear);
  eased.ease = std::array<double, 4>{0.42, 0, 0.58, 1};
  Keys keys = {eased, MakeKey(2, {2, 4, 6}, Interpolation::kStep)};
  Keys cut = KeysWithin(keys, 0.5, 1.5);
  EXPECT_EQ(cut.front().t, 0.5);
  EXPECT_EQ(cut.back().t, 1.5);
  for (double t = 0.5; t <= 1.5; t += 1 / 128.0) {
    ChannelSample whole = SampleChannel(keys, t);
    ChannelSample part = SampleChannel(cut, t);
    for (int c = 0; c < 3; ++c) EXPECT_NEAR(part[c], whole[c], 1e-9) << t;
  }
}

TEST(DisassemblySequenceTest, TheStepsComeBackAfterTheAssemblyWithTheirOwnWords) {
  // The assembly over [0, 3]: x 0 -> 3 linearly; a chapter "Step A" over
  // [0.5, 1.5], a `tighten` at 1 (its node over [1, 2]), a fade in of `box` over [0.5, 1], a sound
  // clip of 0.25 s at 1. The disassembly takes [0.5, 2.5] apart from T = 4:
  // it ends at 6 and mirrors about T + E = 6.5.
  Sequence forward;
  forward.name = "s";
  forward.duration = 3;
  TransformTrack box;
  box.target = "box";
  box.position = {MakeKey(0, {0, 0, 0}, Interpolation::kLinear),
                  MakeKey(3, {3, 0, 0}, Interpolation::kStep)};
  box.rotation = {MakeKey(0, {0, 0, 0}, Interpolation::kStep)};
  forward.tracks.push_back(box);
  CuesTrack cues;
  cues.cues.push_back(SequenceCue{0.5, "marker", "Step A", std::nullopt,
                                  Json{{"label", "Step A"}, {"node", "box.in"}, {"end", 1.5}}});
  cues.cues.push_back(
      SequenceCue{0.5, "vfx", "opacity", "box",
                  Json{{"from", 0}, {"to", 1}, {"duration", 0.5}, {"ease", "linear"}}});
  cues.cues.push_back(SequenceCue{1, "script", "tighten", "box", std::nullopt});
  forward.tracks.push_back(cues);
  AudioTrack audio;
  AudioClip click;
  click.start = 1;
  click.sound = "click";
  click.duration = 0.25;
  audio.clips.push_back(click);
  forward.tracks.push_back(audio);
  DisassemblyTimes times;
  times.start = Time(4);
  times.from = Time(1, 2);
  times.to = Time(5, 2);
  times.end = Time(6);
  times.labels = {{"Step A", "Undo A"}};
  times.actions = {{"tighten", "loosen"}};
  times.action_spans = {{"box", Time(1), Time(2)}};  // tighten's node runs over [1, 2]

  Sequence out = WithDisassembly(forward, times);
  EXPECT_EQ(out.duration, 6);
  const auto& position = std::get<TransformTrack>(out.tracks[0]).position;
  // Forward keys, then the keys of [0.5, 2.5] at 6.5 - t: 2.5 at 4, 0.5 at 6.
  ASSERT_EQ(position.size(), 4u);
  EXPECT_EQ(position[2].t, 4);
  EXPECT_EQ(position[2].value[0], 2.5);
  EXPECT_EQ(position[3].t, 6);
  EXPECT_EQ(position[3].value[0], 0.5);
  for (double tau = 0; tau <= 2; tau += 1 / 32.0) {  // x at 4 + tau is 2.5 - tau
    EXPECT_NEAR(SampleChannel(position, 4 + tau)[0], 2.5 - tau, 1e-15) << tau;
  }
  // The rotation does not move over [0.5, 2.5]: no keys added.
  EXPECT_EQ(std::get<TransformTrack>(out.tracks[0]).rotation.size(), 1u);

  const auto& played = std::get<CuesTrack>(out.tracks[1]).cues;
  std::vector<std::string> shown;
  for (const SequenceCue& cue : played) {
    shown.push_back(std::to_string(cue.t) + " " + cue.kind + " " + cue.name);
  }
  EXPECT_EQ(shown, (std::vector<std::string>{"0.500000 marker Step A", "0.500000 vfx opacity",
                                             "1.000000 script tighten",
                                             // At T the box's opacity at E (1) and the chapter,
                                             // over its step [0.5, E] backwards: [4, 6]; the fade
                                             // back over [6.5 - 1, 6.5 - 0.5]; `loosen` where the
                                             // node of `tighten` ends backwards: 6.5 - 2.
                                             "4.000000 vfx opacity", "4.000000 marker Undo A",
                                             "4.500000 script loosen", "5.500000 vfx opacity"}));
  EXPECT_EQ(played[4].data.ToJson().at("end"), 6);
  EXPECT_EQ(played[4].data.ToJson().at("label"), "Undo A");
  EXPECT_EQ(played[3].data.ToJson().at("from"), 1);
  EXPECT_EQ(played[6].data.ToJson().at("from"), 1);
  EXPECT_EQ(played[6].data.ToJson().at("to"), 0);
  EXPECT_EQ(played[6].data.ToJson().at("duration"), 0.5);
  // The clip over [1, 1.25) starts at 6.5 - 1.25 and plays forwards.
  const auto& clips = std::get<AudioTrack>(out.tracks[2]).clips;
  ASSERT_EQ(clips.size(), 2u);
  EXPECT_EQ(clips[1].start, 5.25);
}

}  // namespace
}  // namespace cinc
