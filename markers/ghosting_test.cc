// Ghosted opacity cues (markers/ghosting.h), against values worked by hand.
#include "markers/ghosting.h"

#include <gtest/gtest.h>

#include "markers/test_scene.h"

namespace cinc {
namespace {

using test_support::Time;

Segment<double> MakeFade(std::string_view start, std::string_view duration, double from,
                         double to) {
  Segment<double> fade;
  fade.start = Time(start);
  fade.duration = Time(duration);
  fade.from = from;
  fade.to = to;
  fade.ease = Ease::Linear();
  return fade;
}

struct Written {
  double start, duration, from, to;
  friend bool operator==(const Written&, const Written&) = default;
};

std::vector<Written> Of(const std::vector<Segment<double>>& fades) {
  std::vector<Written> written;
  for (const Segment<double>& fade : fades) {
    written.push_back({fade.start.ToDouble(), fade.duration.ToDouble(), fade.from, fade.to});
  }
  return written;
}

// Visible from 0 (initial 1, a hold at 0), ghosted at 0.25 over [2, 5):
// a jump at 2 (1 -> 0.25), a fade out 3..4 written 0.25 -> 0, a fade in
// 4.5..5.5 that crosses the end written 0 -> 0.25 at its start; at 5,
// halfway (0.5), the rest: 0.5 -> 1 over 0.5 s.
TEST(GhostingTest, FadesAreScaledAndJumpsWrittenWhereTheFactorChanges) {
  ChannelTrack<double> opacity;
  opacity.initial = 1;
  opacity.segments = {MakeFade("0", "0", 1, 1), MakeFade("3", "1", 1, 0),
                      MakeFade("4.5", "1", 0, 1)};
  std::vector<GhostSpan> spans = {{Time("2"), Time("5"), 0.25}};
  EXPECT_EQ(
      Of(GhostedOpacity(opacity, spans)),
      (std::vector<Written>{
          {0, 0, 1, 1}, {2, 0, 1, 0.25}, {3, 1, 0.25, 0}, {4.5, 1, 0, 0.25}, {5, 0.5, 0.5, 1}}));
}

// Two overlapping spans: the least factor; a fade starting where a span
// starts is written with the new factor and no jump.
TEST(GhostingTest, OverlappingSpansTakeTheLeastFactor) {
  ChannelTrack<double> opacity;
  opacity.initial = 0;
  opacity.segments = {MakeFade("1", "1", 0, 1)};
  std::vector<GhostSpan> spans = {{Time("1"), Time("4"), 0.5}, {Time("2"), Time("3"), 0.2}};
  EXPECT_EQ(
      Of(GhostedOpacity(opacity, spans)),
      (std::vector<Written>{{1, 1, 0, 0.5}, {2, 0, 0.5, 0.2}, {3, 0, 0.2, 0.5}, {4, 0, 0.5, 1}}));
}

}  // namespace
}  // namespace cinc
