#include "core/json_writer.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

TEST(JsonWriterTest, WritesObjectsInOrderWithInlineScalarArrays) {
  Json value = Json::object();
  value["name"] = "a\"b";
  value["t"] = 0.6;
  value["count"] = 3;
  value["value"] = Json::array({0, 0.05, 1.0});
  value["keys"] = Json::array({Json{{"t", 0}, {"value", Json::array({1, 2})}}, Json::object()});
  value["empty"] = Json::array();
  EXPECT_EQ(WriteJson(value),
            "{\n"
            "  \"name\": \"a\\\"b\",\n"
            "  \"t\": 0.6,\n"
            "  \"count\": 3,\n"
            "  \"value\": [0, 0.05, 1],\n"
            "  \"keys\": [\n"
            "    {\"t\": 0, \"value\": [1, 2]},\n"
            "    {}\n"
            "  ],\n"
            "  \"empty\": []\n"
            "}\n");
}

TEST(JsonWriterTest, EscapesStringsThatNeedIt) {
  Json value = Json::array({"plain", "quote\"", "back\\slash", "tab\t", "caf\xc3\xa9", "bad\xff"});
  EXPECT_EQ(
      WriteCompactJson(value),
      "[\"plain\",\"quote\\\"\",\"back\\\\slash\",\"tab\\t\",\"caf\xc3\xa9\",\"bad\xef\xbf\xbd\"]");
}

// Plain text is checked eight bytes at a time: every byte value at every
// place of a 17-byte string (two words and one byte after them) is written
// as nlohmann's own escaping writes it (copied as it is when printable
// ASCII other than '"' and '\\').
TEST(JsonWriterTest, EveryByteAtEveryPlaceIsEscapedAsNlohmannDoes) {
  for (int byte = 0; byte < 256; ++byte) {
    for (size_t place = 0; place < 17; ++place) {
      std::string text(17, 'a');
      text[place] = static_cast<char>(byte);
      std::string written;
      AppendJsonString(text, &written);
      EXPECT_EQ(written, Json(text).dump(-1, ' ', false, Json::error_handler_t::replace))
          << "byte " << byte << " at " << place;
      const bool plain = byte >= 0x20 && byte < 0x7F && byte != '"' && byte != '\\';
      if (plain) {
        EXPECT_EQ(written, '"' + text + '"');
      }
    }
  }
}

TEST(JsonWriterTest, WritesCompactly) {
  Json value = {{"from", 0}, {"to", 1.5}, {"ease", Json::array({0.42, 0, 1, 1})}};
  EXPECT_EQ(WriteCompactJson(value), "{\"from\":0,\"to\":1.5,\"ease\":[0.42,0,1,1]}");
}

TEST(JsonWriterTest, WritesDeepDocumentsWithoutRecursion) {
  // 100,001 nested arrays: a recursive writer would exhaust the stack.
  Json value = Json::array();
  Json* innermost = &value;
  for (int depth = 0; depth < 100000; ++depth) {
    innermost->push_back(Json::array());
    innermost = &(*innermost)[0];
  }
  std::string text = WriteCompactJson(value);
  EXPECT_EQ(text.size(), 2u * 100001);
  EXPECT_EQ(text.substr(0, 3), "[[[");
  EXPECT_EQ(text.substr(text.size() - 3), "]]]");
}

}  // namespace
}  // namespace cinc
