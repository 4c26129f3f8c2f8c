// The validator: every code it reports (E_CINEMA_FORMAT .. E_CINEMA_LIMIT) with its JSON path and
// message, several problems at once, the limits, and valid files passing.
#include "sequence/validator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "sequence/recorded_sequence.h"
#include "sequence/sequence_json.h"
#include "sequence/sequence_parse.h"

namespace cinc {
namespace {

// "CODE PATH: message" for every problem of the text, in report order.
std::vector<std::string> Problems(const std::string& text) {
  Diagnostics diagnostics("test.sequence.json");
  ParseSequenceText(text, &diagnostics);
  std::vector<std::string> problems;
  for (const Diagnostic& problem : diagnostics.items()) {
    problems.push_back(std::string(problem.code_name()) + " " + problem.path + ": " +
                       problem.message);
  }
  return problems;
}

// A valid sequence of 8 s around the given tracks (JSON text of the array's elements).
std::string Document(const std::string& tracks, const std::string& header = "") {
  return R"({"version": 1, "name": "test", "duration": 8, )" + header + R"("tracks": [)" + tracks +
         "]}";
}

const char kTransform[] =
    R"({"type": "transform", "target": "Box", "position": [{"t": 0, "value": [0, 0, 0]}, )"
    R"({"t": 2, "value": [1, 0, 0]}]})";

TEST(Validator, ValidDocumentsHaveNoProblems) {
  EXPECT_EQ(Problems(Document(kTransform)), std::vector<std::string>{});
  EXPECT_EQ(Problems(Document("")), std::vector<std::string>{});
  EXPECT_EQ(Problems(Document(kTransform, R"("loop": true, )")), std::vector<std::string>{});
  testing::ExpectValidSequenceText(Document(kTransform));
  testing::ExpectValidSequenceText(Document(""));
  testing::ExpectValidSequenceText(Document(kTransform, R"("loop": true, )"));
}

TEST(Validator, FormatNotJsonHasLineAndColumn) {
  Diagnostics diagnostics;
  EXPECT_FALSE(ParseSequenceText("{\"version\": 1,\n  \"name\": }", &diagnostics));
  ASSERT_EQ(diagnostics.items().size(), 1u);
  const Diagnostic& problem = diagnostics.items()[0];
  EXPECT_EQ(problem.code_name(), "E_CINEMA_FORMAT");
  EXPECT_EQ(problem.location, (SourceLocation{2, 11}));
  EXPECT_EQ(problem.message,
            "not JSON at line 2, column 11: syntax error while parsing value - unexpected '}'; "
            "expected '[', '{', or a literal");
}

TEST(Validator, FormatEmptyTextAndHugeNumber) {
  EXPECT_EQ(Problems(""), (std::vector<std::string>{
                              "E_CINEMA_FORMAT : not JSON at line 1, column 1: syntax error while "
                              "parsing value - unexpected end of input; expected '[', '{', or a "
                              "literal"}));
  Diagnostics diagnostics;
  ParseSequenceText("{\"duration\":\n 1e999}", &diagnostics);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].location, (SourceLocation{2, 2}));
  EXPECT_EQ(diagnostics.items()[0].message,
            "not JSON at line 2, column 2: number overflow parsing '1e999'");
}

TEST(Validator, FormatDeepNestingIsRefusedWithoutCrashing) {
  std::string deep(100000, '[');
  deep += std::string(100000, ']');
  Diagnostics diagnostics;
  EXPECT_FALSE(ParseSequenceText(deep, &diagnostics));
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code_name(), "E_CINEMA_FORMAT");
  EXPECT_EQ(diagnostics.items()[0].location, (SourceLocation{1, 1001}));
  EXPECT_EQ(diagnostics.items()[0].message,
            "not JSON cinc reads: nested deeper than 1000 levels at line 1, column 1001");
  // Brackets inside strings do not count; 1000 levels (5 around the data) are fine.
  std::string data = std::string(995, '[') + "\"[[[[\"" + std::string(995, ']');
  EXPECT_EQ(Problems(Document(R"({"type": "cues", "cues": [{"t": 0, "kind": "marker", )"
                              R"("name": "m", "data": )" +
                              data + "}]}")),
            std::vector<std::string>{});
}

TEST(Validator, FormatUnknownFieldsWrongTypesBadNames) {
  EXPECT_EQ(Problems(Document(R"({"type": "transform", "target": "Box", "colour": 1})",
                              R"("extra": 1, )")),
            (std::vector<std::string>{
                "E_CINEMA_FORMAT /extra: unknown field 'extra' in the sequence",
                "E_CINEMA_FORMAT /tracks/0/colour: unknown field 'colour' in a transform track"}));
  EXPECT_EQ(Problems(R"({"version": 1, "name": "a b", "duration": "8", "loop": 1, "tracks": {}})"),
            (std::vector<std::string>{
                "E_CINEMA_FORMAT /name: name 'a b' must match [A-Za-z0-9_.-]{1,128}",
                "E_CINEMA_FORMAT /duration: 'duration' must be a number, not a string",
                "E_CINEMA_FORMAT /loop: 'loop' must be true or false, not a number",
                "E_CINEMA_FORMAT /tracks: 'tracks' must be an array, not an object"}));
  EXPECT_EQ(Problems(R"({"version": 1, "duration": 8})"),
            (std::vector<std::string>{"E_CINEMA_FORMAT : missing field 'name' in the sequence",
                                      "E_CINEMA_FORMAT : missing field 'tracks' in the sequence"}));
  EXPECT_EQ(
      Problems("[1]"),
      (std::vector<std::string>{"E_CINEMA_FORMAT : the sequence must be an object, not an array"}));
  EXPECT_EQ(
      Problems(Document(R"({"type": "light"}, {"target": "x"}, 3, )"
                        R"({"type": "transform", "target": "B", "position": [)"
                        R"({"t": 0, "value": [1, 2], "interp": "cubic", "out_tangent": 1}, 4]})")),
      (std::vector<std::string>{
          "E_CINEMA_FORMAT /tracks/0/type: unknown track type 'light' (transform, camera, cues, "
          "audio or time)",
          "E_CINEMA_FORMAT /tracks/1: missing field 'type' in a track",
          "E_CINEMA_FORMAT /tracks/2: a track must be an object, not a number",
          "E_CINEMA_FORMAT /tracks/3/position/0/value: 'value' must be an array of 3 numbers",
          "E_CINEMA_FORMAT /tracks/3/position/0/interp: unknown interp 'cubic' (linear, step, "
          "hermite, bezier or smooth)",
          "E_CINEMA_FORMAT /tracks/3/position/0/out_tangent: 'out_tangent' must be an array of 3 "
          "numbers",
          "E_CINEMA_FORMAT /tracks/3/position/1: a key must be an object, not a number"}));
  EXPECT_EQ(
      Problems(Document(R"({"type": "cues", "cues": [{"t": 0, "kind": "light", "name": "x"}]},)"
                        R"({"type": "camera", "shots": [{"start": 0, "camera": "C"}], )"
                        R"("fov": [{"t": 0, "value": [60]}], "shake": {"amplitude": [], )"
                        R"("seed": 1.5}})")),
      (std::vector<std::string>{
          "E_CINEMA_FORMAT /tracks/0/cues/0/kind: unknown cue kind 'light' (script, sound, "
          "vfx or marker)",
          "E_CINEMA_FORMAT /tracks/1/fov/0/value: 'value' must be a number, not an array",
          "E_CINEMA_FORMAT /tracks/1/shake/seed: 'seed' must be an integer, not 1.5"}));
}

TEST(Validator, FormatDuplicateKeys) {
  EXPECT_EQ(
      Problems(Document(R"({"type": "transform", "target": "A", "target": "B"})")),
      (std::vector<std::string>{"E_CINEMA_FORMAT /tracks/0/target: duplicate field 'target'"}));
  Diagnostics diagnostics;
  ParseSequenceText("{\"version\": 1,\n \"version\": 1}", &diagnostics);
  ASSERT_GE(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].path, "/version");
  EXPECT_EQ(diagnostics.items()[0].location, (SourceLocation{2, 2}));
}

TEST(Validator, Version) {
  EXPECT_EQ(Problems(R"({"version": 2, "name": "s", "duration": 8, "tracks": []})"),
            (std::vector<std::string>{"E_CINEMA_VERSION /version: version must be 1, not 2"}));
  EXPECT_EQ(
      Problems(R"({"version": "1", "name": "s", "duration": 8, "tracks": []})"),
      (std::vector<std::string>{"E_CINEMA_VERSION /version: version must be 1, not a string"}));
  EXPECT_EQ(
      Problems(R"({"name": "s", "duration": 8, "tracks": []})"),
      (std::vector<std::string>{"E_CINEMA_VERSION : missing field 'version' (it must be 1)"}));
}

TEST(Validator, Duration) {
  EXPECT_EQ(Problems(R"({"version": 1, "name": "s", "duration": 0, "tracks": []})"),
            (std::vector<std::string>{
                "E_CINEMA_DURATION /duration: duration 0 is outside (0, 3600] seconds"}));
  EXPECT_EQ(Problems(R"({"version": 1, "name": "s", "duration": 3600.5, "tracks": []})"),
            (std::vector<std::string>{
                "E_CINEMA_DURATION /duration: duration 3600.5 is outside (0, 3600] seconds"}));
  EXPECT_EQ(Problems(R"({"version": 1, "name": "s", "duration": 3600, "tracks": []})"),
            std::vector<std::string>{});
  testing::ExpectValidSequenceText(
      R"({"version": 1, "name": "s", "duration": 3600, "tracks": []})");
}

TEST(Validator, KeyOrder) {
  EXPECT_EQ(Problems(Document(R"({"type": "transform", "target": "B", "position": [)"
                              R"({"t": 1, "value": [0, 0, 0]}, {"t": 3, "value": [0, 0, 0]}, )"
                              R"({"t": 3, "value": [0, 0, 0]}, {"t": 2, "value": [0, 0, 0]}]})")),
            (std::vector<std::string>{
                "E_CINEMA_KEY_ORDER /tracks/0/position/2/t: t 3 is not after the previous key's 3",
                "E_CINEMA_KEY_ORDER /tracks/0/position/3/t: t 2 is not after the previous key's "
                "3"}));
}

TEST(Validator, KeyValueTimesAndRanges) {
  EXPECT_EQ(
      Problems(Document(
          R"({"type": "transform", "target": "B", "rotation": [{"t": -1, "value": [0, 0, 0]}, )"
          R"({"t": 9, "value": [0, 0, 0]}]},)"
          R"({"type": "camera", "shots": [{"start": 9, "camera": "C"}], )"
          R"("fov": [{"t": 0, "value": 180}, {"t": 1, "value": 0}], )"
          R"("focus_distance": [{"t": 0, "value": 0}], "aperture": [{"t": 0, "value": -1}], )"
          R"("shake": {"amplitude": [{"t": 0, "value": -0.1}], "frequency": 0, "seed": 7}},)"
          R"({"type": "cues", "cues": [{"t": 8.5, "kind": "marker", "name": "m"}]},)"
          R"({"type": "audio", "clips": [{"start": 8.25, "sound": "s"}]})")),
      (std::vector<std::string>{
          "E_CINEMA_KEY_VALUE /tracks/0/rotation/0/t: t -1 is outside 0..8",
          "E_CINEMA_KEY_VALUE /tracks/0/rotation/1/t: t 9 is outside 0..8",
          "E_CINEMA_KEY_VALUE /tracks/1/shots/0/start: start 9 is outside 0..8",
          "E_CINEMA_KEY_VALUE /tracks/1/fov/0/value: fov 180 is outside (0, 180) degrees",
          "E_CINEMA_KEY_VALUE /tracks/1/fov/1/value: fov 0 is outside (0, 180) degrees",
          "E_CINEMA_KEY_VALUE /tracks/1/focus_distance/0/value: focus_distance 0 must be > 0",
          "E_CINEMA_KEY_VALUE /tracks/1/aperture/0/value: aperture -1 must be > 0",
          "E_CINEMA_KEY_VALUE /tracks/1/shake/amplitude/0/value: shake amplitude -0.1 must be >= 0",
          "E_CINEMA_KEY_VALUE /tracks/1/shake/frequency: shake frequency 0 must be > 0",
          "E_CINEMA_KEY_VALUE /tracks/2/cues/0/t: t 8.5 is outside 0..8",
          "E_CINEMA_KEY_VALUE /tracks/3/clips/0/start: start 8.25 is outside 0..8"}));
}

TEST(Validator, KeyValueNotFiniteInAModel) {
  Sequence sequence;
  sequence.name = "s";
  sequence.duration = 8;
  TransformTrack track;
  track.target = "B";
  Key key;
  key.value = {0, NAN, 0};
  key.interp = Interpolation::kHermite;
  key.out_tangent = std::vector<double>{INFINITY, 0, 0};
  track.position = {key};
  sequence.tracks.push_back(track);
  Diagnostics raw;
  EXPECT_FALSE(ValidateSequenceJson(SequenceToJson(sequence), &raw));
  ASSERT_EQ(raw.items().size(), 2u);
  EXPECT_EQ(raw.items()[0].code_name(), "E_CINEMA_KEY_VALUE");
  EXPECT_EQ(raw.items()[0].path, "/tracks/0/position/0/value/1");
  EXPECT_EQ(raw.items()[0].message, "'value' is not finite");
  EXPECT_EQ(raw.items()[1].path, "/tracks/0/position/0/out_tangent/0");
  EXPECT_EQ(raw.items()[1].message, "'out_tangent' is not finite");

  Diagnostics emitted;
  EXPECT_FALSE(ValidateEmittedSequence(sequence, &emitted));
  ASSERT_EQ(emitted.items().size(), 2u);
  EXPECT_EQ(emitted.items()[0].code_name(), "E_INTERNAL");
  EXPECT_EQ(emitted.items()[0].path, "/tracks/0/position/0/value/1");
  EXPECT_EQ(emitted.items()[0].message,
            "cinc built an invalid sequence: 'value' is not finite [E_CINEMA_KEY_VALUE]");

  track.position[0].value[1] = 0;
  track.position[0].out_tangent = std::nullopt;
  sequence.tracks[0] = track;
  Diagnostics clean;
  EXPECT_TRUE(ValidateEmittedSequence(sequence, &clean));
  EXPECT_TRUE(clean.items().empty());
  testing::ExpectValidSequence(sequence);
}

TEST(Validator, Ease) {
  EXPECT_EQ(
      Problems(
          Document(R"({"type": "transform", "target": "B", "rotation": [)"
                   R"({"t": 0, "value": [0, 0, 0], "ease": [1.5, 0, -0.5, 1]}, )"
                   R"({"t": 1, "value": [0, 0, 0], "ease": [0.42, 0, 0.58]}, )"
                   R"({"t": 2, "value": [0, 0, 0], "ease": "ease-in"}]},)"
                   R"({"type": "camera", "shots": [{"start": 0, "camera": "C"}, )"
                   R"({"start": 1, "camera": "D", "blend": 1, "blend_ease": [0.2, 5, 2, -3]}]})")),
      (std::vector<std::string>{
          "E_CINEMA_EASE /tracks/0/rotation/0/ease/0: ease x1 1.5 is outside 0..1",
          "E_CINEMA_EASE /tracks/0/rotation/0/ease/2: ease x2 -0.5 is outside 0..1",
          "E_CINEMA_EASE /tracks/0/rotation/1/ease: 'ease' must be [x1, y1, x2, y2]: 4 numbers "
          "with x1, x2 in 0..1",
          "E_CINEMA_EASE /tracks/0/rotation/2/ease: 'ease' must be [x1, y1, x2, y2]: 4 numbers "
          "with x1, x2 in 0..1",
          "E_CINEMA_EASE /tracks/1/shots/1/blend_ease/2: blend_ease x2 2 is outside 0..1"}));
}

TEST(Validator, Track) {
  const std::string camera = R"({"type": "camera", "shots": [{"start": 0, "camera": "C"}]})";
  const std::string time = R"({"type": "time", "scale": [{"t": 0, "value": 1}]})";
  EXPECT_EQ(Problems(Document(R"({"type": "transform", "target": ""},)" + camera + "," + time +
                              "," + camera + "," + time)),
            (std::vector<std::string>{
                "E_CINEMA_TRACK /tracks/0/target: a transform track's target is empty",
                "E_CINEMA_TRACK /tracks/3: a second camera track (the first is /tracks/1); a "
                "sequence has at most one",
                "E_CINEMA_TRACK /tracks/4: a second time track (the first is /tracks/2); a "
                "sequence has at most one"}));
}

TEST(Validator, Shot) {
  EXPECT_EQ(Problems(Document(R"({"type": "camera", "shots": [{"start": 2, "camera": "A"}, )"
                              R"({"start": 1, "camera": ""}, {"start": 3, "camera": "B", )"
                              R"("blend": -1}, {"start": 3, "camera": "C"}]}, )"
                              R"({"type": "cues", "cues": []})")),
            (std::vector<std::string>{
                "E_CINEMA_SHOT /tracks/0/shots/1/camera: a shot's camera is empty",
                "E_CINEMA_SHOT /tracks/0/shots/1/start: start 1 is not after the previous shot's 2",
                "E_CINEMA_SHOT /tracks/0/shots/2/blend: blend -1 must be a finite number >= 0 "
                "seconds",
                "E_CINEMA_SHOT /tracks/0/shots/3/start: start 3 is not after the previous shot's "
                "3"}));
  EXPECT_EQ(Problems(Document(R"({"type": "camera", "shots": []})")),
            (std::vector<std::string>{
                "E_CINEMA_SHOT /tracks/0/shots: a camera track needs at least one shot"}));
}

TEST(Validator, TimeScale) {
  EXPECT_EQ(Problems(Document(R"({"type": "time", "scale": [{"t": 0, "value": 0}, )"
                              R"({"t": 1, "value": 16}, {"t": 2, "value": 16.5}, )"
                              R"({"t": 3, "value": -1}]})")),
            (std::vector<std::string>{
                "E_CINEMA_TIME_SCALE /tracks/0/scale/2/value: time scale 16.5 is outside 0..16",
                "E_CINEMA_TIME_SCALE /tracks/0/scale/3/value: time scale -1 is outside 0..16"}));
}

TEST(Validator, Cue) {
  EXPECT_EQ(
      Problems(Document(R"({"type": "cues", "cues": [{"t": 0, "kind": "marker", "name": ""}, )"
                        R"({"t": 1, "kind": "script", "name": "beat"}, )"
                        R"({"t": 2, "kind": "vfx", "name": "flash", "target": ""}]})")),
      (std::vector<std::string>{"E_CINEMA_CUE /tracks/0/cues/0/name: a cue's name is empty",
                                "E_CINEMA_CUE /tracks/0/cues/1: a script cue needs a target",
                                "E_CINEMA_CUE /tracks/0/cues/2/target: a cue's target is empty"}));
}

TEST(Validator, Audio) {
  EXPECT_EQ(Problems(Document(R"({"type": "audio", "clips": [{"start": 0, "sound": "", )"
                              R"("offset": -1, "duration": 0, "volume": -0.5, "fade_in": -2, )"
                              R"("fade_out": -3}, {"start": 1, "sound": "s", "duration": -1}]})")),
            (std::vector<std::string>{
                "E_CINEMA_AUDIO /tracks/0/clips/0/sound: a clip's sound is empty",
                "E_CINEMA_AUDIO /tracks/0/clips/0/offset: offset -1 must be >= 0",
                "E_CINEMA_AUDIO /tracks/0/clips/0/duration: duration 0 must be > 0",
                "E_CINEMA_AUDIO /tracks/0/clips/0/volume: volume -0.5 must be >= 0",
                "E_CINEMA_AUDIO /tracks/0/clips/0/fade_in: fade_in -2 must be >= 0",
                "E_CINEMA_AUDIO /tracks/0/clips/0/fade_out: fade_out -3 must be >= 0",
                "E_CINEMA_AUDIO /tracks/0/clips/1/duration: duration -1 must be > 0"}));
}

std::string Repeat(const std::string& element, int count) {
  std::string joined;
  for (int index = 0; index < count; ++index) joined += (index ? "," : "") + element;
  return joined;
}

TEST(Validator, LimitTracksKeysCuesClipsText) {
  std::string tracks = Repeat(R"({"type": "cues", "cues": []})", 257);
  EXPECT_EQ(Problems(Document(tracks)),
            (std::vector<std::string>{
                "E_CINEMA_LIMIT /tracks: 257 tracks; a sequence holds at most 256"}));
  EXPECT_EQ(Problems(Document(Repeat(R"({"type": "cues", "cues": []})", 256))),
            std::vector<std::string>{});
  testing::ExpectValidSequenceText(Document(Repeat(R"({"type": "cues", "cues": []})", 256)));

  std::string keys;
  for (int index = 0; index <= 10000; ++index) {
    keys += (index ? "," : "") + std::string(R"({"t": )") + std::to_string(index * 0.0005) +
            R"(, "value": 1})";
  }
  EXPECT_EQ(Problems(Document(R"({"type": "time", "scale": [)" + keys + "]}")),
            (std::vector<std::string>{
                "E_CINEMA_LIMIT /tracks/0/scale: time scale has 10001 keys; a channel holds at "
                "most 10000"}));

  std::string cues = Repeat(R"({"t": 1, "kind": "marker", "name": "m"})", 257);
  std::string clips = Repeat(R"({"start": 1, "sound": "s"})", 257);
  std::string long_text(257, 'x');
  EXPECT_EQ(Problems(Document(
                R"({"type": "cues", "cues": [)" + cues + "]}," + R"({"type": "audio", "clips": [)" +
                clips + "]}," + R"({"type": "transform", "target": ")" + long_text + R"("},)" +
                R"({"type": "cues", "cues": [{"t": 0, "kind": "marker", "name": "m", )"
                R"("data": {"a": [")" +
                long_text + R"("]}}]})")),
            (std::vector<std::string>{
                "E_CINEMA_LIMIT /tracks/0/cues: 257 cues; a cues track holds at most 256",
                "E_CINEMA_LIMIT /tracks/1/clips: 257 clips; an audio track holds at most 256",
                "E_CINEMA_LIMIT /tracks/2/target: 'target' is 257 characters long; at most 256",
                "E_CINEMA_LIMIT /tracks/3/cues/0/data/a/0: 'data text' is 257 characters long; "
                "at most 256"}));
  // 256 characters, counted as code points (é is two bytes).
  std::string accented;
  for (int index = 0; index < 128; ++index)
    accented +=
        "\xC3\xA9"
        "e";
  EXPECT_EQ(Problems(Document(R"({"type": "transform", "target": ")" + accented.substr(0, 384) +
                              R"("})")),
            std::vector<std::string>{});
  testing::ExpectValidSequenceText(
      Document(R"({"type": "transform", "target": ")" + accented.substr(0, 384) + R"("})"));
}

TEST(Validator, EveryProblemOfOneFileWithLinesAndColumns) {
  const std::string text =
      "{\"version\": 3, \"name\": \"ok\", \"duration\": 8,\n"
      " \"tracks\": [\n"
      "  {\"type\": \"transform\", \"target\": \"\", \"position\": [\n"
      "    {\"t\": 2, \"value\": [0, 0, 0]}, {\"t\": 1, \"value\": [0, 0, 0], \"bogus\": 1}]},\n"
      "  {\"type\": \"time\", \"scale\": [{\"t\": 0, \"value\": 20}]}\n"
      " ]}\n";
  Diagnostics diagnostics("f.json");
  EXPECT_FALSE(ParseSequenceText(text, &diagnostics));
  std::vector<std::string> problems;
  for (const Diagnostic& problem : diagnostics.items()) {
    problems.push_back(std::to_string(problem.location.line) + ":" +
                       std::to_string(problem.location.column) + " " +
                       std::string(problem.code_name()) + " " + problem.path);
    EXPECT_EQ(problem.file, "f.json");
  }
  EXPECT_EQ(problems, (std::vector<std::string>{
                          "1:2 E_CINEMA_VERSION /version", "3:25 E_CINEMA_TRACK /tracks/0/target",
                          "4:64 E_CINEMA_FORMAT /tracks/0/position/1/bogus",
                          "4:36 E_CINEMA_KEY_ORDER /tracks/0/position/1/t",
                          "5:39 E_CINEMA_TIME_SCALE /tracks/1/scale/0/value"}));
}

// Every sequence file of the repository: examples/**/*.sequence.json and
// tests/sequences/*.json (the schema test validates the same files).
std::vector<std::string> SequenceFiles() {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const char* folder : {"examples", "tests/sequences"}) {
    fs::path root = fs::path(CINC_SOURCE_DIR) / folder;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
      std::string name = entry.path().filename().string();
      bool sequence = name.size() > 14 && name.ends_with(".sequence.json");
      bool test_file = std::string(folder) == "tests/sequences" && name.ends_with(".json");
      if (entry.is_regular_file() && (sequence || test_file))
        files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(Validator, ExampleAndTestSequencesAreValidAndRoundTrip) {
  std::vector<std::string> files = SequenceFiles();
  EXPECT_GE(files.size(), 7u);
  for (const std::string& file : files) {
    Diagnostics diagnostics(file);
    std::optional<Sequence> sequence = LoadSequenceFile(file, &diagnostics);
    ASSERT_TRUE(sequence.has_value()) << file;
    EXPECT_TRUE(diagnostics.items().empty()) << file;
    Diagnostics again;
    EXPECT_TRUE(ValidateEmittedSequence(*sequence, &again)) << file;
    // The model writes back what it read (interp now always written).
    std::optional<Sequence> reread = ParseSequenceText(WriteSequence(*sequence), &again);
    ASSERT_TRUE(reread.has_value());
    EXPECT_EQ(WriteSequence(*reread), WriteSequence(*sequence));
  }
}

TEST(Validator, UnreadableFile) {
  Diagnostics diagnostics;
  EXPECT_FALSE(LoadSequenceFile("/nonexistent/x.sequence.json", &diagnostics));
  ASSERT_EQ(diagnostics.items().size(), 1u);
  EXPECT_EQ(diagnostics.items()[0].code_name(), "E_CINEMA_FORMAT");
  EXPECT_EQ(diagnostics.items()[0].message, "cannot read file: No such file or directory");
}

}  // namespace
}  // namespace cinc
