#include "sequence/sequence_json.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "sequence/test_keys.h"
#include "sequence/validator.h"

namespace cinc {
namespace {

using testing::MakeKey;

TEST(SequenceJson, KeyFieldsInSpecOrderAndScalarsAsNumbers) {
  Key key = MakeKey(0.5, {60}, Interpolation::kHermite);
  key.ease = std::array<double, 4>{0.42, 0, 0.58, 1};
  key.out_tangent = std::vector<double>{2};
  key.in_tangent = std::vector<double>{-1};
  EXPECT_EQ(WriteCompactJson(KeyToJson(key)),
            R"({"t":0.5,"value":60,"interp":"hermite","in_tangent":-1,"out_tangent":2,)"
            R"("ease":[0.42,0,0.58,1]})");
  EXPECT_EQ(WriteCompactJson(KeyToJson(MakeKey(0, {1, -0.0, 2.5}, Interpolation::kStep))),
            R"({"t":0,"value":[1,0,2.5],"interp":"step"})");
}

TEST(SequenceJson, WholeFormatInTheSeedsOrder) {
  Sequence sequence;
  sequence.name = "flythrough";
  sequence.duration = 8;
  TransformTrack transform;
  transform.target = "FlyCam";
  transform.rotation = {MakeKey(0, {-8, -45, 0}, Interpolation::kLinear)};
  sequence.tracks.push_back(transform);
  CameraTrack camera;
  camera.shots = {{0, "FlyCam", std::nullopt, std::nullopt},
                  {5, "WideCam", 1.0, std::array<double, 4>{0.25, 0.1, 0.25, 1}}};
  camera.fov = {MakeKey(0, {60}, Interpolation::kLinear)};
  camera.aperture = {MakeKey(0, {2}, Interpolation::kLinear)};
  camera.shake = CameraShake{{MakeKey(5, {0}, Interpolation::kLinear)}, 9, 7, std::nullopt};
  sequence.tracks.push_back(camera);
  CuesTrack cues;
  cues.cues = {{3, "script", "beat", "Director", Json::parse(R"({"beat": 2})")},
               {4, "marker", "m", std::nullopt, std::nullopt}};
  sequence.tracks.push_back(cues);
  AudioTrack audio;
  audio.clips = {{0, "ambience", 0.5, 8, 0.7, 1, 2}, {1, "click", {}, {}, {}, {}, {}}};
  sequence.tracks.push_back(audio);
  TimeTrack time;
  time.scale = {MakeKey(5, {1}, Interpolation::kLinear)};
  sequence.tracks.push_back(time);

  Json json = SequenceToJson(sequence);
  EXPECT_EQ(WriteCompactJson(json["tracks"][0]),
            R"({"type":"transform","target":"FlyCam","rotation":[{"t":0,"value":[-8,-45,0],)"
            R"("interp":"linear"}]})");
  EXPECT_EQ(WriteCompactJson(json["tracks"][1]),
            R"({"type":"camera","shots":[{"start":0,"camera":"FlyCam"},{"start":5,)"
            R"("camera":"WideCam","blend":1,"blend_ease":[0.25,0.1,0.25,1]}],)"
            R"("fov":[{"t":0,"value":60,"interp":"linear"}],)"
            R"("aperture":[{"t":0,"value":2,"interp":"linear"}],)"
            R"("shake":{"amplitude":[{"t":5,"value":0,"interp":"linear"}],"frequency":9,)"
            R"("seed":7}})");
  EXPECT_EQ(WriteCompactJson(json["tracks"][2]),
            R"({"type":"cues","cues":[{"t":3,"kind":"script","name":"beat","target":"Director",)"
            R"("data":{"beat":2}},{"t":4,"kind":"marker","name":"m"}]})");
  EXPECT_EQ(WriteCompactJson(json["tracks"][3]),
            R"({"type":"audio","clips":[{"start":0,"sound":"ambience","offset":0.5,)"
            R"("duration":8,"volume":0.7,"fade_in":1,"fade_out":2},{"start":1,"sound":"click"}]})");
  EXPECT_EQ(WriteCompactJson(json["tracks"][4]),
            R"({"type":"time","scale":[{"t":5,"value":1,"interp":"linear"}]})");
  EXPECT_EQ(WriteCompactJson(json).substr(0, 58),
            R"({"version":1,"name":"flythrough","duration":8,"loop":false)");
}

// Every kind of track and key, a key-less transform track (flat), text that
// needs escaping and values with no JSON spelling.
Sequence EveryShapeOfSequence() {
  Sequence sequence;
  sequence.name = "every-shape";
  sequence.duration = 8;
  TransformTrack moving;
  moving.target = "Lid \"top\" \xC3\xA9";
  moving.position = {MakeKey(0, {0, 0.05, -0.0}, Interpolation::kLinear),
                     MakeKey(1.5, {1e-9, 2, 3}, Interpolation::kHermite)};
  moving.position[1].in_tangent = std::vector<double>{1, 2, 3};
  moving.position[1].out_tangent = std::vector<double>{4, 5, 6};
  moving.rotation = {MakeKey(0, {-8, -45, 0}, Interpolation::kBezier)};
  moving.rotation[0].ease = std::array<double, 4>{0.42, 0, 0.58, 1};
  moving.scale = {MakeKey(2, {1, 1, std::nan("")}, Interpolation::kStep),
                  MakeKey(3, {}, Interpolation::kSmooth)};
  sequence.tracks.push_back(moving);
  TransformTrack still;
  still.target = "Still";
  sequence.tracks.push_back(still);
  CameraTrack camera;
  camera.shots = {{0, "FlyCam", std::nullopt, std::nullopt}};
  camera.fov = {MakeKey(0, {60}, Interpolation::kLinear)};
  camera.shake = CameraShake{{}, 9, 7, 0.5};
  sequence.tracks.push_back(camera);
  CuesTrack cues;
  cues.cues = {{3, "script", "beat", "Director", Json::parse(R"({"beat": [2, {"x": []}]})")},
               {4, "marker", "m", std::nullopt, Json(5)},
               {5, "vfx", "flat", "Lid", Json::parse(R"([1, "two", null])")},
               {6, "vfx", "empty", "Lid", Json::object()},
               {7, "sound", "nested", std::nullopt, Json::parse(R"([[1], {"a": "\u00e9"}])")}};
  sequence.tracks.push_back(cues);
  sequence.tracks.push_back(CuesTrack{});
  sequence.tracks.push_back(AudioTrack{});
  sequence.tracks.push_back(TimeTrack{});
  return sequence;
}

TEST(SequenceJson, WriteSequenceIsWriteJsonOfTheTree) {
  Sequence sequence = EveryShapeOfSequence();
  EXPECT_EQ(WriteSequence(sequence), WriteJson(SequenceToJson(sequence)));
  sequence.loop = true;
  sequence.tracks.erase(sequence.tracks.begin() + 2, sequence.tracks.end());
  EXPECT_EQ(WriteSequence(sequence), WriteJson(SequenceToJson(sequence)));
  sequence.tracks.clear();
  EXPECT_EQ(WriteSequence(sequence), WriteJson(SequenceToJson(sequence)));
}

TEST(SequenceJson, ALargeSequenceWrittenOnTwoThreadsIsWriteJsonOfTheTree) {
  // Every shape, with 40 transform tracks of 200 keys in front: well over the
  // megabyte from which the later tracks are written on a second thread, and
  // split inside the transform tracks.
  Sequence sequence = EveryShapeOfSequence();
  std::vector<Track> large;
  for (int track = 0; track < 40; ++track) {
    TransformTrack transform;
    transform.target = "part" + std::to_string(track);
    for (int key = 0; key < 200; ++key) {
      const double t = key * 0.01;
      transform.position.push_back(
          MakeKey(t, {track + 0.1 * key, 1.0 / (key + 1), -0.3}, Interpolation::kLinear));
      transform.rotation.push_back(MakeKey(t, {key * 1.7, 0, 0}, Interpolation::kHermite));
    }
    large.push_back(transform);
  }
  sequence.tracks.insert(sequence.tracks.begin(), large.begin(), large.end());
  const std::string text = WriteSequence(sequence);
  EXPECT_GT(text.size(), 1'000'000u / 4);
  EXPECT_EQ(text, WriteJson(SequenceToJson(sequence)));
  // In two parts, each written by its own thread; what the parts held is replaced.
  std::string head = "old head";
  std::string tail = "old tail";
  WriteSequenceInto(sequence, &head, &tail);
  EXPECT_GT(head.size(), text.size() / 4);
  EXPECT_GT(tail.size(), text.size() / 4);
  EXPECT_EQ(head + tail, text);
  WriteSequenceInto(EveryShapeOfSequence(), &head, &tail);  // small: on one thread
  EXPECT_EQ(head + tail, WriteSequence(EveryShapeOfSequence()));
}

// Parts written again into the same strings: a larger sequence's room is
// what fresh strings get (its bound, not the old room doubled); a smaller
// one's text is written in the room already there.
TEST(SequenceJson, RoomGrowsToTheBoundNotDoubled) {
  Sequence small = EveryShapeOfSequence();
  Sequence larger = EveryShapeOfSequence();
  for (int copy = 0; copy < 3; ++copy) {
    larger.tracks.insert(larger.tracks.end(), small.tracks.begin(), small.tracks.end());
  }
  std::string fresh_head;
  std::string fresh_tail;
  WriteSequenceInto(larger, &fresh_head, &fresh_tail);
  std::string head;
  std::string tail;
  WriteSequenceInto(small, &head, &tail);
  const size_t small_room = head.capacity();
  ASSERT_LT(small_room, fresh_head.capacity());
  WriteSequenceInto(larger, &head, &tail);
  EXPECT_EQ(head + tail, fresh_head + fresh_tail);
  EXPECT_EQ(head.capacity(), fresh_head.capacity());
  WriteSequenceInto(small, &head, &tail);
  EXPECT_EQ(head + tail, WriteSequence(small));
  EXPECT_EQ(head.capacity(), fresh_head.capacity());
}

// The fast path must give the validator's own verdict and problems.
TEST(SequenceJson, ValidatingTheModelMatchesValidatingItsJson) {
  auto expect_same = [](const Sequence& sequence) -> bool {
    Diagnostics from_model("s");
    Diagnostics from_json("s");
    bool model_valid = ValidateEmittedSequence(sequence, &from_model);
    EXPECT_EQ(model_valid, ValidateEmittedSequence(SequenceToJson(sequence), &from_json));
    EXPECT_EQ(from_model.items().size(), from_json.items().size());
    for (size_t index = 0; index < std::min(from_model.items().size(), from_json.items().size());
         ++index) {
      EXPECT_EQ(from_model.items()[index].path, from_json.items()[index].path);
      EXPECT_EQ(from_model.items()[index].message, from_json.items()[index].message);
    }
    return model_valid;
  };
  Sequence valid;
  valid.name = "ok";
  valid.duration = 4;
  TransformTrack track;
  track.target = "Box";
  track.position = {MakeKey(0, {0, 0, 0}, Interpolation::kLinear),
                    MakeKey(4, {1, 2, 3}, Interpolation::kHermite)};
  track.position[1].in_tangent = std::vector<double>{0, 0, 0};
  valid.tracks.push_back(track);
  valid.tracks.push_back(TimeTrack{{MakeKey(1, {1}, Interpolation::kLinear)}});
  valid.tracks.push_back(
      CuesTrack{{{1, "script", "go", "Box", Json::parse(R"({"a": ["b", {"c": 1}]})")}}});
  EXPECT_TRUE(expect_same(valid));

  std::vector<std::function<void(Sequence*)>> breakages = {
      [](Sequence* s) { s->duration = 0; },
      [](Sequence* s) { s->name = "bad name"; },
      [](Sequence* s) { std::get<TransformTrack>(s->tracks[0]).target.clear(); },
      [](Sequence* s) { std::get<TransformTrack>(s->tracks[0]).position[1].t = 5; },
      [](Sequence* s) { std::get<TransformTrack>(s->tracks[0]).position[1].t = 0; },
      [](Sequence* s) { std::get<TransformTrack>(s->tracks[0]).position[0].value[1] = INFINITY; },
      [](Sequence* s) { std::get<TransformTrack>(s->tracks[0]).position[0].value.pop_back(); },
      [](Sequence* s) { std::get<TransformTrack>(s->tracks[0]).position[1].in_tangent->clear(); },
      [](Sequence* s) {
        std::get<TransformTrack>(s->tracks[0]).position[0].ease = {0, 0, 1.5, 1};
      },
      [](Sequence* s) { s->tracks.push_back(TimeTrack{}); },
      [](Sequence* s) { std::get<TimeTrack>(s->tracks[1]).scale[0].value[0] = 20; },
      [](Sequence* s) { std::get<CuesTrack>(s->tracks[2]).cues[0].kind = "scrip"; },
      [](Sequence* s) { std::get<CuesTrack>(s->tracks[2]).cues[0].target.reset(); },
      [](Sequence* s) { std::get<CuesTrack>(s->tracks[2]).cues[0].t = 4.5; },
      [](Sequence* s) { std::get<CuesTrack>(s->tracks[2]).cues[0].name.clear(); },
      [](Sequence* s) {
        (*std::get<CuesTrack>(s->tracks[2]).cues[0].data.json())["a"][0] = std::string(300, 'x');
      },
  };
  for (const auto& breakage : breakages) {
    Sequence broken = valid;
    breakage(&broken);
    EXPECT_FALSE(expect_same(broken));
  }
}

TEST(SequenceJson, TrackTypeNames) {
  EXPECT_EQ(TrackTypeName(Track(TransformTrack{})), "transform");
  EXPECT_EQ(TrackTypeName(Track(CameraTrack{})), "camera");
  EXPECT_EQ(TrackTypeName(Track(CuesTrack{})), "cues");
  EXPECT_EQ(TrackTypeName(Track(AudioTrack{})), "audio");
  EXPECT_EQ(TrackTypeName(Track(TimeTrack{})), "time");
  EXPECT_EQ(InterpolationFromName("bezier"), Interpolation::kBezier);
  EXPECT_FALSE(InterpolationFromName("cubic"));
}

}  // namespace
}  // namespace cinc
