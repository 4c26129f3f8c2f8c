#include "views/parts_list.h"

#include <gtest/gtest.h>

#include <string>

#include "core/diagnostics.h"
#include "views/view_test_nodes.h"

namespace cinc {
namespace {

using view_testing::MakeNode;
using view_testing::S;

// A node of `owner` fading to opacity 1 over [start, end], with a label when
// `label` is not empty.
Node FadeIn(const std::string& owner, int index, const std::string& label = "") {
  Node node = MakeNode(owner, index, "in");
  node.opacity = 1;
  if (!label.empty()) node.mutable_rare().label = LocatedString{label, {}};
  return node;
}

// A panel and four screws come in over three chapters; a fifth screw after
// the last chapter's end; a pivot (no model) and a hidden spare are no parts.
//   panel     fades in [0, 0.5]     "Step 1: the panel" (its span [0, 0.5])
//   screw-1/2 fade in at 1 and 1.2  chapter "Step 2: the screws" (a moment at
//                                   1: runs to the next chapter, 2.5)
//   screw-3/4 fade in at 3 and 3.2  chapter "Step 3: more screws" [2.5, 4]
//   screw-5   fades in at 5         outside every chapter
//   lamp      visible from 0        (initial opacity 1) in step 1
struct ShopScene {
  Scene scene;
  Timeline timeline;

  ShopScene() {
    scene.name = "shop";
    Model& screw = scene.models.emplace_back();
    screw.name = "screw";
    screw.part_name = "M4 x 12 screw, \"pan\"";
    screw.part_number = "91290A";
    scene.models.emplace_back().name = "panel";
    Model& lamp = scene.models.emplace_back();
    lamp.name = "lamp";
    lamp.part_number = "L-1";
    auto add = [&](const std::string& name, const std::string& model) -> SceneObject& {
      SceneObject& object = scene.objects.emplace_back();
      object.name = name;
      object.model = model;
      return object;
    };
    add("panel", "panel").nodes.push_back(FadeIn("panel", 0, "Step 1: the panel"));
    const char* starts[] = {"1", "1.2", "3", "3.2", "5"};
    for (int k = 1; k <= 5; ++k) {
      const std::string name = "screw-" + std::to_string(k);
      add(name, "screw").nodes.push_back(FadeIn(name, 0));
    }
    add("pivot", "").nodes.push_back(FadeIn("pivot", 0));
    add("spare", "screw");
    add("lamp", "lamp").opacity = 1;
    timeline.duration = S("6");
    timeline.objects.push_back({{S("0"), S("0.5"), true}});
    for (const char* start : starts) {
      timeline.objects.push_back({{S(start), S(start) + S("0.1"), true}});
    }
    timeline.objects.push_back({{S("0"), S("1"), true}});  // pivot
    timeline.objects.push_back({});                        // spare
    timeline.objects.push_back({});                        // lamp
    Node step2 = MakeNode("director", 0, "screws");
    step2.mutable_rare().label = LocatedString{"Step 2: the screws", {}};
    Node step3 = MakeNode("director", 1, "more");
    step3.mutable_rare().label = LocatedString{"Step 3: more screws", {}};
    scene.director_nodes = {step2, step3};
    timeline.director = {{S("1"), S("1"), true}, {S("2.5"), S("4"), true}};
  }

  PartsList List() const {
    Diagnostics diagnostics;
    Rig rig = BuildRig(scene, timeline, &diagnostics);
    EXPECT_EQ(diagnostics.error_count() + diagnostics.warning_count(), 0);
    return ListParts(scene, timeline, NodeTable(scene), rig);
  }
};

TEST(PartsListTest, EachModelIsPicturedByItsFirstObjectAtTheEnd) {
  ShopScene shop;
  // screw-1 fades out at 5.5: hidden at the end (6), pictured when it first
  // shows (1).
  Node out = MakeNode("screw-1", 1, "out");
  out.opacity = 0;
  shop.scene.objects[1].nodes.push_back(out);
  shop.timeline.objects[1].push_back({S("5.5"), S("5.6"), true});
  Diagnostics diagnostics;
  Rig rig = BuildRig(shop.scene, shop.timeline, &diagnostics);
  ASSERT_EQ(diagnostics.error_count(), 0);
  PartsList list = ListParts(shop.scene, shop.timeline, NodeTable(shop.scene), rig);
  std::vector<PartSubject> subjects = PartSubjects(list, shop.scene, rig, S("6"));
  ASSERT_EQ(subjects.size(), 3u);
  EXPECT_EQ(subjects[0].model, "panel");
  EXPECT_EQ(subjects[0].object, "panel");
  EXPECT_EQ(subjects[0].moment, S("6"));
  EXPECT_EQ(subjects[1].model, "lamp");
  EXPECT_EQ(subjects[1].object, "lamp");
  EXPECT_EQ(subjects[1].moment, S("6"));
  // The first screw in scene order, hidden at the end: when it first shows.
  EXPECT_EQ(subjects[2].model, "screw");
  EXPECT_EQ(subjects[2].object, "screw-1");
  EXPECT_EQ(subjects[2].moment, S("1"));
}

TEST(PartsListTest, FirstVisibleMomentIsWhereOpacityLeavesZero) {
  ChannelTrack<double> hidden;
  EXPECT_EQ(FirstVisibleMoment(hidden), std::nullopt);
  ChannelTrack<double> shown;
  shown.initial = 1;
  EXPECT_EQ(FirstVisibleMoment(shown), ExactTime());
  ChannelTrack<double> fading;
  Segment<double> fade;
  fade.start = S("2");
  fade.duration = S("0.5");
  fade.to = 1;
  fading.segments.push_back(fade);
  EXPECT_EQ(FirstVisibleMoment(fading), S("2"));
}

TEST(PartsListTest, EachChapterListsThePartsItBringsIn) {
  EXPECT_EQ(PartsListJson(ShopScene().List()),
            "{\n"
            "  \"scene\": \"shop\",\n"
            "  \"chapters\": [\n"
            "    {\n"
            "      \"label\": null,\n"
            "      \"start\": 5,\n"
            "      \"end\": 5,\n"
            "      \"parts\": [\n"
            "        {\"model\": \"screw\", \"name\": \"M4 x 12 screw, \\\"pan\\\"\", "
            "\"number\": \"91290A\", \"count\": 1, \"objects\": [\"screw-5\"]}\n"
            "      ]\n"
            "    },\n"
            "    {\n"
            "      \"label\": \"Step 1: the panel\",\n"
            "      \"start\": 0,\n"
            "      \"end\": 0.5,\n"
            "      \"parts\": [\n"
            "        {\"model\": \"panel\", \"name\": null, \"number\": null, \"count\": 1, "
            "\"objects\": [\"panel\"]},\n"
            "        {\"model\": \"lamp\", \"name\": null, \"number\": \"L-1\", \"count\": 1, "
            "\"objects\": [\"lamp\"]}\n"
            "      ]\n"
            "    },\n"
            "    {\n"
            "      \"label\": \"Step 2: the screws\",\n"
            "      \"start\": 1,\n"
            "      \"end\": 2.5,\n"
            "      \"parts\": [\n"
            "        {\"model\": \"screw\", \"name\": \"M4 x 12 screw, \\\"pan\\\"\", "
            "\"number\": \"91290A\", \"count\": 2, \"objects\": [\"screw-1\", \"screw-2\"]}\n"
            "      ]\n"
            "    },\n"
            "    {\n"
            "      \"label\": \"Step 3: more screws\",\n"
            "      \"start\": 2.5,\n"
            "      \"end\": 4,\n"
            "      \"parts\": [\n"
            "        {\"model\": \"screw\", \"name\": \"M4 x 12 screw, \\\"pan\\\"\", "
            "\"number\": \"91290A\", \"count\": 2, \"objects\": [\"screw-3\", \"screw-4\"]}\n"
            "      ]\n"
            "    }\n"
            "  ],\n"
            "  \"total\": [\n"
            "    {\"model\": \"panel\", \"name\": null, \"number\": null, \"count\": 1},\n"
            "    {\"model\": \"lamp\", \"name\": null, \"number\": \"L-1\", \"count\": 1},\n"
            "    {\"model\": \"screw\", \"name\": \"M4 x 12 screw, \\\"pan\\\"\", \"number\": "
            "\"91290A\", \"count\": 5}\n"
            "  ]\n"
            "}\n");
}

TEST(PartsListTest, CsvQuotesWhatNeedsIt) {
  EXPECT_EQ(PartsListCsv(ShopScene().List()),
            "chapter,start,end,model,name,number,count,objects\r\n"
            ",5,5,screw,\"M4 x 12 screw, \"\"pan\"\"\",91290A,1,screw-5\r\n"
            "Step 1: the panel,0,0.5,panel,,,1,panel\r\n"
            "Step 1: the panel,0,0.5,lamp,,L-1,1,lamp\r\n"
            "Step 2: the screws,1,2.5,screw,\"M4 x 12 screw, \"\"pan\"\"\",91290A,2,screw-1 "
            "screw-2\r\n"
            "Step 3: more screws,2.5,4,screw,\"M4 x 12 screw, \"\"pan\"\"\",91290A,2,screw-3 "
            "screw-4\r\n"
            "total,,,panel,,,1,\r\n"
            "total,,,lamp,,L-1,1,\r\n"
            "total,,,screw,\"M4 x 12 screw, \"\"pan\"\"\",91290A,5,\r\n");
}

TEST(PartsListTest, TextForPeople) {
  EXPECT_EQ(PartsListText(ShopScene().List()),
            "shop: parts by chapter\n"
            "\n"
            "Outside the chapters\n"
            "  1 × screw (M4 x 12 screw, \"pan\", no. 91290A)\n"
            "\n"
            "Step 1: the panel (0 - 0.5 s)\n"
            "  1 × panel\n"
            "  1 × lamp (no. L-1)\n"
            "\n"
            "Step 2: the screws (1 - 2.5 s)\n"
            "  2 × screw (M4 x 12 screw, \"pan\", no. 91290A)\n"
            "\n"
            "Step 3: more screws (2.5 - 4 s)\n"
            "  2 × screw (M4 x 12 screw, \"pan\", no. 91290A)\n"
            "\n"
            "Total\n"
            "  1 × panel\n"
            "  1 × lamp (no. L-1)\n"
            "  5 × screw (M4 x 12 screw, \"pan\", no. 91290A)\n");
}

}  // namespace
}  // namespace cinc
