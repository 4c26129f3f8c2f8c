#include "core/two_threads.h"

#include <exception>

#include "core/thread_pool.h"

namespace cinc {

void RunOnTwoThreads(const std::function<void()>& beside, const std::function<void()>& here,
                     bool use_thread) {
  // An exception (out of memory) on either thread reaches the caller once
  // both have finished, as it would without a thread: never std::terminate.
  HelperTask helper;
  if (!use_thread || !helper.Start(beside)) {  // no helper to be had: both on this thread
    beside();
    here();
    return;
  }
  try {
    here();
  } catch (...) {
    helper.Wait();
    throw;
  }
  if (std::exception_ptr failure = helper.Wait()) std::rethrow_exception(failure);
}

}  // namespace cinc
