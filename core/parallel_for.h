// Independent items shared by two threads, claimed one at a time.
#ifndef CINC_CORE_PARALLEL_FOR_H_
#define CINC_CORE_PARALLEL_FOR_H_

#include <cstddef>
#include <functional>

namespace cinc {

// Below this many items a second thread costs more than it saves.
inline constexpr size_t kItemsWorthAThread = 8;

// Calls work(index) once for every index in [first, last). This thread and,
// from kItemsWorthAThread items on, one more (core/two_threads.h) each claim
// the next unclaimed index until none is left, so which thread does an item
// varies from run to run: `work` writes only its own item's results, and the
// caller reads them, in order, once ParallelFor returns. An exception from
// `work` reaches the caller once both threads have finished.
void ParallelFor(size_t first, size_t last, const std::function<void(size_t index)>& work);

}  // namespace cinc

#endif  // CINC_CORE_PARALLEL_FOR_H_
