#include "sequence/cue_data.h"

#include <gtest/gtest.h>

#include <limits>
#include <string>

namespace cinc {
namespace {

Ease Named(const char* name) { return *Ease::FromName(name); }

std::string Appended(const CueData& data, size_t depth) {
  std::string out;
  AppendCueData(data, depth, &out);
  return out;
}

TEST(CueData, AbsentIsNoValueAndWritesNull) {
  CueData data;
  EXPECT_FALSE(data);
  EXPECT_FALSE(CueData(std::nullopt).has_value());
  EXPECT_EQ(data.fade(), nullptr);
  EXPECT_EQ(data.json(), nullptr);
  EXPECT_TRUE(data.ToJson().is_null());
  EXPECT_EQ(Appended(data, 5), "null");
}

TEST(CueData, OpacityEaseIsANameOrTheWrittenArray) {
  EXPECT_EQ(OpacityEaseName(Named("ease-in")), "ease-in");
  EXPECT_EQ(OpacityEaseName(Named("step")), "step");
  EXPECT_EQ(OpacityEaseName(Ease::Linear()), "linear");
  EXPECT_EQ(OpacityEaseName(Ease::CubicBezier(0.1, 0.2, 0.3, 0.4)), "");
  EXPECT_EQ(OpacityEaseJson(Named("ease_in_out")), Json("ease_in_out"));
  EXPECT_EQ(OpacityEaseJson(Ease::CubicBezier(0.1, 0.2, 0.3, 0.4)),
            Json::array({0.1, 0.2, 0.3, 0.4}));
}

TEST(CueData, FadeIsTheJsonObjectOfItsFourMembers) {
  CueData data = OpacityFade{1, 0, 0.5, Named("ease-out")};
  ASSERT_TRUE(data);
  ASSERT_NE(data.fade(), nullptr);
  EXPECT_EQ(data.json(), nullptr);
  EXPECT_EQ(data.fade()->duration, 0.5);
  Json expected = Json::object();
  expected["from"] = 1.0;
  expected["to"] = 0.0;
  expected["duration"] = 0.5;
  expected["ease"] = "ease-out";
  EXPECT_EQ(data.ToJson(), expected);
  EXPECT_EQ(WriteCompactJson(data.ToJson()),
            R"({"from":1,"to":0,"duration":0.5,"ease":"ease-out"})");
}

TEST(CueData, FadeIsWrittenOnOneLineAsTheJsonWriterWritesIt) {
  CueData named = OpacityFade{0.25, 1, 2, Ease::Linear()};
  EXPECT_EQ(Appended(named, 5), R"({"from": 0.25, "to": 1, "duration": 2, "ease": "linear"})");
  CueData written = OpacityFade{0, 1, 3, Ease::CubicBezier(0.42, 0, 1, 1)};
  EXPECT_EQ(Appended(written, 5),
            R"({"from": 0, "to": 1, "duration": 3, "ease": [0.42, 0, 1, 1]})");
  CueData infinite = OpacityFade{std::numeric_limits<double>::infinity(), 1, 0, Named("step")};
  EXPECT_EQ(Appended(infinite, 2), R"({"from": null, "to": 1, "duration": 0, "ease": "step"})");
  for (const CueData* data : {&named, &written, &infinite}) {
    std::string through_json;
    AppendJsonValue(data->ToJson(), 5, &through_json);
    EXPECT_EQ(Appended(*data, 5), through_json);
  }
}

TEST(CueData, JsonIsKeptEditableAndWrittenByTheJsonWriter) {
  CueData data = Json::parse(R"({"label": "Step 1", "end": 3, "nested": {"a": [1, {"b": 2}]}})");
  ASSERT_NE(data.json(), nullptr);
  EXPECT_EQ(data.fade(), nullptr);
  (*data.json())["end"] = 9;
  EXPECT_EQ(data.ToJson()["end"], 9);
  std::string expected;
  AppendJsonValue(*data.json(), 5, &expected);
  EXPECT_NE(expected.find('\n'), std::string::npos);  // not flat: laid out over lines
  EXPECT_EQ(Appended(data, 5), expected);
  EXPECT_EQ(Appended(CueData(Json("beat")), 5), R"("beat")");
}

}  // namespace
}  // namespace cinc
