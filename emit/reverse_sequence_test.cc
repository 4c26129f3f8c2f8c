// The reversed sequence against its definition: what it plays at τ is what
// the forward one plays at D − τ (sequence/interpolation.h plays both), and
// the mirrored eases, shots, cues and clips worked out by hand.
#include "emit/reverse_sequence.h"

#include <gtest/gtest.h>

#include <cmath>

#include "sequence/interpolation.h"
#include "sequence/test_keys.h"

namespace cinc {
namespace {

using testing::MakeKey;

// Every shape of segment: an eased linear move, a step hold, a Hermite arc
// with a missing in_tangent, a bezier, a smooth stretch and a jump pair.
Keys EverySegment() {
  Keys keys;
  Key eased = MakeKey(0, {0, 1, 2}, Interpolation::kLinear);
  eased.ease = std::array<double, 4>{0.42, 0, 1, 1};
  keys.push_back(eased);
  keys.push_back(MakeKey(1, {1, 1, 0}, Interpolation::kStep));
  Key arc = MakeKey(1.5, {2, 0, 0}, Interpolation::kHermite);
  arc.out_tangent = std::vector<double>{3, -1, 0.5};
  keys.push_back(arc);
  Key bent = MakeKey(2.5, {0, 2, 1}, Interpolation::kBezier);
  bent.in_tangent = std::vector<double>{0.5, 0, 0};  // arriving Hermite tangent, units/s
  bent.out_tangent = std::vector<double>{0.2, 0.3, -0.1};
  keys.push_back(bent);
  Key landing = MakeKey(3, {1, 1, 1}, Interpolation::kSmooth);
  landing.in_tangent = std::vector<double>{-0.3, 0.1, 0};
  keys.push_back(landing);
  keys.push_back(MakeKey(3.5, {2, 2, 2}, Interpolation::kSmooth));
  keys.push_back(MakeKey(std::nextafter(4.0, 0.0), {3, 1, 0}, Interpolation::kStep));
  keys.push_back(MakeKey(4, {5, 5, 5}, Interpolation::kLinear));
  keys.push_back(MakeKey(4.5, {6, 5, 4}, Interpolation::kStep));
  return keys;
}

TEST(MirroredKeysTest, PlaysTheForwardCurveBackwards) {
  const double duration = 5;
  Keys forward = EverySegment();
  Keys backward = MirroredKeys(forward, duration);
  for (size_t k = 1; k < backward.size(); ++k) {
    ASSERT_GT(backward[k].t, backward[k - 1].t) << k;
  }
  EXPECT_EQ(backward.back().interp, Interpolation::kStep);
  // Away from the jumps (at 1.5, where the step ends, and 4), to rounding.
  for (int step = 0; step <= 5000; ++step) {
    double tau = step / 1000.0;
    double t = duration - tau;
    if (std::abs(t - 1.5) < 1e-9 || std::abs(t - 4) < 1e-9) continue;
    ChannelSample expected = SampleChannel(forward, t);
    ChannelSample played = SampleChannel(backward, tau);
    for (int c = 0; c < 3; ++c) ASSERT_NEAR(played[c], expected[c], 1e-12) << "tau " << tau;
  }
  // At a step's jump the mirrored curve takes the value forward takes
  // there, and the held value just after.
  EXPECT_EQ(SampleChannel(backward, duration - 1.5), (ChannelSample{2, 0, 0}));
  EXPECT_EQ(SampleChannel(backward, duration - 1.4), (ChannelSample{1, 1, 0}));
  EXPECT_EQ(SampleChannel(backward, duration - 4), (ChannelSample{5, 5, 5}));
}

TEST(MirroredKeysTest, EasesHermiteAndBezierByHand) {
  Keys forward = EverySegment();
  Keys backward = MirroredKeys(forward, 5);
  // ease-in (0.42, 0, 1, 1) leaving 0 runs backwards as ease-out (0, 0, 0.58, 1)
  // leaving the mirror of the key at 1.
  const Key* at_four = nullptr;
  for (const Key& key : backward) {
    if (key.t == 4 && key.interp == Interpolation::kLinear) at_four = &key;
  }
  ASSERT_NE(at_four, nullptr);
  ASSERT_TRUE(at_four->ease.has_value());
  EXPECT_EQ(*at_four->ease, (std::array<double, 4>{0, 0, 1 - 0.42, 1}));
  // The arc from 1.5 to 2.5 comes back over [2.5, 3.5]: it leaves with the
  // negated arriving tangent (0.5, 0, 0) and arrives with -(3, -1, 0.5).
  const Key* arc = nullptr;
  for (const Key& key : backward) {
    if (key.t == 2.5) arc = &key;
  }
  ASSERT_NE(arc, nullptr);
  EXPECT_EQ(arc->interp, Interpolation::kHermite);
  EXPECT_EQ(*arc->out_tangent, (std::vector<double>{-0.5, -0, -0}));
  const Key* arc_end = nullptr;
  for (const Key& key : backward) {
    if (key.t == 3.5) arc_end = &key;
  }
  ASSERT_NE(arc_end, nullptr);
  EXPECT_EQ(*arc_end->in_tangent, (std::vector<double>{-3, 1, -0.5}));
  // The bezier from 2.5 to 3 comes back over [2, 2.5]: the offsets swap ends.
  const Key* bezier = nullptr;
  for (const Key& key : backward) {
    if (key.t == 2) bezier = &key;
  }
  ASSERT_NE(bezier, nullptr);
  EXPECT_EQ(bezier->interp, Interpolation::kBezier);
  EXPECT_EQ(*bezier->out_tangent, (std::vector<double>{-0.3, 0.1, 0}));
}

TEST(MirroredKeysTest, OneKeyIsAHold) {
  Keys one = {MakeKey(0, {7}, Interpolation::kStep)};
  Keys backward = MirroredKeys(one, 3);
  ASSERT_EQ(backward.size(), 1u);
  EXPECT_EQ(backward[0].t, 3);
  EXPECT_EQ(backward[0].value, std::vector<double>{7});
  EXPECT_EQ(SampleChannel(backward, 0)[0], 7);
}

SequenceCue Cue(double t, std::string kind, std::string name, Json data = nullptr,
                std::optional<std::string> target = std::nullopt) {
  SequenceCue cue;
  cue.t = t;
  cue.kind = std::move(kind);
  cue.name = std::move(name);
  cue.target = std::move(target);
  if (!data.is_null()) cue.data = std::move(data);
  return cue;
}

Json FadeData(double from, double to, double duration, Json ease) {
  return Json{{"from", from}, {"to", to}, {"duration", duration}, {"ease", std::move(ease)}};
}

TEST(ReversedSequenceTest, ShotsCuesChaptersAndClipsByHand) {
  Sequence forward;
  forward.name = "box";
  forward.duration = 10;
  CameraTrack camera;
  camera.shots = {CameraShot{0, "wide", std::nullopt, std::nullopt},
                  CameraShot{2, "close", 1.5, std::array<double, 4>{0.42, 0, 1, 1}},
                  CameraShot{6, "top", std::nullopt, std::nullopt}};
  camera.fov = {MakeKey(0, {40}, Interpolation::kStep)};
  CuesTrack cues;
  cues.cues = {
      Cue(0, "vfx", "opacity", FadeData(0, 0, 0, "linear"), "lid"),
      Cue(1, "marker", "Step 1", Json{{"label", "Step 1"}, {"node", "lid.in"}, {"end", 3}}),
      Cue(1, "vfx", "opacity", FadeData(0, 1, 2, "ease-in"), "lid"),
      Cue(1, "script", "tighten", nullptr, "lid"),
      Cue(7, "vfx", "opacity", FadeData(1, 0, 2, "step"), "lid"),
      Cue(8, "vfx", "opacity", FadeData(0, 0.5, 4, "linear"), "lid"),  // cuts the step short
  };
  AudioTrack audio;
  AudioClip whirr;
  whirr.start = 1;
  whirr.sound = "whirr";
  whirr.duration = 2;
  AudioClip click;
  click.start = 5;
  click.sound = "click";
  audio.clips = {whirr, click};
  forward.tracks = {camera, cues, audio};
  Sequence backward = ReversedSequence(forward);
  EXPECT_EQ(backward.name, "box");
  EXPECT_EQ(backward.duration, 10);
  const auto& shots = std::get<CameraTrack>(backward.tracks[0]).shots;
  ASSERT_EQ(shots.size(), 3u);
  // top from 0; the cut at 6 back to close just after 4 (at 4 itself the
  // forward state at 6, top, shows); the blend [2, 3.5] from
  // wide to close back as a blend to wide over [6.5, 8] with ease-out.
  EXPECT_EQ(shots[0].camera, "top");
  EXPECT_EQ(shots[0].start, 0);
  EXPECT_EQ(shots[1].camera, "close");
  EXPECT_EQ(shots[1].start, std::nextafter(4.0, 5.0));
  EXPECT_FALSE(shots[1].blend);
  EXPECT_EQ(shots[2].camera, "wide");
  EXPECT_EQ(shots[2].start, 6.5);
  EXPECT_EQ(shots[2].blend, 1.5);
  EXPECT_EQ(*shots[2].blend_ease, (std::array<double, 4>{0, 0, 1 - 0.42, 1}));

  const auto& back_cues = std::get<CuesTrack>(backward.tracks[1]).cues;
  ASSERT_EQ(back_cues.size(), 7u);
  auto expect_fade = [](const SequenceCue& cue, double t, double from, double to, double duration,
                        const Json& ease) {
    EXPECT_EQ(cue.t, t);
    EXPECT_EQ(cue.name, "opacity");
    EXPECT_EQ(cue.data.ToJson(), FadeData(from, to, duration, ease));
  };
  // The lid ends at 0 + 0.5 * 2 / 4 = 0.25 (the last fade half way at 10).
  expect_fade(back_cues[0], 0, 0.25, 0.25, 0, "linear");
  // The last fade [8, 10], still running at the end: back from 0.25 to 0 over [0, 2].
  expect_fade(back_cues[1], 0, 0.25, 0, 2, "linear");
  // The step [7, 9) cut at 8 held 1: back, a jump to 1 just after 2.
  expect_fade(back_cues[2], std::nextafter(2.0, 3.0), 1, 1, 0, "linear");
  // The chapter [1, 3] becomes [7, 9]; the fade-in [1, 3] a fade-out over
  // [7, 9] with ease-out; the script cue at 9. Later cues of one instant first.
  expect_fade(back_cues[3], 7, 1, 0, 2, "ease-out");
  EXPECT_EQ(back_cues[4].kind, "marker");
  EXPECT_EQ(back_cues[4].t, 7);
  EXPECT_EQ(back_cues[4].data.ToJson()["end"], 9);
  EXPECT_EQ(back_cues[5].kind, "script");
  EXPECT_EQ(back_cues[5].t, 9);
  expect_fade(back_cues[6], 10, 0, 0, 0, "linear");

  const auto& clips = std::get<AudioTrack>(backward.tracks[2]).clips;
  ASSERT_EQ(clips.size(), 2u);
  EXPECT_EQ(clips[0].sound, "click");  // no duration: from D - S
  EXPECT_EQ(clips[0].start, 5);
  EXPECT_EQ(clips[1].sound, "whirr");  // [1, 3) plays from 7
  EXPECT_EQ(clips[1].start, 7);
}

}  // namespace
}  // namespace cinc

namespace cinc {
namespace {

// Two forward cues tracks (260 fades: 130 objects, two each; a highlight)
// mirror as one list: 130 starting cues + 261 = 391 cues, cut 256 + 135,
// and a highlight's [t, end] comes back as [D - end, D - t].
TEST(ReversedSequenceTest, CuesTracksAreMirroredWholeAndCutAgain) {
  Sequence forward;
  forward.name = "many";
  forward.duration = 10;
  std::vector<SequenceCue> all;
  for (int object = 0; object < 130; ++object) {
    const std::string name = "o" + std::to_string(object);
    all.push_back(Cue(0, "vfx", "opacity", FadeData(0, 0, 0, "linear"), name));
    all.push_back(Cue(1, "vfx", "opacity", FadeData(0, 1, 1, "linear"), name));
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const SequenceCue& a, const SequenceCue& b) { return a.t < b.t; });
  all.push_back(Cue(2, "vfx", "highlight", Json{{"end", 5}}, "o1"));
  CuesTrack first;
  CuesTrack second;
  first.cues.assign(all.begin(), all.begin() + 256);
  second.cues.assign(all.begin() + 256, all.end());
  forward.tracks = {first, second};
  Sequence backward = ReversedSequence(forward);
  ASSERT_EQ(backward.tracks.size(), 2u);
  const auto& back_first = std::get<CuesTrack>(backward.tracks[0]).cues;
  const auto& back_second = std::get<CuesTrack>(backward.tracks[1]).cues;
  EXPECT_EQ(back_first.size(), 256u);
  EXPECT_EQ(back_second.size(), 130u + 261u - 256u);
  int highlights = 0;
  for (const auto* cues : {&back_first, &back_second}) {
    for (const SequenceCue& cue : *cues) {
      if (cue.name != "highlight") continue;
      ++highlights;
      EXPECT_EQ(cue.t, 5);
      EXPECT_EQ(cue.data.ToJson()["end"], 8);
    }
  }
  EXPECT_EQ(highlights, 1);
}

}  // namespace
}  // namespace cinc
