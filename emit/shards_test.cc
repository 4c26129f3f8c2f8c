#include "emit/shards.h"

#include <gtest/gtest.h>

#include "core/test_paths.h"
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

// Worked by hand: the first shard holds 2 tracks of its own and 1 cue of
// nobody's, and each object 1 cue. Shard 1 takes n objects while
// 2 + n + ceil((1 + n) / 256) <= 256: n = 253 (2 + 253 + 1 = 256; 254 needs
// 257). Later shards while n + ceil(n / 256) <= 256: n = 255.
TEST(AssignShardsTest, GreedyInFileOrder) {
  std::vector<size_t> shards = AssignShards(2, 1, std::vector<size_t>(600, 1));
  ASSERT_EQ(shards.size(), 600u);
  EXPECT_EQ(shards[0], 0u);
  EXPECT_EQ(shards[252], 0u);
  EXPECT_EQ(shards[253], 1u);
  EXPECT_EQ(shards[507], 1u);
  EXPECT_EQ(shards[508], 2u);
  EXPECT_EQ(shards[599], 2u);
}

// An object with 1,000 cues needs 1 + 4 tracks; the next object would make
// the shard 2 + 4 + (the next one's 1 cue: 1001 cues, still 4 tracks) = 6.
// A shard whose own tracks are already 256 still gets its first object.
TEST(AssignShardsTest, CuesCountAndEveryShardGetsAnObject) {
  EXPECT_EQ(AssignShards(0, 0, {1000, 1}), (std::vector<size_t>{0, 0}));
  EXPECT_EQ(AssignShards(256, 0, {0, 0}), (std::vector<size_t>{0, 1}));
  EXPECT_EQ(AssignShards(250, 0, {1, 1, 1, 1, 1, 1}),
            (std::vector<size_t>{0, 0, 0, 0, 0, 1}));  // 250 + 5 + 1 = 256
  EXPECT_TRUE(AssignShards(3, 7, {}).empty());
  EXPECT_EQ(CuesTracksFor(0), 0u);
  EXPECT_EQ(CuesTracksFor(256), 1u);
  EXPECT_EQ(CuesTracksFor(257), 2u);
}

// 300 cameras and 2 more tracks of the first shard's own, beside objects:
// room for 255; the 254th camera (index 253) is the first too many.
TEST(CheckFirstShardFitsTest, TooManyCamerasPointsAtTheFirstTooMany) {
  Scene scene;
  scene.objects.resize(1);
  for (int index = 0; index < 300; ++index) {
    SceneObject camera;
    camera.name = "c" + std::to_string(index);
    camera.origin = {.location = {10 + index, 3, 0},
                     .pointer = testing::TestPath("/cameras/" + camera.name)};
    scene.cameras.push_back(camera);
  }
  Diagnostics diagnostics("scene.yaml");
  EXPECT_TRUE(CheckFirstShardFits(scene, 255, &diagnostics));
  EXPECT_FALSE(CheckFirstShardFits(scene, 302, &diagnostics));
  ASSERT_EQ(diagnostics.items().size(), 1u);
  const Diagnostic& problem = diagnostics.items()[0];
  EXPECT_EQ(problem.code, DiagnosticCode::kLimit);
  EXPECT_EQ(problem.location.line, 263);
  EXPECT_EQ(problem.location.column, 3);
  EXPECT_EQ(problem.path, "/cameras/c253");
  EXPECT_EQ(problem.message,
            "the first sequence file would need 302 tracks for 300 cameras and 2 camera, time, "
            "audio and cue tracks, more than the 255 it holds; use fewer cameras");
  // Without objects the whole 256 is the first shard's.
  scene.objects.clear();
  EXPECT_TRUE(CheckFirstShardFits(scene, 256, &diagnostics));
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
