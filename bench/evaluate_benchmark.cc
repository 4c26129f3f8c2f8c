// Evaluations per second of a sequence at the format's limits: 256 tracks
// (254 transform tracks with 10,000 position and 10,000 rotation keys each,
// a camera track with 10,000 fov and focus keys, a time track with 10,000
// scale keys), every interp kind, at pseudo-random times (the worst case:
// every channel's binary search misses the cache) and in playback order.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "sequence/evaluation_json.h"
#include "sequence/evaluator.h"
#include "sequence/validator.h"

namespace cinc {
namespace {

constexpr int kKeys = kMaxChannelKeys;
constexpr double kDuration = 3600;

Keys MakeChannel(int width, double phase, double low, double high) {
  constexpr Interpolation kKinds[] = {Interpolation::kLinear, Interpolation::kSmooth,
                                      Interpolation::kHermite, Interpolation::kBezier,
                                      Interpolation::kStep};
  Keys keys(kKeys);
  for (int index = 0; index < kKeys; ++index) {
    Key& key = keys[index];
    key.t = kDuration * index / kKeys;
    key.interp = kKinds[(index + static_cast<int>(phase)) % 5];
    double wave = 0.5 + 0.5 * ((index * 7919 + static_cast<int>(phase * 13)) % 1000) / 1000.0;
    key.value = std::vector<double>(width, low + (high - low) * wave);
    if (key.interp == Interpolation::kHermite || key.interp == Interpolation::kBezier) {
      key.out_tangent = std::vector<double>(width, 0.1);
    }
    if (index % 7 == 0) key.ease = std::array<double, 4>{0.42, 0, 0.58, 1};
  }
  return keys;
}

const Sequence& LimitSequence() {
  static const Sequence* sequence = [] {
    auto* built = new Sequence;
    built->name = "limits";
    built->duration = kDuration;
    for (int track = 0; track < static_cast<int>(kMaxSequenceTracks) - 2; ++track) {
      TransformTrack transform;
      transform.target = "Object" + std::to_string(track);
      transform.position = MakeChannel(3, track, -10, 10);
      transform.rotation = MakeChannel(3, track + 1, -180, 180);
      built->tracks.push_back(std::move(transform));
    }
    CameraTrack camera;
    camera.shots = {{0, "Object0", std::nullopt, std::nullopt},
                    {1800, "Object1", 5.0, std::nullopt}};
    camera.fov = MakeChannel(1, 2, 20, 90);
    camera.focus_distance = MakeChannel(1, 3, 1, 50);
    built->tracks.push_back(std::move(camera));
    TimeTrack time;
    time.scale = MakeChannel(1, 4, 0, 2);
    built->tracks.push_back(std::move(time));
    return built;
  }();
  return *sequence;
}

std::vector<double> Times() {
  std::vector<double> times(4096);
  uint64_t state = 0x9E3779B97F4A7C15ull;
  for (double& t : times) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    t = kDuration * static_cast<double>(state >> 11) / static_cast<double>(1ull << 53);
  }
  return times;
}

void BM_EvaluateSequence(benchmark::State& state) {
  const Sequence& sequence = LimitSequence();
  std::vector<double> times = Times();
  size_t next = 0;
  for (auto _ : state) {
    Evaluation evaluation = EvaluateSequence(sequence, times[next++ % times.size()]);
    benchmark::DoNotOptimize(evaluation);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["evaluations/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_EvaluateSequence);

// Playback: 60 evaluations per second of sequence time, in order (the keys
// around the head stay in cache, unlike at random times).
void BM_EvaluateSequencePlayback(benchmark::State& state) {
  const Sequence& sequence = LimitSequence();
  double t = 0;
  for (auto _ : state) {
    Evaluation evaluation = EvaluateSequence(sequence, t);
    benchmark::DoNotOptimize(evaluation);
    t += 1.0 / 60.0;
    if (t > kDuration) t = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EvaluateSequencePlayback);

void BM_EvaluateSequenceToJson(benchmark::State& state) {
  const Sequence& sequence = LimitSequence();
  std::vector<double> times = Times();
  size_t next = 0;
  for (auto _ : state) {
    Json json = EvaluateSequenceToJson(sequence, times[next++ % times.size()]);
    benchmark::DoNotOptimize(json);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EvaluateSequenceToJson);

void BM_EvaluateTransforms(benchmark::State& state) {
  const Sequence& sequence = LimitSequence();
  std::vector<double> times = Times();
  size_t next = 0;
  for (auto _ : state) {
    auto samples = EvaluateTransforms(sequence, times[next++ % times.size()]);
    benchmark::DoNotOptimize(samples);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_EvaluateTransforms);

}  // namespace
}  // namespace cinc

BENCHMARK_MAIN();
