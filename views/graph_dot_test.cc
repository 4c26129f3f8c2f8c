// The DOT text of small scenes, whole, written out by hand.
#include "views/graph_dot.h"

#include <gtest/gtest.h>

#include "resolver/dependency_graph.h"
#include "views/view_test_nodes.h"

namespace cinc {
namespace {

using view_testing::After;
using view_testing::MakeNode;
using view_testing::S;

TEST(GraphDotTest, RelationsChainingAndAttachments) {
  Scene scene;
  scene.name = "tray";
  SceneObject& tray = scene.objects.emplace_back();
  tray.name = "tray";
  tray.nodes.push_back(MakeNode("tray", 0, "slide"));
  tray.nodes.push_back(MakeNode("tray", 1, "back"));  // chains after slide
  tray.nodes[1].chain_lag = S("1");
  SceneObject& part = scene.objects.emplace_back();
  part.name = "part";
  part.nodes.push_back(MakeNode("part", 0, "on"));
  part.nodes[0].relations.push_back(After("tray.slide", "0.5"));
  part.nodes[0].mutable_rare().attach = Attach{"tray/slot", std::nullopt, "", {}};
  Timeline timeline;
  timeline.duration = S("4");
  timeline.objects = {{{S("0"), S("1"), true}, {S("2"), S("3"), true}},
                      {{S("1.5"), S("1.5"), true}}};
  Rig rig;
  rig.objects.resize(2);
  rig.objects[1].frames.spans.push_back({S("1.5"), Frame{}, 0});
  NodeTable table(scene);
  DependencyGraph graph = BuildDependencyGraph(table);
  EXPECT_EQ(
      DependencyGraphDot(scene, timeline, table, graph, &rig),
      "digraph \"tray\" {\n"
      "  graph [rankdir=LR, newrank=true, fontname=\"Helvetica\", labelloc=t, label=\"tray: timing "
      "relations and attachments\"];\n"
      "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n"
      "  edge [fontname=\"Helvetica\", fontsize=9];\n"
      "  subgraph \"cluster_tray\" {\n"
      "    label=\"tray\";\n"
      "    \"owner:tray\" [label=\"tray\", shape=box3d, style=solid];\n"
      "    \"tray.slide\" [label=\"tray.slide\\n0 – 1 s\"];\n"
      "    \"tray.back\" [label=\"tray.back\\n2 – 3 s\"];\n"
      "  }\n"
      "  subgraph \"cluster_part\" {\n"
      "    label=\"part\";\n"
      "    \"part.on\" [label=\"part.on\\nat 1.5 s\"];\n"
      "  }\n"
      "  \"tray.slide\" -> \"tray.back\" [label=\"then +1 s\", style=dotted];\n"
      "  \"tray.slide\" -> \"part.on\" [label=\"after +0.5 s\"];\n"
      "  \"part.on\" -> \"owner:tray\" [label=\"tray/slot\\n[1.5, 4) s\", style=dashed, "
      "arrowhead=empty];\n"
      "}\n");
}

TEST(GraphDotTest, ACycleIsRedAndUnresolvedNodesSaySo) {
  Scene scene;
  scene.name = "loop";
  SceneObject& box = scene.objects.emplace_back();
  box.name = "box";
  box.nodes.push_back(MakeNode("box", 0, "a"));
  box.nodes.push_back(MakeNode("box", 1, "b"));
  box.nodes[0].relations.push_back(After("b"));
  box.nodes[1].relations.push_back(After("a", "-0.25"));
  Timeline timeline;  // nothing resolved
  timeline.objects = {{{}, {}}};
  NodeTable table(scene);
  DependencyGraph graph = BuildDependencyGraph(table);
  ASSERT_EQ(graph.edges.size(), 2u);
  EXPECT_TRUE(graph.edges[0].on_cycle && graph.edges[1].on_cycle);
  std::string dot = DependencyGraphDot(scene, timeline, table, graph, nullptr);
  EXPECT_NE(dot.find("    \"box.a\" [label=\"box.a\\n(unresolved)\", color=red, fontcolor=red];\n"),
            std::string::npos)
      << dot;
  EXPECT_NE(dot.find("  \"box.b\" -> \"box.a\" [label=\"after\\ncycle\", color=red, fontcolor=red, "
                     "penwidth=2];\n"),
            std::string::npos)
      << dot;
  EXPECT_NE(dot.find("  \"box.a\" -> \"box.b\" [label=\"after -0.25 s\\ncycle\", color=red, "
                     "fontcolor=red, penwidth=2];\n"),
            std::string::npos)
      << dot;
}

TEST(GraphDotTest, NamesAreQuotedForDot) {
  Scene scene;
  scene.name = "q";
  SceneObject& odd = scene.objects.emplace_back();
  odd.name = "say \"hi\"\\";
  odd.nodes.push_back(MakeNode(odd.name, 0, ""));
  Timeline timeline;
  timeline.objects = {{{ExactTime(), S("1"), true}}};
  NodeTable table(scene);
  std::string dot =
      DependencyGraphDot(scene, timeline, table, BuildDependencyGraph(table), nullptr);
  EXPECT_NE(dot.find("    \"say \\\"hi\\\"\\\\#0\" [label=\"say \\\"hi\\\"\\\\#0\\n0 – 1 s\"];\n"),
            std::string::npos)
      << dot;
}

}  // namespace
}  // namespace cinc
