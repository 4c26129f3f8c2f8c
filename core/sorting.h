// StableSortIfNeeded: std::stable_sort, except that a range already in
// order is left as it is, and a short one is sorted in place, without the
// temporary buffer std::stable_sort allocates even for one element.
//
// Contract: the result is the same as std::stable_sort's (a range in order
// has no element less than the one before it, so a stable sort would move
// nothing; the insertion sort moves an element only past elements it is
// less than, so equal elements keep their order, and a stable sort's order
// is the one order with both properties). For the short lists built once per
// object (rig segments, frame spans, visibility pieces), which are usually
// collected in order or nearly: 25,000 objects no longer allocate and free
// a buffer per list.
#ifndef CINC_CORE_SORTING_H_
#define CINC_CORE_SORTING_H_

#include <algorithm>
#include <iterator>
#include <utility>

namespace cinc {

// Ranges up to this long are insertion-sorted in place.
inline constexpr std::ptrdiff_t kInsertionSortMax = 16;

template <typename Iterator, typename Less>
void StableSortIfNeeded(Iterator first, Iterator last, Less less) {
  if (std::is_sorted(first, last, less)) return;
  if (std::distance(first, last) > kInsertionSortMax) {
    std::stable_sort(first, last, less);
    return;
  }
  for (Iterator next = std::next(first); next != last; ++next) {
    if (!less(*next, *std::prev(next))) continue;
    auto moving = std::move(*next);
    Iterator hole = next;
    do {
      *hole = std::move(*std::prev(hole));
      --hole;
    } while (hole != first && less(moving, *std::prev(hole)));
    *hole = std::move(moving);
  }
}

}  // namespace cinc

#endif  // CINC_CORE_SORTING_H_
