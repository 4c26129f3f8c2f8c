// Test helpers for fit/ and the writers of keys: rig channels built by hand.
//
// Contract: test-only. MakeTrack fills active_until from the segment order
// (as markers/BuildRig does).
#ifndef CINC_FIT_TEST_SUPPORT_H_
#define CINC_FIT_TEST_SUPPORT_H_

#include <string_view>
#include <utility>
#include <vector>

#include "core/easing.h"
#include "core/exact_time.h"
#include "markers/rig.h"

namespace cinc::testing {

// An exact time from a decimal literal ("1.5").
inline ExactTime Time(std::string_view decimal) { return *ExactTime::ParseDecimal(decimal); }

// A named ease ("ease_in_out").
inline Ease Named(std::string_view name) { return *Ease::FromName(name); }

template <typename Value>
Segment<Value> MakeSegment(std::string_view start, std::string_view duration, Value from, Value to,
                           Ease ease = Ease::Linear(), int node_index = 0) {
  Segment<Value> segment;
  segment.start = Time(start);
  segment.duration = Time(duration);
  segment.from = from;
  segment.to = to;
  segment.ease = ease;
  segment.node_index = node_index;
  return segment;
}

template <typename Value>
ChannelTrack<Value> MakeTrack(Value initial, std::vector<Segment<Value>> segments) {
  ChannelTrack<Value> track;
  track.initial = initial;
  for (size_t index = 0; index + 1 < segments.size(); ++index) {
    segments[index].active_until = segments[index + 1].start;
  }
  track.segments = std::move(segments);
  return track;
}

}  // namespace cinc::testing

#endif  // CINC_FIT_TEST_SUPPORT_H_
