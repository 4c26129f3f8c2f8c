#include "core/parallel_for.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <new>
#include <set>
#include <thread>
#include <vector>

namespace cinc {
namespace {

TEST(ParallelForTest, EveryIndexOfTheRangeIsDoneOnce) {
  for (size_t count :
       {size_t{0}, size_t{1}, kItemsWorthAThread - 1, kItemsWorthAThread, size_t{10000}}) {
    std::vector<int> done(count + 5, 0);
    ParallelFor(5, count + 5, [&](size_t index) { ++done[index]; });
    EXPECT_EQ(std::count(done.begin(), done.begin() + 5, 0), 5) << count;
    EXPECT_EQ(std::count(done.begin() + 5, done.end(), 1), static_cast<long>(count)) << count;
  }
}

TEST(ParallelForTest, FewItemsStayOnThisThreadInOrder) {
  std::vector<size_t> order;
  std::set<std::thread::id> threads;
  ParallelFor(0, kItemsWorthAThread - 1, [&](size_t index) {
    order.push_back(index);
    threads.insert(std::this_thread::get_id());
  });
  EXPECT_EQ(order, (std::vector<size_t>{0, 1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(threads, (std::set<std::thread::id>{std::this_thread::get_id()}));
}

TEST(ParallelForTest, ManyItemsUseAtMostTwoThreads) {
  std::mutex mutex;
  std::set<std::thread::id> threads;
  ParallelFor(0, 1000, [&](size_t) {
    std::lock_guard<std::mutex> lock(mutex);
    threads.insert(std::this_thread::get_id());
  });
  EXPECT_GE(threads.size(), 1u);
  EXPECT_LE(threads.size(), 2u);
}

TEST(ParallelForTest, AnExceptionReachesTheCaller) {
  EXPECT_THROW(ParallelFor(0, 100,
                           [](size_t index) {
                             if (index == 50) throw std::bad_alloc();
                           }),
               std::bad_alloc);
}

}  // namespace
}  // namespace cinc
