#include "emit/emit_cues.h"

#include <gtest/gtest.h>

#include "core/number_format.h"
#include "emit/emit_director.h"
#include "emit/test_support.h"

namespace cinc {
namespace {

using testing::MakeSegment;
using testing::MakeTrack;
using testing::Time;

Node MakeNode(const std::string& owner, int index, const std::string& id) {
  Node node;
  node.owner = owner;
  node.index = index;
  node.id = id;
  return node;
}

NodeTime Span(const char* start, const char* end) { return {Time(start), Time(end), true}; }

Cue MakeCue(const std::string& kind, const std::string& name, const std::string& data_json = "") {
  Cue cue;
  cue.kind = kind;
  cue.name = name;
  cue.data_json = data_json;
  return cue;
}

// body:  in    [0, 1]  opacity 0 -> 1, label "Step 1"
//        drive [2, 3]  action tighten, cue vfx spark {"power": 2}
// screw: show  [1, 1.5] label "Step 2", sound click (volume 0.5)
// main (camera): #0 [0, 0] cue marker cam
// director: open [0, 0] label "Open", shot main; #1 [0, 0] sound ambience (fade in 1)
struct CueScene {
  Scene scene;
  Timeline timeline;
  Rig rig;
};

CueScene MakeCueScene() {
  CueScene setup;
  Scene& scene = setup.scene;
  SceneObject body;
  body.name = "body";
  body.opacity = 0;
  Node in = MakeNode("body", 0, "in");
  in.mutable_rare().label = LocatedString{"Step 1", {}};
  in.opacity = 1;
  Node drive = MakeNode("body", 1, "drive");
  drive.mutable_rare().action = LocatedString{"tighten", {}};
  drive.mutable_rare().cues.push_back(MakeCue("vfx", "spark", R"({"power":2})"));
  body.nodes = {in, drive};
  SceneObject screw;
  screw.name = "screw";
  screw.opacity = 1;
  Node show = MakeNode("screw", 0, "show");
  show.mutable_rare().label = LocatedString{"Step 2", {}};
  show.mutable_rare().sound = Sound{"click", 0.5, {}, {}, {}, {}};
  screw.nodes = {show};
  SceneObject main;
  main.name = "main";
  main.is_camera = true;
  Node framing = MakeNode("main", 0, "");
  framing.mutable_rare().cues.push_back(MakeCue("marker", "cam"));
  main.nodes = {framing};
  Node open = MakeNode("director", 0, "open");
  open.mutable_rare().label = LocatedString{"Open", {}};
  open.mutable_rare().shot = Shot{"main", {}, std::nullopt, {}};
  Node ambience = MakeNode("director", 1, "");
  ambience.mutable_rare().sound = Sound{"ambience", 1, {}, Time("1"), {}, {}};
  scene.objects = {body, screw};
  scene.cameras = {main};
  scene.director_nodes = {open, ambience};

  setup.timeline.duration = Time("3");
  setup.timeline.objects = {{Span("0", "1"), Span("2", "3")}, {Span("1", "1.5")}};
  setup.timeline.cameras = {{Span("0", "0")}};
  setup.timeline.director = {Span("0", "0"), Span("0", "0")};

  ObjectRig body_rig;
  body_rig.opacity = MakeTrack(0.0, {MakeSegment("0", "1", 0.0, 1.0, Ease::Linear(), 0)});
  ObjectRig screw_rig;
  screw_rig.opacity.initial = 1;
  setup.rig.objects = {body_rig, screw_rig};
  setup.rig.cameras = {CameraRig{}};
  return setup;
}

std::vector<std::string> Describe(const std::vector<SequenceCue>& cues) {
  std::vector<std::string> lines;
  for (const SequenceCue& cue : cues) {
    std::string line = FormatDouble(cue.t) + " " + cue.kind + " " + cue.name;
    if (cue.target) line += " @" + *cue.target;
    if (cue.data) line += " " + WriteCompactJson(cue.data.ToJson());
    lines.push_back(line);
  }
  return lines;
}

TEST(EmitCues, SortedByTimeThenFileOrder) {
  CueScene setup = MakeCueScene();
  Diagnostics diagnostics;
  std::vector<SequenceCue> cues =
      CollectCues(setup.scene, setup.timeline, setup.rig, EmitSettings{}, &diagnostics);
  EXPECT_FALSE(diagnostics.HasErrors());
  std::vector<std::string> expected = {
      // t = 0: initial opacity cues in object order, then body.in (its
      // opacity segment, its label), the camera's cue, the director's label.
      R"(0 vfx opacity @body {"from":0,"to":0,"duration":0,"ease":"linear"})",
      R"(0 vfx opacity @screw {"from":1,"to":1,"duration":0,"ease":"linear"})",
      R"(0 vfx opacity @body {"from":0,"to":1,"duration":1,"ease":"linear"})",
      R"(0 marker Step 1 {"label":"Step 1","node":"body.in","end":1})",
      R"(0 marker cam)",
      R"(0 marker Open {"label":"Open","node":"director.open","end":0})",
      R"(1 marker Step 2 {"label":"Step 2","node":"screw.show","end":1.5})",
      R"(2 script tighten @body)",
      R"(2 vfx spark {"power":2})",
  };
  EXPECT_EQ(Describe(cues), expected);
}

// Times whose nearest doubles are equal are still ordered exactly: the
// director's label at 1 s comes before the screw's at 1 s + 10^-18 s
// (both written as 1), though it was collected after it.
TEST(EmitCues, TimesOneDoubleApartAreOrderedExactly) {
  CueScene setup = MakeCueScene();
  setup.timeline.objects[1][0] = Span("1.000000000000000001", "1.5");
  setup.timeline.director[0] = Span("1", "1");
  ASSERT_EQ(Time("1.000000000000000001").ToDouble(), 1.0);
  std::vector<std::string> lines =
      Describe(CollectCues(setup.scene, setup.timeline, setup.rig, EmitSettings{}, nullptr));
  std::vector<std::string> at_one;
  for (const std::string& line : lines) {
    if (line.rfind("1 ", 0) == 0) at_one.push_back(line);
  }
  std::vector<std::string> expected = {
      R"(1 marker Open {"label":"Open","node":"director.open","end":1})",
      R"(1 marker Step 2 {"label":"Step 2","node":"screw.show","end":1.5})",
  };
  EXPECT_EQ(at_one, expected);
}

TEST(EmitCues, ScaleVisibilityWritesNoOpacityCues) {
  CueScene setup = MakeCueScene();
  EmitSettings settings;
  settings.visibility = EmitSettings::Visibility::kScale;
  std::vector<SequenceCue> cues =
      CollectCues(setup.scene, setup.timeline, setup.rig, settings, nullptr);
  for (const SequenceCue& cue : cues) EXPECT_NE(cue.name, "opacity");
  EXPECT_EQ(cues.size(), 6u);
}

// Labels collected at 3, 0, 2, 1, 5, 4 s are put in time order in place:
// place 0 takes source 1, 1 takes 3 and 3 takes 0 (one cycle), 2 stays, 4
// and 5 swap.
TEST(EmitCues, SourcesPutInTimeOrderCycleByCycle) {
  Scene scene;
  SceneObject body;
  body.name = "body";
  Timeline timeline;
  timeline.objects.emplace_back();
  const char* starts[] = {"3", "0", "2", "1", "5", "4"};
  for (int index = 0; index < 6; ++index) {
    Node node = MakeNode("body", index, "n" + std::to_string(index));
    node.mutable_rare().label = LocatedString{"L" + std::to_string(index), {}};
    body.nodes.push_back(node);
    timeline.objects[0].push_back(Span(starts[index], starts[index]));
  }
  scene.objects = {body};
  timeline.duration = Time("5");
  Rig rig;
  rig.objects.emplace_back();
  EmitSettings settings;
  settings.visibility = EmitSettings::Visibility::kScale;  // no opacity cues
  std::vector<std::string> names;
  for (const SequenceCue& cue : CollectCues(scene, timeline, rig, settings, nullptr)) {
    names.push_back(FormatDouble(cue.t) + " " + cue.name);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"0 L1", "1 L3", "2 L2", "3 L0", "4 L5", "5 L4"}));
}

TEST(EmitCues, UnresolvedNodesAreSkipped) {
  CueScene setup = MakeCueScene();
  setup.timeline.objects[0][1].resolved = false;
  std::vector<SequenceCue> cues =
      CollectCues(setup.scene, setup.timeline, setup.rig, EmitSettings{}, nullptr);
  EXPECT_EQ(cues.size(), 7u);
}

// Opacity cues are made node by node whatever the channel's order, the
// segments of one node in the channel's order, none for an unresolved node.
TEST(EmitCues, OpacitySegmentsOutOfNodeOrder) {
  CueScene setup = MakeCueScene();
  setup.rig.objects[0].opacity =
      MakeTrack(0.0, {MakeSegment("2", "1", 1.0, 0.5, Ease::Linear(), 1),
                      MakeSegment("0", "1", 0.0, 1.0, Ease::Linear(), 0),
                      MakeSegment("2", "0.5", 0.5, 0.25, testing::Named("ease-in"), 1)});
  auto body_fades = [&setup] {
    std::vector<std::string> lines;
    for (const std::string& line :
         Describe(CollectCues(setup.scene, setup.timeline, setup.rig, EmitSettings{}, nullptr))) {
      if (line.find("opacity @body") != std::string::npos) lines.push_back(line);
    }
    return lines;
  };
  std::vector<std::string> expected = {
      R"(0 vfx opacity @body {"from":0,"to":0,"duration":0,"ease":"linear"})",
      R"(0 vfx opacity @body {"from":0,"to":1,"duration":1,"ease":"linear"})",
      R"(2 vfx opacity @body {"from":1,"to":0.5,"duration":1,"ease":"linear"})",
      R"(2 vfx opacity @body {"from":0.5,"to":0.25,"duration":0.5,"ease":"ease-in"})",
  };
  EXPECT_EQ(body_fades(), expected);
  setup.timeline.objects[0][1].resolved = false;
  expected.resize(2);
  EXPECT_EQ(body_fades(), expected);
}

TEST(EmitAudio, ClipsSortedWithOptionalFieldsOnlyWhenSet) {
  CueScene setup = MakeCueScene();
  std::vector<AudioClip> clips = CollectAudioClips(setup.scene, setup.timeline);
  ASSERT_EQ(clips.size(), 2u);
  EXPECT_EQ(clips[0].sound, "ambience");
  EXPECT_EQ(clips[0].start, 0);
  EXPECT_FALSE(clips[0].duration);  // d = 0: to the sound's end
  EXPECT_FALSE(clips[0].volume);
  EXPECT_EQ(clips[0].fade_in, 1);
  EXPECT_FALSE(clips[0].fade_out);
  EXPECT_FALSE(clips[0].offset);
  EXPECT_EQ(clips[1].sound, "click");
  EXPECT_EQ(clips[1].start, 1);
  EXPECT_EQ(clips[1].duration, 0.5);
  EXPECT_EQ(clips[1].volume, 0.5);
}

TEST(EmitDirector, ShotsSortedAndStepBlendsAreLateCuts) {
  Scene scene;
  Node late = MakeNode("director", 0, "late");
  late.mutable_rare().shot = Shot{"b", Time("0.5"), Ease::FromName("ease-in"), {}};
  Node early = MakeNode("director", 1, "early");
  early.mutable_rare().shot = Shot{"a", {}, std::nullopt, {}};
  Node stepped = MakeNode("director", 2, "stepped");
  stepped.mutable_rare().shot = Shot{"c", Time("1"), Ease::FromName("step"), {}};
  Node replaced = MakeNode("director", 3, "replaced");
  replaced.mutable_rare().shot = Shot{"d", {}, std::nullopt, {}};
  scene.director_nodes = {late, early, stepped, replaced};
  Timeline timeline;
  timeline.director = {Span("2", "2"), Span("0", "0"), Span("3", "3"), Span("4", "4")};
  std::optional<CameraTrack> track = EmitCameraTrack(scene, timeline);
  ASSERT_TRUE(track);
  ASSERT_EQ(track->shots.size(), 3u);
  EXPECT_EQ(track->shots[0].camera, "a");
  EXPECT_EQ(track->shots[1].camera, "b");
  EXPECT_EQ(track->shots[1].blend, 0.5);
  EXPECT_EQ(track->shots[1].blend_ease, (std::array<double, 4>{0.42, 0, 1, 1}));
  // The stepped blend over [3, 4] is a cut at 4, where "d" (later in the
  // file) also starts: the later one shows.
  EXPECT_EQ(track->shots[2].camera, "d");
  EXPECT_EQ(track->shots[2].start, 4);
  EXPECT_FALSE(track->shots[2].blend);
}

TEST(EmitDirector, TimeScaleRampsAndHolds) {
  // 1 until 5, ramp to 0.35 by 5.8, hold, ramp back to 1 over [7, 7.4].
  Scene scene;
  Node slow = MakeNode("director", 0, "slow");
  slow.mutable_rare().time_scale = 0.35;
  Node back = MakeNode("director", 1, "back");
  back.mutable_rare().time_scale = 1;
  scene.director_nodes = {slow, back};
  Timeline timeline;
  timeline.director = {Span("5", "5.8"), Span("7", "7.4")};
  std::optional<TimeTrack> track = EmitTimeTrack(scene, timeline);
  ASSERT_TRUE(track);
  std::vector<std::string> keys;
  for (const Key& key : track->scale) {
    keys.push_back(FormatDouble(key.t) + " " + FormatDouble(key.value[0]) + " " +
                   std::string(InterpolationName(key.interp)));
  }
  EXPECT_EQ(keys, (std::vector<std::string>{"0 1 step", "5 1 linear", "5.8 0.35 step",
                                            "7 0.35 linear", "7.4 1 step"}));
  EXPECT_FALSE(EmitTimeTrack(Scene{}, Timeline{}));
}

}  // namespace
}  // namespace cinc
