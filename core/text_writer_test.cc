#include "core/text_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "core/json_writer.h"
#include "core/number_format.h"

namespace cinc {
namespace {

TEST(TextWriterTest, WritingNothingLeavesTheStringAsItWas) {
  std::string empty;
  { TextWriter writer(&empty); }
  EXPECT_EQ(empty, "");
  std::string text = "abc";
  {
    TextWriter writer(&text);
    writer.Append("");
    char* at = writer.Room(100);
    writer.Advance(at);  // room made, nothing written
  }
  EXPECT_EQ(text, "abc");
  EXPECT_EQ(text.size(), 3u);
}

TEST(TextWriterTest, PiecesFollowTheTextInOrder) {
  std::string text = "[";
  {
    TextWriter writer(&text);
    char* at = writer.Room(32);
    at = Put(at, "{\"t\": ");
    at = WriteJsonNumber(2.5, at);
    *at++ = '}';
    writer.Advance(at);
    writer.Append(", ");
    writer.Append(std::string_view("xyz", 2));
  }
  EXPECT_EQ(text, "[{\"t\": 2.5}, xy");
}

TEST(TextWriterTest, SettleGivesTheTextAndWritingGoesOnAfterIt) {
  std::string text;
  TextWriter writer(&text);
  writer.Append("ab");
  std::string* settled = writer.Settle();
  EXPECT_EQ(settled, &text);
  EXPECT_EQ(text, "ab");
  text += "cd";
  writer.Append("ef");
  writer.Settle();
  EXPECT_EQ(text, "abcdef");
  writer.Append("g");
  EXPECT_GT(text.size(), 7u);  // the room is part of the string until settled
  writer.Settle();
  EXPECT_EQ(text, "abcdefg");
}

TEST(TextWriterTest, GrowsPastItsSlackAndKeepsEveryByte) {
  // 1,000 pieces of 10 bytes: 10,000 bytes, more than twice kSlack.
  std::string text;
  std::string expected;
  {
    TextWriter writer(&text);
    for (int index = 0; index < 1000; ++index) {
      const char digit = static_cast<char>('0' + index % 10);
      char* at = writer.Room(10);
      for (int byte = 0; byte < 10; ++byte) *at++ = digit;
      writer.Advance(at);
      expected.append(10, digit);
    }
  }
  EXPECT_EQ(text.size(), 10000u);
  EXPECT_EQ(text, expected);
  // One piece larger than the slack.
  std::string large;
  {
    TextWriter writer(&large);
    writer.Append(std::string(3 * TextWriter::kSlack, 'x'));
  }
  EXPECT_EQ(large, std::string(3 * TextWriter::kSlack, 'x'));
}

TEST(TextWriterTest, AStringWithRoomReservedStaysWhereItIs) {
  std::string text;
  text.reserve(20000);
  const char* const storage = text.data();
  {
    TextWriter writer(&text);
    for (int index = 0; index < 1000; ++index) writer.Append("0123456789");
  }
  EXPECT_EQ(text.data(), storage);
  EXPECT_EQ(text.size(), 10000u);
}

TEST(TextWriterTest, NumbersAreWrittenAsAppendJsonNumberWritesThem) {
  auto write = [](double value) {
    char buffer[kJsonNumberMax];
    return std::string(buffer, WriteJsonNumber(value, buffer));
  };
  EXPECT_EQ(write(0.0), "0");
  EXPECT_EQ(write(-0.0), "0");
  EXPECT_EQ(write(8), "8");
  EXPECT_EQ(write(-2.5), "-2.5");
  EXPECT_EQ(write(0.05), "0.05");
  EXPECT_EQ(write(1), "1");
  EXPECT_EQ(write(9), "9");
  EXPECT_EQ(write(10), "10");
  EXPECT_EQ(write(8.5), "8.5");
  EXPECT_EQ(write(-1), "-1");
  EXPECT_EQ(write(-99999.999), "-99999.999");
  EXPECT_EQ(write(12345.6), "12345.6");
  EXPECT_EQ(write(100000), "1e+05");  // shorter than "100000"
  EXPECT_EQ(write(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(write(1e-7), "1e-07");
  EXPECT_EQ(write(std::nan("")), "null");
  EXPECT_EQ(write(std::numeric_limits<double>::infinity()), "null");
  // The longest: 17 digits, a sign, a point and a three-digit exponent,
  // kDoubleTextMax characters exactly.
  EXPECT_EQ(write(-std::numeric_limits<double>::min()), "-2.2250738585072014e-308");
  EXPECT_EQ(write(-std::numeric_limits<double>::max()), "-1.7976931348623157e+308");
}

TEST(TextWriterTest, StringsAreQuotedAndEscapedAsAppendJsonStringDoes) {
  auto write = [](std::string_view text) {
    std::string out = "[";
    {
      TextWriter writer(&out);
      WriteJsonString(text, &writer);
      writer.Append("]");
    }
    return out;
  };
  EXPECT_EQ(write(""), "[\"\"]");
  EXPECT_EQ(write("part12"), "[\"part12\"]");
  EXPECT_EQ(write("a\"b"), "[\"a\\\"b\"]");
  EXPECT_EQ(write("back\\slash"), "[\"back\\\\slash\"]");
  EXPECT_EQ(write("two\nlines"), "[\"two\\nlines\"]");
  EXPECT_EQ(write(std::string_view("\x01", 1)), "[\"\\u0001\"]");
  EXPECT_EQ(write("caf\xc3\xa9"), "[\"caf\xc3\xa9\"]");  // UTF-8 kept as it is
  // 16 bytes and more are checked eight at a time, the last eight overlapping.
  EXPECT_EQ(write("sixteen bytes ok"), "[\"sixteen bytes ok\"]");
  EXPECT_EQ(write("seventeen bytes\tx"), "[\"seventeen bytes\\tx\"]");
  EXPECT_EQ(write("a tab at the end\t"), "[\"a tab at the end\\t\"]");
}

}  // namespace
}  // namespace cinc
