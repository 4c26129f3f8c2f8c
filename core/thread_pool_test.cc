#include "core/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/parallel_for.h"
#include "core/two_threads.h"

#if defined(__unix__)
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace cinc {
namespace {

TEST(ThreadPoolTest, WorkRunsOnAHelperAndItsExceptionIsReturned) {
  HelperTask task;
  std::thread::id ran_on;
  const std::function<void()> work = [&] { ran_on = std::this_thread::get_id(); };
  ASSERT_TRUE(task.Start(work));
  EXPECT_EQ(task.Wait(), nullptr);
  EXPECT_NE(ran_on, std::this_thread::get_id());

  const std::function<void()> failing = [] { throw std::runtime_error("on the helper"); };
  ASSERT_TRUE(task.Start(failing));  // started again once waited for
  std::exception_ptr failure = task.Wait();
  ASSERT_NE(failure, nullptr);
  EXPECT_THROW(std::rethrow_exception(failure), std::runtime_error);
  EXPECT_EQ(task.Wait(), nullptr);  // nothing more to wait for
}

TEST(ThreadPoolTest, HelpersAreStartedOnceAndReused) {
  RunOnTwoThreads([] {}, [] {});  // the pool has a helper now
  const size_t started = HelpersStarted();
  EXPECT_GE(started, 1u);
  EXPECT_LE(started, MaxHelpers());
  std::set<std::thread::id> helpers;
  for (int round = 0; round < 200; ++round) {
    RunOnTwoThreads([&] { helpers.insert(std::this_thread::get_id()); }, [] {});
  }
  // One call at a time: a helper is idle again before its caller returns.
  EXPECT_EQ(HelpersStarted(), started);
  EXPECT_EQ(helpers.size(), 1u);
  EXPECT_EQ(helpers.count(std::this_thread::get_id()), 0u);
}

// Every helper kept busy until released; the caller then does the work.
TEST(ThreadPoolTest, WithEveryHelperBusyTheCallerDoesTheWork) {
  std::mutex mutex;
  std::condition_variable changed;
  bool release = false;
  const std::function<void()> hold = [&] {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return release; });
  };
  std::vector<std::unique_ptr<HelperTask>> holders;
  for (size_t i = 0; i < MaxHelpers(); ++i) {
    holders.push_back(std::make_unique<HelperTask>());
    ASSERT_TRUE(holders.back()->Start(hold)) << i;
  }
  HelperTask refused;
  const std::function<void()> nothing = [] {};
  EXPECT_FALSE(refused.Start(nothing));
  std::thread::id beside_thread;
  RunOnTwoThreads([&] { beside_thread = std::this_thread::get_id(); }, [] {});
  EXPECT_EQ(beside_thread, std::this_thread::get_id());
  {
    std::lock_guard<std::mutex> lock(mutex);
    release = true;
  }
  changed.notify_all();
  for (auto& holder : holders) EXPECT_EQ(holder->Wait(), nullptr);
}

TEST(ThreadPoolTest, PooledWorkThatCallsParallelForDoesNotDeadlock) {
  // Three levels of ParallelFor, each item of each level on either thread.
  std::vector<std::atomic<int>> done(20 * 20 * 20);
  ParallelFor(0, 20, [&](size_t a) {
    ParallelFor(0, 20, [&](size_t b) {
      ParallelFor(0, 20, [&](size_t c) { ++done[(a * 20 + b) * 20 + c]; });
    });
  });
  for (const std::atomic<int>& count : done) ASSERT_EQ(count.load(), 1);
}

TEST(ThreadPoolTest, CallsFromManyThreadsAtOnceAreEachDone) {
  std::atomic<int> done{0};
  std::vector<std::thread> callers;
  for (int t = 0; t < 4; ++t) {
    callers.emplace_back([&] {
      for (int round = 0; round < 100; ++round) RunOnTwoThreads([&] { ++done; }, [&] { ++done; });
    });
  }
  for (std::thread& caller : callers) caller.join();
  EXPECT_EQ(done.load(), 4 * 100 * 2);
}

#if defined(__unix__)
TEST(ThreadPoolTest, HelpersBlockEverySignal) {
  sigset_t seen;
  const std::function<void()> work = [&] { pthread_sigmask(SIG_SETMASK, nullptr, &seen); };
  HelperTask task;
  ASSERT_TRUE(task.Start(work));
  task.Wait();
  EXPECT_EQ(sigismember(&seen, SIGINT), 1);
  EXPECT_EQ(sigismember(&seen, SIGTERM), 1);
  sigset_t mine;
  pthread_sigmask(SIG_SETMASK, nullptr, &mine);
  EXPECT_EQ(sigismember(&mine, SIGINT), 0);  // the caller's own mask is as it was
}

TEST(ThreadPoolTest, AForkedChildDoesItsWorkItself) {
  RunOnTwoThreads([] {}, [] {});  // the parent's pool has a helper
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    HelperTask task;
    const std::function<void()> nothing = [] {};
    const bool handed = task.Start(nothing);
    std::thread::id beside_thread;
    RunOnTwoThreads([&] { beside_thread = std::this_thread::get_id(); }, [] {});
    _exit(!handed && beside_thread == std::this_thread::get_id() ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}
#endif

}  // namespace
}  // namespace cinc
