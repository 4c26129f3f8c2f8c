// The timeline SVG of small scenes: the geometry of bars, diamonds, lanes,
// arrows, the axis, chapters and shots worked out by hand from the layout
// (a 4 s scene spreads at the most 240 px a second, from x = 90 past the
// row names; the axis labels sit at y = 68 and the rows start at 74 without
// chapters or shots, 22 px lower with chapters and 16 more with shots; a
// row is 6 px and 18 px a lane, its first lane centred 12 px down it).
#include "views/timeline_svg.h"

#include <gtest/gtest.h>

#include "resolver/critical_path.h"
#include "views/view_test_nodes.h"

namespace cinc {
namespace {

// `at: time`.
Relation AtRelation(ExactTime time) {
  Relation at;
  at.offset = time;
  return at;
}

using view_testing::After;
using view_testing::MakeNode;
using view_testing::S;

// tray: slide [0, 1] then back [2, 3] (chained, lag 1); part: on, a moment
// at 1.5 s after tray.slide + 0.5, attached to tray/slot.
struct TrayScene {
  Scene scene;
  Timeline timeline;

  TrayScene() {
    scene.name = "tray";
    SceneObject& tray = scene.objects.emplace_back();
    tray.name = "tray";
    tray.nodes.push_back(MakeNode("tray", 0, "slide"));
    tray.nodes[0].position = Vec3(0, 0, 1);
    tray.nodes.push_back(MakeNode("tray", 1, "back"));
    tray.nodes[1].chain_lag = S("1");
    tray.nodes[1].position = Vec3(0, 0, 0);
    SceneObject& part = scene.objects.emplace_back();
    part.name = "part";
    part.nodes.push_back(MakeNode("part", 0, "on"));
    part.nodes[0].relations.push_back(After("tray.slide", "0.5"));
    part.nodes[0].mutable_rare().attach = Attach{"tray/slot", std::nullopt, "", {}};
    timeline.duration = S("4");
    timeline.objects = {{{S("0"), S("1"), true}, {S("2"), S("3"), true, 0}},
                        {{S("1.5"), S("1.5"), true, 0}}};
    timeline.last_ending = 1;
  }

  std::string Svg() const {
    NodeTable table(scene);
    return TimelineSvg(scene, timeline, table, BuildDependencyGraph(table),
                       CriticalPathNumbers(table, timeline));
  }
};

TEST(TimelineSvgTest, BarsDiamondsArrowsAndTheCriticalPath) {
  TrayScene tray;
  const std::string svg = tray.Svg();
  EXPECT_EQ(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 0), 0u) << svg;
  EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
  // slide: [0, 1] s is x 90 to 330; its text fits inside. It ends last's
  // chain: tray.slide then tray.back (chained), so both are critical.
  EXPECT_NE(svg.find("<g class=\"node k-move crit\"><title>tray.slide (move)\n0 s – 1 s\n"
                     "starts its list\nposition [0, 0, 1]</title><rect x=\"90\" y=\"80\" "
                     "width=\"240\" height=\"12\" rx=\"2\"/><text class=\"in\" x=\"93\" "
                     "y=\"90\">slide</text></g>\n"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<title>tray.back (move)\n2 s – 3 s\nafter the previous node +1 s\n"
                     "position [0, 0, 0]</title><rect x=\"570\" y=\"80\" width=\"240\""),
            std::string::npos);
  // on: a moment at 1.5 s (x 450) on the second row (centre 124 + 24).
  EXPECT_NE(svg.find("<g class=\"node k-attach\"><title>part.on (attach)\nat 1.5 s\n"
                     "after tray.slide +0.5 s\nattach to tray/slot</title><polygon "
                     "points=\"450,104 456,110 450,116 444,110\"/><text x=\"459\" "
                     "y=\"114\">on</text></g>\n"),
            std::string::npos)
      << svg;
  // after: from slide's end (330, 124) to the diamond's left tip (444, 148),
  // bent by 0.4 of the 114 px between them.
  EXPECT_NE(svg.find("<path class=\"rel\" d=\"M330,86C375.6,86 398.4,110 444,110\" "
                     "marker-end=\"url(#arrow)\"><title>part.on after tray.slide +0.5 s"
                     "</title></path>\n"),
            std::string::npos)
      << svg;
  // The chained back: from slide's end (330) to back's start (570), on the
  // path.
  EXPECT_NE(svg.find("<path class=\"rel chain crit\" d=\"M330,86C426,86 474,86 570,86\" "
                     "marker-end=\"url(#arrow-crit)\"><title>tray.back after the previous "
                     "node, tray.slide +1 s</title></path>\n"),
            std::string::npos)
      << svg;
  // The axis: 0.5 s apart (120 px; 0.2 s would be 48 px, under 70), 0 to 4 s.
  EXPECT_NE(svg.find("<text x=\"90\" y=\"68\" text-anchor=\"middle\">0 s</text>"),
            std::string::npos);
  EXPECT_NE(svg.find("<text x=\"210\" y=\"68\" text-anchor=\"middle\">0.5 s</text>"),
            std::string::npos);
  EXPECT_NE(svg.find("<text x=\"1050\" y=\"68\" text-anchor=\"middle\">4 s</text>"),
            std::string::npos);
  EXPECT_EQ(svg.find(">4.5 s</text>"), std::string::npos);
  // Row names right-aligned before the chart, and the title.
  EXPECT_NE(svg.find("<text class=\"owner\" x=\"80\" y=\"90\">tray</text>"), std::string::npos);
  EXPECT_NE(svg.find("<text class=\"owner\" x=\"80\" y=\"114\">part</text>"), std::string::npos);
  EXPECT_NE(svg.find(">tray: 4 s, 3 nodes</text>"), std::string::npos);
  // The same scene gives the same bytes.
  EXPECT_EQ(svg, tray.Svg());
}

TEST(TimelineSvgTest, OverlappingNodesAndTextGoOnLanes) {
  TrayScene tray;
  // A spin over [0.5, 2.5] on tray overlaps slide and back: lane 1, and the
  // row grows to two lanes (part's row moves down by 18).
  Node spin = MakeNode("tray", 2, "turn");
  spin.relations.push_back(After("slide", "-0.5"));
  spin.mutable_rare().spin = Spin{Vec3(0, 1, 0), 360, {}};
  tray.scene.objects[0].nodes.push_back(spin);
  tray.timeline.objects[0].push_back({S("0.5"), S("2.5"), true, 0});
  const std::string svg = tray.Svg();
  EXPECT_NE(svg.find("<title>tray.turn (spin)\n0.5 s – 2.5 s\nafter tray.slide -0.5 s\n"
                     "spin 360° about [0, 1, 0]</title><rect x=\"210\" y=\"98\""),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("points=\"450,122 456,128 450,134 444,128\""), std::string::npos) << svg;
  // A diamond's text reaches past it: a moment just after it goes below.
  // (Its label makes a chapter: the rows start 22 px lower.)
  TrayScene crowded;
  Node hint = MakeNode("part", 1, "hint");
  hint.relations.push_back(After("on", "0.01"));
  hint.mutable_rare().label = LocatedString{"Look", {}};
  crowded.scene.objects[1].nodes.push_back(hint);
  crowded.timeline.objects[1].push_back({S("1.51"), S("1.51"), true, 0});
  const std::string crowded_svg = crowded.Svg();
  EXPECT_NE(crowded_svg.find("<g class=\"node k-cue\"><title>part.hint (cue)\nat 1.51 s\n"
                             "after part.on +0.01 s\nlabel &quot;Look&quot;</title><polygon "
                             "points=\"452.4,144"),
            std::string::npos)
      << crowded_svg;
}

TEST(TimelineSvgTest, ARowHasAtMost64Lanes) {
  Scene scene;
  scene.name = "crowd";
  SceneObject& crowd = scene.objects.emplace_back();
  crowd.name = "crowd";
  Timeline timeline;
  timeline.duration = S("1");
  timeline.objects.resize(1);
  for (int k = 0; k < 100; ++k) {  // all over [0, 1]
    crowd.nodes.push_back(MakeNode("crowd", k, "n" + std::to_string(k)));
    crowd.nodes.back().relations.push_back(AtRelation(S("0")));
    timeline.objects[0].push_back({S("0"), S("1"), true});
  }
  timeline.last_ending = 0;
  NodeTable table(scene);
  const std::string svg = TimelineSvg(scene, timeline, table, BuildDependencyGraph(table),
                                      CriticalPathNumbers(table, timeline));
  // 64 lanes of 18 px and 6 px of padding from y = 74 end at 1232; a row that
  // tall repeats the axis below it: 30 px more.
  EXPECT_NE(svg.find("height=\"1262\""), std::string::npos) << svg.substr(0, 300);
  // The 65th node shares the first lane (it frees first: all end at once):
  // its bar is centred 12 px down the row, at y = 86.
  EXPECT_NE(svg.find("<title>crowd.n64 (wait)\n0 s – 1 s\nat 0 s</title><rect x=\"90\" "
                     "y=\"80\""),
            std::string::npos);
}

TEST(TimelineSvgTest, ChaptersShotsAndEscaping) {
  TrayScene tray;
  Scene& scene = tray.scene;
  scene.cameras.emplace_back().name = "wide";
  scene.cameras.emplace_back().name = "close";
  Node open = MakeNode("director", 0, "open");
  open.relations.push_back(AtRelation(S("0")));
  open.mutable_rare().shot = Shot{"wide", S("0"), std::nullopt, {}};
  open.mutable_rare().label = LocatedString{"Step 1: <slide> & \"look\"\x01\uFFFF", {}};
  Node push = MakeNode("director", 1, "push");
  push.relations.push_back(AtRelation(S("2")));
  push.mutable_rare().shot = Shot{"close", S("0.5"), std::nullopt, {}};
  push.mutable_rare().label = LocatedString{"Step 2", {}};
  push.has_duration = true;
  push.duration = S("1");
  scene.director_nodes = {open, push};
  tray.timeline.cameras = {{}, {}};
  tray.timeline.director = {{S("0"), S("0"), true}, {S("2"), S("3"), true}};
  const std::string svg = tray.Svg();
  // The first chapter, a moment, runs to the second's start (x 90 to 570);
  // the second has its own span, [2, 3] s.
  // Characters XML 1.0 has no place for (a control character, U+FFFF) are '?'.
  EXPECT_NE(svg.find("<g class=\"chapter\"><title>Step 1: &lt;slide&gt; &amp; &quot;look&quot;?? "
                     "(director.open, 0 – 2 s)</title><rect x=\"90\" y=\"54\" width=\"480\""),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<title>Step 2 (director.push, 2 – 3 s)</title><rect x=\"570\" y=\"54\" "
                     "width=\"240\""),
            std::string::npos);
  // Shots: wide from 0 to 2 s, close blends in over [2, 2.5] and holds to 4.
  EXPECT_NE(svg.find("<g class=\"shot\"><title>wide (director.open, from 0 s)</title><rect "
                     "x=\"90\" y=\"74\" width=\"480\" height=\"16\" fill=\"#a0cbe8\""),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<g class=\"shot\"><title>close (director.push, from 2 s, blend 0.5 s)"
                     "</title><polygon points=\"570,90 690,74 690,90\" fill=\"#ffbe7d\""),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<rect x=\"690\" y=\"74\" width=\"360\" height=\"16\" fill=\"#ffbe7d\""),
            std::string::npos);
  // Rows: tray, part, wide, close (no nodes), then the director.
  EXPECT_NE(svg.find(">wide</text>\n<text class=\"owner\" x=\"80\" y=\"200\">close</text>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("<text class=\"owner\" x=\"80\" y=\"224\">director</text>"),
            std::string::npos);
}

TEST(TimelineSvgTest, WhatANodeDoesPicksItsColour) {
  Node node;
  EXPECT_EQ(NodeActivityOf(node, false), NodeActivity::kWait);
  EXPECT_EQ(NodeActivityOf(node, true), NodeActivity::kCamera);
  node.opacity = 1;
  EXPECT_EQ(NodeActivityOf(node, false), NodeActivity::kShowHide);
  node.position = Vec3(1, 0, 0);
  EXPECT_EQ(NodeActivityOf(node, false), NodeActivity::kMove);
  node.mutable_rare().spin = Spin{};
  EXPECT_EQ(NodeActivityOf(node, false), NodeActivity::kSpin);
  node.mutable_rare().attach = Attach{"body", std::nullopt, "", {}};
  EXPECT_EQ(NodeActivityOf(node, false), NodeActivity::kAttach);
  Node cue;
  cue.mutable_rare().label = LocatedString{"Step", {}};
  EXPECT_EQ(NodeActivityOf(cue, false), NodeActivity::kCue);
  cue.mutable_rare().sound = Sound{};
  EXPECT_EQ(NodeActivityOf(cue, false), NodeActivity::kSound);
  cue.opacity = 0;  // a part that appears with a sound is shown
  EXPECT_EQ(NodeActivityOf(cue, false), NodeActivity::kShowHide);
  cue.mutable_rare().shot = Shot{};
  EXPECT_EQ(NodeActivityOf(cue, false), NodeActivity::kShot);
  EXPECT_EQ(NodeActivityName(NodeActivity::kShowHide), "show/hide");
}

// A label longer than its room (up to the next chapter's start: 0.5 s at
// 240 px/s less 8 px = 112 px, 16 characters of 6.6 px with the ellipsis) is
// numbered and cut in its band, and given whole in a key under the chart.
TEST(TimelineSvgTest, ACutChapterLabelIsNumberedAndGivenWholeUnderTheChart) {
  TrayScene tray;
  Node first = MakeNode("director", 0, "motor");
  first.relations.push_back(AtRelation(S("0")));
  first.mutable_rare().label =
      LocatedString{"Step 1: mount the motor on the stand with its four screws", {}};
  Node second = MakeNode("director", 1, "grille");
  second.relations.push_back(AtRelation(S("0.5")));
  second.mutable_rare().label = LocatedString{"Step 2", {}};
  tray.scene.director_nodes = {first, second};
  tray.timeline.director = {{S("0"), S("0"), true}, {S("0.5"), S("0.5"), true}};
  const std::string svg = tray.Svg();
  EXPECT_NE(svg.find("\">1. Step 1: moun…</text></g>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("\">Step 2</text></g>"), std::string::npos) << svg;
  EXPECT_NE(svg.find("font-weight=\"bold\">Chapters cut short above</text>\n<text x=\"12\" "),
            std::string::npos)
      << svg;
  EXPECT_NE(
      svg.find("\">1. Step 1: mount the motor on the stand with its four screws (0 – 0.5 s)</text>"
               "\n</g>"),
      std::string::npos)
      << svg;
  EXPECT_EQ(svg.find("2. Step 2"), std::string::npos);
}

}  // namespace
}  // namespace cinc
