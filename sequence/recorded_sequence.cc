#include "sequence/recorded_sequence.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "sequence/sequence_json.h"
#include "sequence/sequence_parse.h"
#include "sequence/validator.h"

namespace cinc::testing {
namespace {

std::string Describe(const Diagnostics& diagnostics) {
  std::string text;
  for (const Diagnostic& problem : diagnostics.items()) {
    text += std::string(problem.code_name()) + " " + problem.path + ": " + problem.message + "\n";
  }
  return text;
}

// Writes the text under the recording folder, numbered within the running test.
void Record(const std::string& text) {
  const char* folder = std::getenv("CINC_RECORD_VALID_SEQUENCES");
  if (folder == nullptr || *folder == '\0') return;
  const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
  std::string name = test == nullptr ? std::string("outside_a_test")
                                     : std::string(test->test_suite_name()) + "." + test->name();
  static std::map<std::string, int> count_by_test;
  int number = ++count_by_test[name];
  std::filesystem::path path =
      std::filesystem::path(folder) / (name + "." + std::to_string(number) + ".json");
  std::ofstream file(path, std::ios::binary);
  file << text;
  EXPECT_TRUE(file.good()) << "could not record " << path;
}

}  // namespace

void ExpectValidSequence(const Sequence& sequence) {
  Diagnostics diagnostics("recorded.sequence.json");
  std::string text = WriteSequence(sequence);
  EXPECT_TRUE(ParseSequenceText(text, &diagnostics).has_value()) << Describe(diagnostics);
  EXPECT_TRUE(diagnostics.items().empty()) << Describe(diagnostics);
  Record(text);
}

void ExpectValidSequenceText(const std::string& text) {
  Diagnostics diagnostics("recorded.sequence.json");
  EXPECT_TRUE(ParseSequenceText(text, &diagnostics).has_value()) << Describe(diagnostics);
  EXPECT_TRUE(diagnostics.items().empty()) << Describe(diagnostics);
  Record(text);
}

}  // namespace cinc::testing
