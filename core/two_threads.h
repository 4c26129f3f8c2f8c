// Two pieces of work at once: one on a helper thread, one on this thread.
//
// Contract: RunOnTwoThreads(beside, here) runs `beside` on a helper of the
// process's pool (core/thread_pool.h) and `here` on the calling thread, and
// returns when both have finished. When `use_thread` is false, or the pool
// has no helper free, it runs `beside` and then `here` on the calling
// thread. Callers arrange that the result is the same either way (work
// claimed one item at a time, or written to separate places), so a thread
// changes only the time taken. An exception from either is rethrown to the
// caller once both have finished (the one from `here` first).
#ifndef CINC_CORE_TWO_THREADS_H_
#define CINC_CORE_TWO_THREADS_H_

#include <functional>

namespace cinc {

void RunOnTwoThreads(const std::function<void()>& beside, const std::function<void()>& here,
                     bool use_thread = true);

}  // namespace cinc

#endif  // CINC_CORE_TWO_THREADS_H_
