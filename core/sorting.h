// StableSortIfNeeded: std::stable_sort, except that a range already in
// order is left as it is, without the temporary buffer std::stable_sort
// allocates even for one element.
//
// Contract: the result is the same as std::stable_sort's (a range in order
// has no element less than the one before it, so a stable sort would move
// nothing). For the short lists built once per object (rig segments, frame
// spans, visibility pieces), which are usually collected in order: 25,000
// objects no longer allocate and free a buffer per list.
#ifndef CINC_CORE_SORTING_H_
#define CINC_CORE_SORTING_H_

#include <algorithm>

namespace cinc {

template <typename Iterator, typename Less>
void StableSortIfNeeded(Iterator first, Iterator last, Less less) {
  if (std::is_sorted(first, last, less)) return;
  std::stable_sort(first, last, less);
}

}  // namespace cinc

#endif  // CINC_CORE_SORTING_H_
