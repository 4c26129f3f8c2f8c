// Load + resolve + emit on one scene file, stage by stage, against libyaml
// alone reading the same bytes (Google Benchmark).
//
//   bench/generate_scene.py 100000 > /tmp/scene.yaml
//   build/bench/pipeline_benchmark /tmp/scene.yaml [--benchmark_filter=...]
//
// Figures are for docs/performance.md, never for tests.
#include <benchmark/benchmark.h>
#include <yaml.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "compiler/scene/scene_loader.h"
#include "compiler/scene/yaml_reader.h"
#include "core/diagnostics.h"
#include "core/json_writer.h"
#include "emit/emit_sequence.h"
#include "markers/marker_table.h"
#include "markers/rig.h"
#include "resolver/resolve_timing.h"
#include "sequence/sequence_json.h"

namespace {

std::string scene_path;  // NOLINT: set once in main before any benchmark runs
std::string scene_text;  // NOLINT

void LibyamlEvents(benchmark::State& state) {
  for (auto _ : state) {
    yaml_parser_t parser;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(scene_text.data()),
                                 scene_text.size());
    long events = 0;
    bool done = false;
    while (!done) {
      yaml_event_t event;
      if (!yaml_parser_parse(&parser, &event)) break;
      done = event.type == YAML_STREAM_END_EVENT;
      ++events;
      yaml_event_delete(&event);
    }
    yaml_parser_delete(&parser);
    benchmark::DoNotOptimize(events);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * scene_text.size()));
}

// cinc's YamlReader draining every event: libyaml on its worker thread plus
// the hand-over, the floor of the load stage. Argument: parse-ahead bytes
// (0: always on a worker; a huge value: on this thread).
void ReaderEvents(benchmark::State& state) {
  const size_t parse_ahead_bytes = static_cast<size_t>(state.range(0));
  for (auto _ : state) {
    cinc::YamlReader reader(scene_text, parse_ahead_bytes);
    long events = 0;
    while (reader.Next().kind != cinc::YamlEventKind::kEnd) ++events;
    benchmark::DoNotOptimize(events);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * scene_text.size()));
}

// Timing resolution alone, on a scene loaded once.
void ResolveOnly(benchmark::State& state) {
  cinc::Diagnostics diagnostics(scene_path);
  const cinc::Scene scene = cinc::LoadSceneFromText(scene_text, scene_path, &diagnostics);
  for (auto _ : state) {
    cinc::Timeline timeline = cinc::ResolveTiming(scene, &diagnostics);
    benchmark::DoNotOptimize(timeline.duration);
  }
}

// Runs the pipeline up to `last_stage`: 0 load, 1 resolve, 2 rig, 3 emit, 4 JSON text.
void Pipeline(benchmark::State& state) {
  const int last_stage = static_cast<int>(state.range(0));
  for (auto _ : state) {
    cinc::Diagnostics diagnostics(scene_path);
    cinc::Scene scene = cinc::LoadSceneFromText(scene_text, scene_path, &diagnostics);
    if (last_stage >= 1) {
      cinc::Timeline timeline = cinc::ResolveTiming(scene, &diagnostics);
      if (last_stage >= 2) {
        cinc::MarkerTable markers =
            cinc::BuildMarkerTable(scene, cinc::ImportModels(scene, &diagnostics), &diagnostics);
        cinc::Rig rig = cinc::BuildRig(scene, timeline, markers, &diagnostics);
        if (last_stage >= 3) {
          cinc::Sequence sequence = cinc::EmitSequence(scene, timeline, rig, cinc::EmitSettings{},
                                                       cinc::FitSettingsFor(scene), &diagnostics);
          if (last_stage >= 4) {
            std::string text = cinc::WriteSequence(sequence);
            benchmark::DoNotOptimize(text.data());
          }
        }
      }
    }
    if (diagnostics.HasErrors()) state.SkipWithError("the scene has errors");
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * scene_text.size()));
}

BENCHMARK(LibyamlEvents)->Unit(benchmark::kMillisecond);
BENCHMARK(ReaderEvents)
    ->ArgName("parse_ahead_bytes")
    ->Arg(0)
    ->Arg(int64_t{1} << 40)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(ResolveOnly)->Unit(benchmark::kMillisecond);
BENCHMARK(Pipeline)
    ->ArgName("stages")
    ->DenseRange(0, 4)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();  // the load runs libyaml on a second thread

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (argc != 2) {
    std::fprintf(stderr, "usage: pipeline_benchmark SCENE.yaml [benchmark options]\n");
    return 2;
  }
  scene_path = argv[1];
  std::ifstream stream(scene_path, std::ios::binary);
  std::ostringstream text;
  text << stream.rdbuf();
  scene_text = text.str();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
