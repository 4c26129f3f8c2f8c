// Scalars by the YAML 1.2 core schema, number texts and names.
#include "compiler/scene/scalars.h"

#include <gtest/gtest.h>

#include <cmath>

namespace cinc::scene_loading {
namespace {

YamlEvent Plain(std::string_view text) {
  YamlEvent event;
  event.kind = YamlEventKind::kScalar;
  event.plain = true;
  event.value = text;
  return event;
}

TEST(ScalarsTest, PlainScalarsResolveByTheCoreSchema) {
  EXPECT_EQ(ResolveScalar(Plain("")), ScalarType::kNull);
  EXPECT_EQ(ResolveScalar(Plain("~")), ScalarType::kNull);
  EXPECT_EQ(ResolveScalar(Plain("True")), ScalarType::kBool);
  EXPECT_EQ(ResolveScalar(Plain("-12")), ScalarType::kInteger);
  EXPECT_EQ(ResolveScalar(Plain("0x1F")), ScalarType::kInteger);
  EXPECT_EQ(ResolveScalar(Plain("0o17")), ScalarType::kInteger);
  EXPECT_EQ(ResolveScalar(Plain("1e-3")), ScalarType::kFloat);
  EXPECT_EQ(ResolveScalar(Plain("-.inf")), ScalarType::kFloat);
  EXPECT_EQ(ResolveScalar(Plain("1e")), ScalarType::kString);
  EXPECT_EQ(ResolveScalar(Plain("screw1")), ScalarType::kString);
  YamlEvent quoted = Plain("1");
  quoted.plain = false;
  EXPECT_EQ(ResolveScalar(quoted), ScalarType::kString);
}

TEST(ScalarsTest, NumberTextsHaveTheirValues) {
  EXPECT_EQ(IntegerValue("0x10"), 16);
  EXPECT_EQ(IntegerValue("+7"), 7);
  EXPECT_FALSE(IntegerValue("99999999999999999999").has_value());
  EXPECT_EQ(NumberValue("0.5"), 0.5);
  EXPECT_TRUE(std::isinf(NumberValue("1e400")));
  EXPECT_EQ(NumberValue("1e-400"), 0.0);
  EXPECT_TRUE(std::isnan(NumberValue(".nan")));
  EXPECT_EQ(BoundText(1000000), "1000000");
  EXPECT_EQ(BoundText(0.5), "0.5");
}

TEST(ScalarsTest, NamesAndLengths) {
  EXPECT_TRUE(IsName("screw-1_a"));
  EXPECT_FALSE(IsName("3d"));
  EXPECT_FALSE(IsName(""));
  EXPECT_EQ(CodePointCount("g\xC3\xA9"
                           "ar"),
            4u);
  EXPECT_EQ(DescribeValue(Plain("1")), "a number");
  EXPECT_EQ(DescribeValue(Plain("null")), "null");
}

}  // namespace
}  // namespace cinc::scene_loading
