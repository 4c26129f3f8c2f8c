#include <gtest/gtest.h>

#include <string>

#include "importers/gltf_importer.h"
#include "importers/model_content.h"

namespace cinc {
namespace {

// One triangle: three positions (all zero) and three float32 indices 0, 1
// and 2^96, in a data URI.
constexpr char kTriangleWithAHugeIndex[] = R"({
  "asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}],
  "nodes": [{"name": "part", "mesh": 0}],
  "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
  "accessors": [
    {"bufferView": 0, "componentType": 5126, "count": 3, "type": "VEC3"},
    {"bufferView": 1, "componentType": 5126, "count": 3, "type": "SCALAR"}],
  "bufferViews": [{"buffer": 0, "byteLength": 36},
                  {"buffer": 0, "byteOffset": 36, "byteLength": 12}],
  "buffers": [{"byteLength": 48, "uri": "data:application/octet-stream;base64,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgD8AAIBv"}]
})";

// Found by fuzzing (UBSan: the index, converted to long long for the
// message, did not fit): the index is written as the number it is.
TEST(GltfContentTest, AnIndexPastEveryIntegerIsReportedAsItIs) {
  ModelContent content;
  std::string error;
  EXPECT_FALSE(ReadGltfContent(kTriangleWithAHugeIndex, false, ".", &content, &error));
  EXPECT_EQ(error, "a mesh index 7.922816251426434e+28 is out of range for 3 vertices");
}

}  // namespace
}  // namespace cinc
