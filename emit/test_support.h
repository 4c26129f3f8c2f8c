// Test helpers for emit: rigs built by hand and a small sequence player.
//
// Contract: test-only. MakeTrack fills active_until from the segment order
// (as markers/BuildRig does); PlayKeys evaluates keys as the cinema runtime
// does (linear with ease, step, hermite with the in_tangent rule), so tests
// check what the runtime will show, not what emit meant.
#ifndef CINC_EMIT_TEST_SUPPORT_H_
#define CINC_EMIT_TEST_SUPPORT_H_

#include <string_view>
#include <vector>

#include "core/easing.h"
#include "core/exact_time.h"
#include "markers/rig.h"
#include "sequence/sequence.h"

namespace cinc::testing {

inline ExactTime Time(std::string_view decimal) { return *ExactTime::ParseDecimal(decimal); }

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

// The value the runtime plays at t (docs/sequence-format.md "The evaluator").
std::vector<double> PlayKeys(const Keys& keys, double t);

}  // namespace cinc::testing

#endif  // CINC_EMIT_TEST_SUPPORT_H_
