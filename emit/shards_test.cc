#include "emit/shards.h"

#include <gtest/gtest.h>

#include "sequence/validator.h"

namespace cinc {
namespace {

SequenceCue Cue(double t, std::optional<std::string> target) {
  SequenceCue cue;
  cue.t = t;
  cue.kind = "marker";
  cue.name = "c";
  cue.target = std::move(target);
  return cue;
}

// `objects` object tracks o0, o1, ..., the camera `cam`'s transform track and
// a camera track, then one cues track per 256 of: a director cue (no
// target) at 0, then one cue at 1 per object.
Sequence ManyObjects(int objects, std::vector<std::string>* names) {
  Sequence sequence;
  sequence.name = "big";
  sequence.duration = 2;
  for (int index = 0; index < objects; ++index) {
    names->push_back("o" + std::to_string(index));
    sequence.tracks.push_back(TransformTrack{names->back(), {}, {}, {}});
  }
  sequence.tracks.push_back(TransformTrack{"cam", {}, {}, {}});
  sequence.tracks.push_back(CameraTrack{});
  std::vector<SequenceCue> cues = {Cue(0, std::nullopt)};
  for (const std::string& name : *names) cues.push_back(Cue(1, name));
  for (size_t first = 0; first < cues.size(); first += 256) {
    CuesTrack track;
    track.cues.assign(cues.begin() + first, cues.begin() + std::min(cues.size(), first + 256));
    sequence.tracks.push_back(track);
  }
  return sequence;
}

std::string Target(const Track& track) { return std::get<TransformTrack>(track).target; }

TEST(ShardSequenceTest, UpTo256TracksIsOneShardUnchanged) {
  std::vector<std::string> names;
  Sequence sequence = ManyObjects(253, &names);  // 253 + 2 + a cues track of 254 = 256
  ASSERT_EQ(sequence.tracks.size(), 256u);
  std::vector<Sequence> shards = ShardSequence(sequence, names);
  ASSERT_EQ(shards.size(), 1u);
  EXPECT_EQ(shards[0].name, "big");
  EXPECT_EQ(shards[0].tracks.size(), 256u);
}

// 300 objects, cam, camera track, 301 cues. Shard 1: cam, the camera track
// and n objects with the director cue and theirs: 2 + n + ceil((1 + n) / 256)
// <= 256 gives n = 253 (one cues track of 254). Shard 2: o253..o299 (47) and
// one cues track of their 47 cues.
TEST(ShardSequenceTest, SplitsObjectsInFileOrderWithTheirCues) {
  std::vector<std::string> names;
  Sequence sequence = ManyObjects(300, &names);
  std::vector<Sequence> shards = ShardSequence(sequence, names);
  ASSERT_EQ(shards.size(), 2u);
  EXPECT_EQ(shards[0].name, "big");
  EXPECT_EQ(shards[1].name, "big.2");
  ASSERT_EQ(shards[0].tracks.size(), 256u);
  EXPECT_EQ(Target(shards[0].tracks[0]), "o0");
  EXPECT_EQ(Target(shards[0].tracks[252]), "o252");
  EXPECT_EQ(Target(shards[0].tracks[253]), "cam");
  EXPECT_TRUE(std::holds_alternative<CameraTrack>(shards[0].tracks[254]));
  const auto& first_cues = std::get<CuesTrack>(shards[0].tracks[255]).cues;
  ASSERT_EQ(first_cues.size(), 254u);
  EXPECT_FALSE(first_cues[0].target.has_value());
  EXPECT_EQ(*first_cues[253].target, "o252");
  ASSERT_EQ(shards[1].tracks.size(), 48u);
  EXPECT_EQ(Target(shards[1].tracks[0]), "o253");
  EXPECT_EQ(Target(shards[1].tracks[46]), "o299");
  const auto& second_cues = std::get<CuesTrack>(shards[1].tracks[47]).cues;
  ASSERT_EQ(second_cues.size(), 47u);
  EXPECT_EQ(*second_cues[0].target, "o253");
  for (const Sequence& shard : shards) {
    EXPECT_EQ(shard.duration, 2);
    EXPECT_EQ(shard.version, 1);
  }
}

// 600 objects without cues: 256 per shard apart from the first's cam and
// camera track: 254, 256, 90.
TEST(ShardSequenceTest, FillsEveryShard) {
  std::vector<std::string> names;
  Sequence sequence;
  sequence.name = "big";
  for (int index = 0; index < 600; ++index) {
    names.push_back("o" + std::to_string(index));
    sequence.tracks.push_back(TransformTrack{names.back(), {}, {}, {}});
  }
  sequence.tracks.push_back(TransformTrack{"cam", {}, {}, {}});
  sequence.tracks.push_back(CameraTrack{});
  std::vector<Sequence> shards = ShardSequence(sequence, names);
  ASSERT_EQ(shards.size(), 3u);
  EXPECT_EQ(shards[0].tracks.size(), 256u);
  EXPECT_EQ(shards[1].tracks.size(), 256u);
  EXPECT_EQ(shards[2].tracks.size(), 90u);
  EXPECT_EQ(shards[2].name, "big.3");
  EXPECT_EQ(Target(shards[2].tracks[0]), "o510");
}

TEST(ShardNameTest, ALongNameGivesWayToTheNumber) {
  EXPECT_EQ(ShardName("crowd", 2), "crowd.2");
  std::string longest(128, 'n');
  EXPECT_EQ(ShardName(longest, 2), std::string(126, 'n') + ".2");
  EXPECT_EQ(ShardName(longest, 12), std::string(125, 'n') + ".12");
  EXPECT_EQ(ShardName(std::string(126, 'n'), 2), std::string(126, 'n') + ".2");
  // The shards of a 128-character name are valid sequences.
  Sequence sequence;
  sequence.name = longest;
  sequence.duration = 1;
  for (int index = 0; index < 300; ++index) {
    TransformTrack track;
    track.target = "o" + std::to_string(index);
    sequence.tracks.push_back(track);
  }
  std::vector<std::string> names;
  for (int index = 0; index < 300; ++index) names.push_back("o" + std::to_string(index));
  std::vector<Sequence> shards = ShardSequence(sequence, names);
  ASSERT_EQ(shards.size(), 2u);
  EXPECT_EQ(shards[1].name, std::string(126, 'n') + ".2");
  for (const Sequence& shard : shards) {
    Diagnostics diagnostics;
    EXPECT_TRUE(ValidateEmittedSequence(shard, &diagnostics));
  }
}

TEST(ShardFilePathTest, NumbersBeforeTheExtension) {
  EXPECT_EQ(ShardFilePath("out/a.sequence.json", 2), "out/a.2.sequence.json");
  EXPECT_EQ(ShardFilePath("a.json", 3), "a.3.json");
  EXPECT_EQ(ShardFilePath("a", 2), "a.2");
  EXPECT_EQ(ShardFilePath(".json", 2), ".json.2");
}

}  // namespace
}  // namespace cinc
