#include "emit/sequence_json.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

Key MakeKey(double t, std::vector<double> value, Interpolation interp) {
  Key key;
  key.t = t;
  key.value = std::move(value);
  key.interp = interp;
  return key;
}

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
