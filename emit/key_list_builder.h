// Appending keys to one channel under the invariants of docs/emission.md.
//
// Contract: keys come out strictly increasing in t, every key's `interp` says
// how the channel leaves it, and the last key always starts a hold (`step`).
// SetAt(t, v) states "from t on the value is v": nothing when v is already
// held, a new step key when it changes after the last key, and at the time of
// the last key either a replaced value (after a hold) or a jump pair when the
// last key ends a motion: the motion's end key moves to the largest double
// below t and the new value gets a key at t. A hold key followed by a key of
// the same value is merged away. Values are compared exactly (bit for bit).
#ifndef CINC_EMIT_KEY_LIST_BUILDER_H_
#define CINC_EMIT_KEY_LIST_BUILDER_H_

#include <vector>

#include "sequence/sequence.h"

namespace cinc {

class KeyListBuilder {
 public:
  // From t on the channel holds `value` (a hold, or a jump at t).
  void SetAt(double t, const std::vector<double>& value);
  // Makes the last key one at t with `value` (after SetAt's jump handling)
  // and returns it, so the caller can say how the motion leaves it.
  Key& StartMotionAt(double t, const std::vector<double>& value);
  // Appends a key after the last one; a key not after it is dropped (it
  // would break the strict order; only degenerate sub-ulp parts get here).
  void Append(Key key);

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

  Keys keys_;
};

// A step key (the start of a hold).
Key HoldKey(double t, std::vector<double> value);

}  // namespace cinc

#endif  // CINC_EMIT_KEY_LIST_BUILDER_H_
