#include "core/two_threads.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <new>
#include <stdexcept>
#include <thread>
#include <vector>

namespace cinc {
namespace {

TEST(TwoThreadsTest, BesideRunsOnAnotherThreadAndBothFinish) {
  std::thread::id beside_thread;
  bool here_ran = false;
  RunOnTwoThreads([&] { beside_thread = std::this_thread::get_id(); }, [&] { here_ran = true; });
  EXPECT_TRUE(here_ran);
  EXPECT_NE(beside_thread, std::thread::id());
  EXPECT_NE(beside_thread, std::this_thread::get_id());
}

TEST(TwoThreadsTest, WithoutAThreadBesideRunsFirstOnThisOne) {
  std::vector<int> order;
  std::thread::id beside_thread;
  RunOnTwoThreads(
      [&] {
        beside_thread = std::this_thread::get_id();
        order.push_back(1);
      },
      [&] { order.push_back(2); }, /*use_thread=*/false);
  EXPECT_EQ(order, (std::vector<int>{1, 2}));
  EXPECT_EQ(beside_thread, std::this_thread::get_id());
}

TEST(TwoThreadsTest, ItemsClaimedOneAtATimeAreEachDoneOnce) {
  for (bool use_thread : {true, false}) {
    std::vector<int> done(10000, 0);
    std::atomic<size_t> next{0};
    auto work = [&] {
      for (size_t index = next++; index < done.size(); index = next++) ++done[index];
    };
    RunOnTwoThreads(work, work, use_thread);
    EXPECT_EQ(std::count(done.begin(), done.end(), 1), 10000) << use_thread;
  }
}

TEST(TwoThreadsTest, AnExceptionOnEitherThreadReachesTheCallerAfterBoth) {
  for (bool use_thread : {true, false}) {
    bool here_finished = false;
    EXPECT_THROW(
        RunOnTwoThreads([] { throw std::bad_alloc(); }, [&] { here_finished = true; }, use_thread),
        std::bad_alloc);
    EXPECT_EQ(here_finished, use_thread);  // without a thread, beside runs first and throws
    bool beside_finished = false;
    EXPECT_THROW(RunOnTwoThreads([&] { beside_finished = true; },
                                 [] { throw std::runtime_error("here"); }, use_thread),
                 std::runtime_error);
    EXPECT_TRUE(beside_finished);
  }
}

}  // namespace
}  // namespace cinc
