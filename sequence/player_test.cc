// The playhead, one test per playback rule (docs/sequence-format.md "The playhead").
#include "sequence/player.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sequence/recorded_sequence.h"

namespace cinc {
namespace {

// 4 s: cues at 0, 1, 3 and 4 (track 0); clips (track 1): "a" 1..3, "b" from 3
// without duration, "c" 2..5 (past the end: no stop edge).
Sequence Timeline(bool loop = false) {
  Sequence sequence;
  sequence.name = "player";
  sequence.duration = 4;
  sequence.loop = loop;
  CuesTrack cues;
  for (double t : {0.0, 1.0, 3.0, 4.0}) {
    cues.cues.push_back({t, "marker", "m" + std::to_string(static_cast<int>(t)), {}, {}});
  }
  sequence.tracks.push_back(cues);
  AudioTrack audio;
  audio.clips = {
      {1, "a", {}, 2.0, {}, {}, {}}, {3, "b", {}, {}, {}, {}, {}}, {2, "c", {}, 3.0, {}, {}, {}}};
  sequence.tracks.push_back(audio);
  return sequence;
}

// "cue@t", "start:clip@t", "stop:clip@t" (lap suffix "/L" when not 0).
std::vector<std::string> Names(const AdvanceResult& result) {
  std::vector<std::string> names;
  for (const PlaybackEvent& event : result.events) {
    std::string name = event.kind == PlaybackEventKind::kCue ? "cue"
                       : event.kind == PlaybackEventKind::kAudioStart
                           ? "start:" + std::to_string(event.index)
                           : "stop:" + std::to_string(event.index);
    char time[32];
    std::snprintf(time, sizeof time, "@%g", event.t);
    name += time;
    if (event.lap != 0) name += "/" + std::to_string(event.lap);
    names.push_back(name);
  }
  return names;
}

using Events = std::vector<std::string>;

TEST(Player, TheTimelinesOfTheseTestsAreValidSequences) {
  testing::ExpectValidSequence(Timeline(/*loop=*/false));
  testing::ExpectValidSequence(Timeline(/*loop=*/true));
}

TEST(Player, StartingInASceneChecksTargetsAndStillPlays) {
  Sequence sequence = Timeline();
  TransformTrack ghost;
  ghost.target = "ghost";
  sequence.tracks.push_back(ghost);
  Diagnostics diagnostics("player.sequence.json");
  Player player = StartPlayback(sequence, RuntimeScene{{"lid"}, {}, "CinemaCamera"}, &diagnostics);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code_name(), "E_CINEMA_TARGET");
  EXPECT_EQ(diagnostics.items()[0].path, "/tracks/2/target");
  EXPECT_EQ(diagnostics.items()[0].message, "track target 'ghost' is not in the scene");
  EXPECT_TRUE(player.playing());
  EXPECT_EQ(Names(player.Advance(1)), (Events{"cue@0", "start:0@1", "cue@1"}));

  Diagnostics clean;
  Player fine = StartPlayback(Timeline(), RuntimeScene{{"lid"}, {}, "CinemaCamera"}, &clean);
  EXPECT_TRUE(clean.items().empty());
  EXPECT_TRUE(fine.playing());
}

TEST(Player, FirstAdvanceAfterAStartIncludesItsFromSoACueAtZeroFiresOnce) {
  Player player(Timeline());
  EXPECT_FALSE(player.playing());
  EXPECT_EQ(Names(player.Advance(1)), Events{});  // not playing: nothing moves
  EXPECT_EQ(player.time(), 0);
  player.Play();
  EXPECT_EQ(Names(player.Advance(0)), Events{"cue@0"});
  EXPECT_EQ(Names(player.Advance(0)), Events{});
  EXPECT_EQ(Names(player.Advance(1)), (Events{"start:0@1", "cue@1"}));  // (0, 1]
}

TEST(Player, PauseKeepsTheTimeAndResumingDoesNotRefire) {
  Player player(Timeline());
  player.Play();
  player.Advance(1);
  player.Pause();
  EXPECT_FALSE(player.playing());
  EXPECT_EQ(player.Advance(1).events.size(), 0u);
  EXPECT_EQ(player.time(), 1);
  player.Play();
  EXPECT_EQ(player.time(), 1);
  EXPECT_EQ(Names(player.Advance(0.5)), Events{});  // the cue at 1 fired already
}

TEST(Player, SeekFiresNothingAndOnlyASeekToZeroIncludesFrom) {
  Player player(Timeline());
  player.Play();
  EXPECT_TRUE(player.Seek(1));
  EXPECT_EQ(Names(player.Advance(1)), (Events{"start:2@2"}));  // (1, 2]
  EXPECT_TRUE(player.Seek(-5));                                // clamped to 0
  EXPECT_EQ(player.time(), 0);
  EXPECT_EQ(Names(player.Advance(0.5)), Events{"cue@0"});
  EXPECT_FALSE(player.Seek(NAN));
  EXPECT_EQ(player.time(), 0.5);
  EXPECT_TRUE(player.Seek(99));
  EXPECT_EQ(player.time(), 4);
}

TEST(Player, NonLoopingEndStopsAndHoldsThenPlayRestarts) {
  Player player(Timeline());
  player.Play();
  player.Seek(2.5);
  AdvanceResult result = player.Advance(10);
  EXPECT_EQ(Names(result), (Events{"stop:0@3", "start:1@3", "cue@3", "cue@4"}));
  EXPECT_TRUE(result.finished);
  EXPECT_EQ(result.to, 4);
  EXPECT_EQ(player.time(), 4);
  EXPECT_FALSE(player.playing());
  EXPECT_TRUE(player.finished());
  player.Play();  // after the end: from 0 again, the cue at 0 fires again
  EXPECT_EQ(player.time(), 0);
  EXPECT_FALSE(player.finished());
  EXPECT_EQ(Names(player.Advance(0.5)), Events{"cue@0"});
}

TEST(Player, StopGoesToZero) {
  Player player(Timeline());
  player.Play();
  player.Advance(2);
  player.Stop();
  EXPECT_EQ(player.time(), 0);
  EXPECT_FALSE(player.playing());
  player.Play();
  EXPECT_EQ(Names(player.Advance(0)), Events{"cue@0"});
}

TEST(Player, LoopingWrapsAndFiresEveryLap) {
  Player player(Timeline(/*loop=*/true));
  EXPECT_TRUE(player.looping());
  player.Play();
  AdvanceResult result = player.Advance(9);  // [0, 4], [0, 4], [0, 1]
  EXPECT_EQ(result.wraps, 2);
  EXPECT_EQ(Names(result),
            (Events{"cue@0", "start:0@1", "cue@1", "start:2@2", "stop:0@3", "start:1@3", "cue@3",
                    "cue@4", "cue@0/1", "start:0@1/1", "cue@1/1", "start:2@2/1", "stop:0@3/1",
                    "start:1@3/1", "cue@3/1", "cue@4/1", "cue@0/2", "start:0@1/2", "cue@1/2"}));
  EXPECT_EQ(player.time(), 1);
  EXPECT_TRUE(player.playing());
  EXPECT_FALSE(player.finished());
  // Landing exactly on the end wraps to 0, and the new lap includes 0.
  player.Seek(3.5);
  EXPECT_EQ(Names(player.Advance(0.5)), (Events{"cue@4", "cue@0/1"}));
  EXPECT_EQ(player.time(), 0);
}

TEST(Player, AtMost64LapsPerAdvance) {
  Sequence sequence = Timeline(/*loop=*/true);
  sequence.tracks.pop_back();  // cues only
  Player player(sequence);
  player.Play();
  player.Seek(0.5);
  AdvanceResult result = player.Advance(4 * 1000 + 1);
  EXPECT_EQ(result.wraps, kMaxLapsPerAdvance);
  int cues_at_one = 0;
  for (const PlaybackEvent& event : result.events) {
    cues_at_one += event.t == 1;
    EXPECT_LT(event.lap, kMaxLapsPerAdvance);
  }
  EXPECT_EQ(cues_at_one, kMaxLapsPerAdvance);
  EXPECT_EQ(player.time(), 1.5);  // where 4001 s from 0.5 lands: (0.5 + 4001) mod 4
}

TEST(Player, SpeedScalesTheStepWithinZeroToSixteen) {
  Player player(Timeline());
  player.Play();
  player.Advance(0);
  player.set_speed(2);
  player.Advance(0.5);
  EXPECT_EQ(player.time(), 1);
  player.set_speed(100);
  EXPECT_EQ(player.speed(), 16);
  player.set_speed(-1);
  EXPECT_EQ(player.speed(), 0);
  EXPECT_EQ(Names(player.Advance(1)), Events{});
  EXPECT_EQ(player.time(), 1);
  player.set_speed(1);
  player.Advance(-3);  // a negative step is no step
  player.Advance(INFINITY);
  EXPECT_EQ(player.time(), 1);
}

}  // namespace
}  // namespace cinc
