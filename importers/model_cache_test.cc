#include "importers/model_cache.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace cinc {
namespace {

// A glTF JSON with one marker node "m" at (1, 2, 3).
std::string GltfWithMarker(double x) {
  return R"({"asset":{"version":"2.0"},"scenes":[{"nodes":[0]}],"nodes":[{"name":"m","translation":[)" +
         std::to_string(x) + R"(,2,3]}]})";
}

TEST(ModelCacheTest, ReadsAgainOnlyWhenTheFileChanged) {
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / ("model_cache_test_" + std::to_string(getpid()));
  std::filesystem::create_directories(folder);
  const std::string path = (folder / "m.gltf").string();
  std::ofstream(path) << GltfWithMarker(1);
  ModelCache cache;
  ImportSettings settings;
  settings.isolate = false;
  Diagnostics diagnostics(path);
  ImportedModel first = cache.Import(path, &diagnostics, settings);
  ImportedModel second = cache.Import(path, &diagnostics, settings);
  EXPECT_EQ(cache.reads(), 1);
  ASSERT_EQ(second.markers.size(), 1u);
  EXPECT_EQ(second.markers[0].pose.position.x, 1);
  // A different size is a different file.
  std::ofstream(path) << GltfWithMarker(10);
  ImportedModel third = cache.Import(path, &diagnostics, settings);
  EXPECT_EQ(cache.reads(), 2);
  ASSERT_EQ(third.markers.size(), 1u);
  EXPECT_EQ(third.markers[0].pose.position.x, 10);
  EXPECT_FALSE(diagnostics.HasErrors());
  std::filesystem::remove_all(folder);
}

TEST(ModelCacheTest, KeepsTheProblemsOfABadFile) {
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / ("model_cache_bad_" + std::to_string(getpid()));
  std::filesystem::create_directories(folder);
  const std::string path = (folder / "bad.gltf").string();
  std::ofstream(path) << "{ not json";
  ModelCache cache;
  ImportSettings settings;
  settings.isolate = false;
  Diagnostics first(path);
  cache.Import(path, &first, settings);
  Diagnostics second(path);
  cache.Import(path, &second, settings);
  EXPECT_EQ(cache.reads(), 1);
  ASSERT_EQ(first.items().size(), second.items().size());
  ASSERT_FALSE(second.items().empty());
  EXPECT_EQ(second.items()[0].message, first.items()[0].message);
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace cinc
