#include "emit/key_list_builder.h"

#include <cmath>
#include <limits>
#include <utility>

namespace cinc {

Key HoldKey(double t, ComponentList value) {
  Key key;
  key.t = t;
  key.value = std::move(value);
  key.interp = Interpolation::kStep;
  return key;
}

bool KeyListBuilder::LastKeyEndsMotion() const {
  return keys_.size() >= 2 && keys_[keys_.size() - 2].interp != Interpolation::kStep;
}

void KeyListBuilder::SetAt(double t, const ComponentList& value) {
  if (keys_.empty()) {
    if (keys_.capacity() == 0) keys_.reserve(kFirstRoom);
    keys_.push_back(HoldKey(t, value));
    return;
  }
  Key& last_key = keys_.back();
  if (t > last_key.t) {
    // The last key is a hold, so it already carries its value up to t: the
    // step key at t alone is the exact jump.
    if (last_key.value != value) keys_.push_back(HoldKey(t, value));
    return;
  }
  if (last_key.value == value) return;
  if (LastKeyEndsMotion()) {
    // A motion arrives at t with another value than the one from t on: its
    // end moves to the largest double below t, held there for one ulp.
    double before = std::nextafter(last_key.t, -std::numeric_limits<double>::infinity());
    if (before > keys_[keys_.size() - 2].t) {
      last_key.t = before;
      keys_.push_back(HoldKey(t, value));
      return;
    }
  }
  if (keys_.size() >= 2 && keys_[keys_.size() - 2].interp == Interpolation::kStep &&
      keys_[keys_.size() - 2].value == value) {
    keys_.pop_back();  // the hold before already has this value
    return;
  }
  last_key.value = value;
}

Key& KeyListBuilder::StartMotionAt(double t, const ComponentList& value) {
  SetAt(t, value);
  if (keys_.back().t < t) keys_.push_back(HoldKey(t, value));
  return keys_.back();
}

void KeyListBuilder::Append(Key key) {
  if (!keys_.empty() && !(key.t > keys_.back().t)) return;
  if (keys_.capacity() == 0) keys_.reserve(kFirstRoom);
  keys_.push_back(std::move(key));
}

}  // namespace cinc
