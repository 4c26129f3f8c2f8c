// One T per thread, for the items ParallelFor shares out: the threads never
// read each other's (emission's memos, markers/pose_memo.h).
#ifndef CINC_CORE_PER_THREAD_H_
#define CINC_CORE_PER_THREAD_H_

#include <map>
#include <memory>
#include <mutex>
#include <thread>

namespace cinc {

template <typename T>
class PerThread {
 public:
  // The calling thread's T, value-initialized on its first call.
  T& ForThisThread() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::unique_ptr<T>& mine = items_[std::this_thread::get_id()];
    if (mine == nullptr) mine = std::make_unique<T>();
    return *mine;
  }

 private:
  std::mutex mutex_;
  std::map<std::thread::id, std::unique_ptr<T>> items_;
};

}  // namespace cinc

#endif  // CINC_CORE_PER_THREAD_H_
