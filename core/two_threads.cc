#include "core/two_threads.h"

#include <exception>
#include <system_error>
#include <thread>

namespace cinc {

void RunOnTwoThreads(const std::function<void()>& beside, const std::function<void()>& here,
                     bool use_thread) {
  // An exception (out of memory) on either thread reaches the caller once
  // both have finished, as it would without a thread: never std::terminate.
  std::exception_ptr beside_failure;
  std::thread helper;
  if (use_thread) {
    try {
      helper = std::thread([&] {
        try {
          beside();
        } catch (...) {
          beside_failure = std::current_exception();
        }
      });
    } catch (const std::system_error&) {  // no thread to be had: both on this one
    }
  }
  if (!helper.joinable()) {
    beside();
    here();
    return;
  }
  try {
    here();
  } catch (...) {
    helper.join();
    throw;
  }
  helper.join();
  if (beside_failure) std::rethrow_exception(beside_failure);
}

}  // namespace cinc
