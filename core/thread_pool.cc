#include "core/thread_pool.h"

#include <algorithm>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#if defined(__unix__)
#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#define CINC_POSIX_THREADS 1
#endif

namespace cinc {

struct HelperTask::Completion {
  std::mutex mutex;
  std::condition_variable finished_changed;
  bool finished = false;
  std::exception_ptr failure;
};

namespace {

long ProcessId() {
#ifdef CINC_POSIX_THREADS
  return static_cast<long>(getpid());
#else
  return 0;
#endif
}

class Pool;

// One helper thread and the work handed to it.
struct Helper {
  std::mutex mutex;
  std::condition_variable work_given;
  const std::function<void()>* work = nullptr;
  HelperTask::Completion* completion = nullptr;
};

class Pool {
 public:
  Pool() : process_(ProcessId()), max_helpers_(MaxHelpers()) {}

  // An idle helper given `work`, or false (see the header).
  bool Hand(const std::function<void()>& work, HelperTask::Completion* completion) {
    if (ProcessId() != process_) return false;  // a forked child: the helpers are not here
    Helper* helper = nullptr;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!idle_.empty()) {
        helper = idle_.back();
        idle_.pop_back();
      } else if (helpers_.size() < max_helpers_) {
        helper = StartHelper();
      }
    }
    if (helper == nullptr) return false;
    {
      std::lock_guard<std::mutex> lock(helper->mutex);
      helper->work = &work;
      helper->completion = completion;
    }
    helper->work_given.notify_one();
    return true;
  }

  size_t started() {
    std::lock_guard<std::mutex> lock(mutex_);
    return helpers_.size();
  }

 private:
  // A new helper, busy (its caller gives it work at once); null when no
  // thread can be had. Called with mutex_ held.
  Helper* StartHelper() {
    auto helper = std::make_unique<Helper>();
#ifdef CINC_POSIX_THREADS
    sigset_t every_signal;
    sigset_t before;
    sigfillset(&every_signal);
    pthread_sigmask(SIG_SETMASK, &every_signal, &before);  // the helper inherits it
#endif
    bool started = true;
    try {
      std::thread([this, helper = helper.get()] { Serve(helper); }).detach();
    } catch (const std::system_error&) {
      started = false;
    }
#ifdef CINC_POSIX_THREADS
    pthread_sigmask(SIG_SETMASK, &before, nullptr);
#endif
    if (!started) return nullptr;
    helpers_.push_back(std::move(helper));
    return helpers_.back().get();
  }

  [[noreturn]] void Serve(Helper* helper) {
    for (;;) {
      const std::function<void()>* work = nullptr;
      HelperTask::Completion* completion = nullptr;
      {
        std::unique_lock<std::mutex> lock(helper->mutex);
        helper->work_given.wait(lock, [helper] { return helper->work != nullptr; });
        work = std::exchange(helper->work, nullptr);
        completion = std::exchange(helper->completion, nullptr);
      }
      std::exception_ptr failure;
      try {
        (*work)();
      } catch (...) {
        failure = std::current_exception();
      }
      // Idle before the caller hears that the work is done, so that a caller
      // handing out work again at once finds this helper free.
      {
        std::lock_guard<std::mutex> lock(mutex_);
        idle_.push_back(helper);
      }
      // Notified under the lock: once it is released, the caller may return
      // and destroy the completion, which this thread no longer touches.
      std::lock_guard<std::mutex> lock(completion->mutex);
      completion->failure = failure;
      completion->finished = true;
      completion->finished_changed.notify_all();
    }
  }

  const long process_;
  const size_t max_helpers_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Helper>> helpers_;  // never shrinks: helpers live to the exit
  std::vector<Helper*> idle_;
};

// Never destroyed: helpers wait on it until the process exits.
Pool& ThePool() {
  static Pool* pool = new Pool();  // NOLINT: never deleted
  return *pool;
}

}  // namespace

size_t MaxHelpers() {
  const unsigned hardware = std::thread::hardware_concurrency();
  return std::max<size_t>(1, hardware > 1 ? hardware - 1 : 1);
}

size_t HelpersStarted() { return ThePool().started(); }

HelperTask::HelperTask() : completion_(std::make_unique<Completion>()) {}

HelperTask::~HelperTask() { Wait(); }

bool HelperTask::Start(const std::function<void()>& work) {
  if (started_) return false;
  completion_->finished = false;  // no helper holds it: any earlier work was waited for
  started_ = ThePool().Hand(work, completion_.get());
  return started_;
}

std::exception_ptr HelperTask::Wait() {
  if (!started_) return nullptr;
  std::unique_lock<std::mutex> lock(completion_->mutex);
  completion_->finished_changed.wait(lock, [this] { return completion_->finished; });
  started_ = false;
  return std::exchange(completion_->failure, nullptr);
}

}  // namespace cinc
