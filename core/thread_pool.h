// The process's one pool of helper threads (docs/performance.md, "Helper
// threads"): a helper is started the first time work finds none idle, and
// then waits for the next piece of work until the process exits, so that a
// build starts its helpers once instead of once per shard per stage.
//
// Contract: work handed to the pool runs on an idle helper, or is refused at
// once (all helpers busy and MaxHelpers() running, no thread to be had, or a
// forked child of the process that made the pool): the caller then does it
// itself, so a task never waits for a helper and work that hands work to the
// pool (a pooled task calling ParallelFor) cannot deadlock. Helpers block
// every signal, so that a signal meant for the process (Ctrl-C under
// --watch, taken by a signalfd) never reaches one.
#ifndef CINC_CORE_THREAD_POOL_H_
#define CINC_CORE_THREAD_POOL_H_

#include <cstddef>
#include <exception>
#include <functional>
#include <memory>

namespace cinc {

// How many helpers the pool may run: one fewer than the hardware's
// threads, and at least one.
size_t MaxHelpers();

// How many helper threads this process has started so far.
size_t HelpersStarted();

// One piece of work handed to the pool.
class HelperTask {
 public:
  HelperTask();
  HelperTask(const HelperTask&) = delete;
  HelperTask& operator=(const HelperTask&) = delete;
  // Waits for work that was started and not yet waited for.
  ~HelperTask();

  // Runs `work` on a helper and returns true, or returns false at once
  // without running it (see above). `work` must outlive Wait(). A task may be
  // started again once waited for.
  bool Start(const std::function<void()>& work);

  // Returns once the started work has finished (at once if none was
  // started): the exception it threw, or null.
  std::exception_ptr Wait();

  struct Completion;  // shared with the helper that runs the work

 private:
  std::unique_ptr<Completion> completion_;
  bool started_ = false;
};

}  // namespace cinc

#endif  // CINC_CORE_THREAD_POOL_H_
