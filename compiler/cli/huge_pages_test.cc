#include "compiler/cli/huge_pages.h"

#include <gtest/gtest.h>

#include <cstdlib>

namespace cinc {
namespace {

HugePagesInputs LargeInput() {
  HugePagesInputs inputs;
  inputs.input_bytes = 9'000'000;  // a 100,000-node scene
  return inputs;
}

TEST(DecideHugePages, RestartsForALargeInput) {
  EXPECT_EQ(DecideHugePages(LargeInput()), HugePagesDecision::kRestart);
  HugePagesInputs at_the_limit = LargeInput();
  at_the_limit.input_bytes = 1024 * 1024;
  EXPECT_EQ(DecideHugePages(at_the_limit), HugePagesDecision::kRestart);
  HugePagesInputs other_tunables = LargeInput();
  other_tunables.tunables = "glibc.malloc.arena_max=2";
  EXPECT_EQ(DecideHugePages(other_tunables), HugePagesDecision::kRestart);
  HugePagesInputs switched_on = LargeInput();
  switched_on.choice = "1";
  EXPECT_EQ(DecideHugePages(switched_on), HugePagesDecision::kRestart);
}

TEST(DecideHugePages, GoesOnForASmallOrUnreadableInput) {
  HugePagesInputs small = LargeInput();
  small.input_bytes = 1024 * 1024 - 1;
  EXPECT_EQ(DecideHugePages(small), HugePagesDecision::kGoOn);
  HugePagesInputs unreadable = LargeInput();
  unreadable.input_bytes = 0;
  EXPECT_EQ(DecideHugePages(unreadable), HugePagesDecision::kGoOn);
}

TEST(DecideHugePages, NeverRestartsTwiceOrAgainstTheUser) {
  HugePagesInputs restarted = LargeInput();
  restarted.restarted = true;
  EXPECT_EQ(DecideHugePages(restarted), HugePagesDecision::kGoOn);
  HugePagesInputs switched_off = LargeInput();
  switched_off.choice = "0";
  EXPECT_EQ(DecideHugePages(switched_off), HugePagesDecision::kGoOn);
  HugePagesInputs user_set = LargeInput();
  user_set.tunables = "glibc.malloc.hugetlb=0";
  EXPECT_EQ(DecideHugePages(user_set), HugePagesDecision::kGoOn);
  HugePagesInputs under_a_tool = LargeInput();
  under_a_tool.preloaded = true;
  EXPECT_EQ(DecideHugePages(under_a_tool), HugePagesDecision::kGoOn);
}

TEST(TunablesWithHugePages, AddsTheSettingToTheUsersTunables) {
  EXPECT_EQ(TunablesWithHugePages(std::nullopt), "glibc.malloc.hugetlb=1");
  EXPECT_EQ(TunablesWithHugePages(""), "glibc.malloc.hugetlb=1");
  EXPECT_EQ(TunablesWithHugePages("glibc.malloc.arena_max=2"),
            "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1");
}

#if defined(__linux__) && defined(__GLIBC__)
TEST(RestoreEnvironmentAfterRestart, GivesTheTunablesBackTheirOldValue) {
  setenv("GLIBC_TUNABLES", "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1", 1);
  setenv("CINC_RESTARTED_FOR_HUGE_PAGES", "=glibc.malloc.arena_max=2", 1);
  EXPECT_TRUE(RestoreEnvironmentAfterRestart());
  ASSERT_NE(std::getenv("GLIBC_TUNABLES"), nullptr);
  EXPECT_STREQ(std::getenv("GLIBC_TUNABLES"), "glibc.malloc.arena_max=2");
  EXPECT_EQ(std::getenv("CINC_RESTARTED_FOR_HUGE_PAGES"), nullptr);

  setenv("GLIBC_TUNABLES", "glibc.malloc.hugetlb=1", 1);
  setenv("CINC_RESTARTED_FOR_HUGE_PAGES", "-", 1);
  EXPECT_TRUE(RestoreEnvironmentAfterRestart());
  EXPECT_EQ(std::getenv("GLIBC_TUNABLES"), nullptr);

  // Not restarted: nothing changes.
  setenv("GLIBC_TUNABLES", "glibc.malloc.arena_max=2", 1);
  EXPECT_FALSE(RestoreEnvironmentAfterRestart());
  EXPECT_STREQ(std::getenv("GLIBC_TUNABLES"), "glibc.malloc.arena_max=2");
  unsetenv("GLIBC_TUNABLES");
}
#endif

}  // namespace
}  // namespace cinc
