#include "core/parallel_for.h"

#include <atomic>

#include "core/two_threads.h"

namespace cinc {

void ParallelFor(size_t first, size_t last, const std::function<void(size_t index)>& work) {
  if (!(first < last)) return;
  std::atomic<size_t> next{first};
  auto claim = [&] {
    for (size_t index = next++; index < last; index = next++) work(index);
  };
  RunOnTwoThreads(claim, claim, last - first >= kItemsWorthAThread);
}

}  // namespace cinc
