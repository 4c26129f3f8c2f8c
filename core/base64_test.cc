#include "core/base64.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

// RFC 4648, section 10's test vectors.
TEST(Base64Test, TestVectors) {
  EXPECT_EQ(Base64Encode(""), "");
  EXPECT_EQ(Base64Encode("f"), "Zg==");
  EXPECT_EQ(Base64Encode("fo"), "Zm8=");
  EXPECT_EQ(Base64Encode("foo"), "Zm9v");
  EXPECT_EQ(Base64Encode("foob"), "Zm9vYg==");
  EXPECT_EQ(Base64Encode("fooba"), "Zm9vYmE=");
  EXPECT_EQ(Base64Encode("foobar"), "Zm9vYmFy");
  EXPECT_EQ(Base64Encode(std::string("\xff\x00\x80", 3)), "/wCA");
}

TEST(Base64Test, DecodesWhatItEncodes) {
  for (std::string text : {"", "f", "fo", "foo", "foob", "fooba", "foobar"}) {
    EXPECT_EQ(Base64Decode(Base64Encode(text)), text);
  }
  std::string all;
  for (int c = 0; c < 256; ++c) all += static_cast<char>(c);
  EXPECT_EQ(Base64Decode(Base64Encode(all)), all);
  EXPECT_EQ(Base64Decode("/wCA"), std::string("\xff\x00\x80", 3));
}

TEST(Base64Test, RefusesWhatIsNotBase64) {
  EXPECT_EQ(Base64Decode("Zg="), std::nullopt);  // not groups of 4
  EXPECT_EQ(Base64Decode("Zg"), std::nullopt);
  EXPECT_EQ(Base64Decode("Z g="), std::nullopt);      // a space
  EXPECT_EQ(Base64Decode("Zg==Zg=="), std::nullopt);  // padding inside
  EXPECT_EQ(Base64Decode("Z==="), std::nullopt);      // three '='
  EXPECT_EQ(Base64Decode("Zm9-"), std::nullopt);      // URL-safe alphabet
}

}  // namespace
}  // namespace cinc
