#include "core/two_threads.h"

#include <system_error>
#include <thread>

namespace cinc {

void RunOnTwoThreads(const std::function<void()>& beside, const std::function<void()>& here,
                     bool use_thread) {
  std::thread helper;
  if (use_thread) {
    try {
      helper = std::thread(beside);
    } catch (const std::system_error&) {  // no thread to be had: both on this one
    }
  }
  if (!helper.joinable()) beside();
  here();
  if (helper.joinable()) helper.join();
}

}  // namespace cinc
