// Appending keys to one channel under the invariants of docs/emission.md
// "Channels: holds, moves and jumps": keys strictly increasing in t, every
// key's `interp` how the channel leaves it, the last key a `step`, equal
// holds merged, values compared bit for bit.
#ifndef CINC_EMIT_KEY_LIST_BUILDER_H_
#define CINC_EMIT_KEY_LIST_BUILDER_H_

#include <cstddef>
#include <vector>

#include "sequence/component_list.h"
#include "sequence/sequence.h"

namespace cinc {

// One channel's keys, appended in time order.
class KeyListBuilder {
 public:
  // From t on the channel holds `value`: nothing when it already holds it, a
  // step key after the last key, and at the last key's time a replaced value
  // (after a hold) or a jump pair (after a motion: its end key moves to the
  // largest double below t).
  void SetAt(double t, const ComponentList& value);
  // Makes the last key one at t with `value` (after SetAt's jump handling)
  // and returns it, so the caller can say how the motion leaves it.
  Key& StartMotionAt(double t, const ComponentList& value);
  // Appends a key after the last one; a key not after it is dropped (it
  // would break the strict order; only degenerate sub-ulp parts get here).
  void Append(Key key);

  // Room made before the first key for the keys of `pieces` (a list of
  // Piece<Value>, fit/channel_pieces.h) in the common case, so that Take
  // need not trim: a motion takes two keys, its start and its end, a hold
  // one, none when it holds where the motion before it arrives (SetAt
  // merges it). A list that needs more grows, and Take trims one that
  // needs fewer.
  template <typename Pieces>
  void ReserveFor(const Pieces& pieces) {
    size_t count = 0;
    for (size_t index = 0; index < pieces.size(); ++index) {
      const auto& piece = pieces[index];
      if (piece.motion) {
        count += 2;
      } else if (index == 0 || !pieces[index - 1].motion ||
                 !(pieces[index - 1].motion->to == piece.value)) {
        count += 1;
      }
    }
    keys_.reserve(count);
  }

  bool empty() const { return keys_.empty(); }
  const Key& last() const { return keys_.back(); }
  Key& last() { return keys_.back(); }
  Keys Take() {
    keys_.shrink_to_fit();  // a list grown by doubling holds up to twice its keys
    return std::move(keys_);
  }

 private:
  // True when the key before the last one moves into it (not a hold).
  bool LastKeyEndsMotion() const;

  // Room made for a channel's first keys when none was reserved: most
  // channels of a scene hold a hold, a move and its arrival, or one more (3
  // or 4 keys), made in one block instead of growing 1, 2, 4 (Take trims
  // what is left over).
  static constexpr size_t kFirstRoom = 4;

  Keys keys_;
};

// A step key (the start of a hold).
Key HoldKey(double t, ComponentList value);

}  // namespace cinc

#endif  // CINC_EMIT_KEY_LIST_BUILDER_H_
