// Test helpers for the scene loader: load a text, show each diagnostic as one
// line "line:column CODE path: message"; exact seconds; vectors.
#ifndef CINC_COMPILER_SCENE_SCENE_LOADER_TEST_UTIL_H_
#define CINC_COMPILER_SCENE_SCENE_LOADER_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "compiler/scene/scene_loader.h"

namespace cinc::testing_support {

inline std::string ShowDiagnostic(const Diagnostic& diagnostic) {
  return std::to_string(diagnostic.location.line) + ":" +
         std::to_string(diagnostic.location.column) + " " + std::string(diagnostic.code_name()) +
         " " + diagnostic.path + ": " + diagnostic.message;
}

struct Loaded {
  Scene scene;
  std::vector<std::string> diagnostics;
};

inline Loaded Load(std::string_view text, const std::string& file = "scenes/test.yaml",
                   const SceneLoadOptions& options = {}) {
  Diagnostics diagnostics;
  Loaded loaded;
  loaded.scene = LoadSceneFromText(text, file, options, &diagnostics);
  for (const Diagnostic& diagnostic : diagnostics.items()) {
    EXPECT_EQ(diagnostic.file, file);
    EXPECT_EQ(diagnostic.severity, Severity::kError);
    loaded.diagnostics.push_back(ShowDiagnostic(diagnostic));
  }
  return loaded;
}

inline std::vector<std::string> Problems(std::string_view text) { return Load(text).diagnostics; }

inline ExactTime Seconds(int64_t numerator, int64_t denominator = 1) {
  return ExactTime::FromRatio(numerator, denominator);
}

inline void ExpectVec3(const Vec3& actual, double x, double y, double z) {
  EXPECT_DOUBLE_EQ(actual.x, x);
  EXPECT_DOUBLE_EQ(actual.y, y);
  EXPECT_DOUBLE_EQ(actual.z, z);
}

}  // namespace cinc::testing_support

#endif  // CINC_COMPILER_SCENE_SCENE_LOADER_TEST_UTIL_H_
