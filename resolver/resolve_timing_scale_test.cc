// ResolveTiming on 100,000-node graphs: no recursion (a deep dependency
// chain must not overflow the stack) and linear time (each resolves in a
// few hundred milliseconds in a RelWithDebInfo build; most of each test's
// time is building 100,000 Nodes).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "resolver/resolve_timing.h"
#include "resolver/test_scene_builder.h"

namespace cinc {
namespace {

using testing::Relate;
using testing::RelateAt;
using testing::SceneBuilder;
using testing::T;

constexpr int kNodeCount = 100'000;

// ResolveTiming, timed: the time is recorded in the test report
// (`resolve_ms`), not asserted, so that sanitizer and loaded-machine runs
// cannot fail on it.
Timeline ResolveTimed(const Scene& scene, Diagnostics* diagnostics) {
  auto begin = std::chrono::steady_clock::now();
  Timeline timeline = ResolveTiming(scene, diagnostics);
  auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - begin);
  ::testing::Test::RecordProperty("resolve_ms", static_cast<int>(elapsed.count()));
  return timeline;
}

TEST(ResolveTimingScaleTest, LongChainByChaining) {
  SceneBuilder builder;
  builder.Reserve("a", kNodeCount);
  for (int k = 0; k < kNodeCount; ++k) builder.Add("a", "", T("0.001"));
  Diagnostics diagnostics;
  Timeline timeline = ResolveTimed(builder.scene(), &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  // 100,000 * 0.001 = 100 exactly.
  EXPECT_EQ(timeline.objects[0].back().end, T("100"));
  EXPECT_EQ(timeline.objects[0].back().start, T("99.999"));
  EXPECT_EQ(timeline.duration, T("100"));
}

TEST(ResolveTimingScaleTest, LongChainAgainstFileOrder) {
  // n_k ends as n_(k+1) starts: a depth-first search from n_0 goes 100,000
  // levels deep. n_last is at 100: S(n_k) = 100 - (99,999 - k) * 0.001.
  SceneBuilder builder;
  builder.Reserve("a", kNodeCount);
  for (int k = 0; k < kNodeCount; ++k) {
    Node& node = builder.Add("a", "n" + std::to_string(k), T("0.001"));
    if (k + 1 < kNodeCount) {
      Relate(node, RelationKind::kBefore, "n" + std::to_string(k + 1));
    } else {
      RelateAt(node, T("100"));
    }
  }
  Diagnostics diagnostics;
  Timeline timeline = ResolveTimed(builder.scene(), &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  EXPECT_EQ(timeline.objects[0][0].start, T("0.001"));
  EXPECT_EQ(timeline.objects[0][0].end, T("0.002"));
  EXPECT_EQ(timeline.objects[0][50'000].start, T("50.001"));
}

TEST(ResolveTimingScaleTest, LongCycleIsOneReport) {
  SceneBuilder builder;
  builder.Reserve("a", kNodeCount);
  for (int k = 0; k < kNodeCount; ++k) {
    Relate(builder.Add("a", "n" + std::to_string(k), T("1")), RelationKind::kAfter,
           "n" + std::to_string((k + 1) % kNodeCount));
  }
  Diagnostics diagnostics;
  Timeline timeline = ResolveTimed(builder.scene(), &diagnostics);
  ASSERT_EQ(diagnostics.items().size(), 1u);
  const std::string& message = diagnostics.items()[0].message;
  EXPECT_EQ(message.rfind("dependency cycle: a.n0 -> a.n1 -> a.n2 -> ", 0), 0u);
  EXPECT_TRUE(message.ends_with(" -> a.n99999 -> a.n0"));
  EXPECT_FALSE(timeline.objects[0][kNodeCount / 2].resolved);
}

TEST(ResolveTimingScaleTest, RandomDagMatchesADirectComputation) {
  // A random rank order; each node depends on 1 to 3 nodes of lower rank
  // anywhere in the file (100 objects of 1,000 nodes), so dependencies point
  // both ways in file order. The expected times are computed in rank order.
  constexpr int kObjects = 100;
  constexpr int kPerObject = kNodeCount / kObjects;
  std::mt19937 random(12345);
  std::vector<int> node_by_rank(kNodeCount);
  for (int k = 0; k < kNodeCount; ++k) node_by_rank[k] = k;
  std::shuffle(node_by_rank.begin(), node_by_rank.end(), random);
  std::vector<int> rank_of(kNodeCount);
  for (int rank = 0; rank < kNodeCount; ++rank) rank_of[node_by_rank[rank]] = rank;

  auto name_of = [&](int k) {
    return "o" + std::to_string(k / kPerObject) + ".n" + std::to_string(k % kPerObject);
  };
  struct Spec {
    std::vector<std::pair<RelationKind, int>> relations;  // kind, target node
    std::vector<ExactTime> lags;
    ExactTime duration;
  };
  std::vector<Spec> specs(kNodeCount);
  const RelationKind kinds[] = {RelationKind::kAfter, RelationKind::kWith, RelationKind::kEndWith,
                                RelationKind::kBefore};
  for (int k = 0; k < kNodeCount; ++k) {
    Spec& spec = specs[k];
    spec.duration = ExactTime::FromRatio(random() % 4, 1000);
    const int rank = rank_of[k];
    const int relation_count = rank == 0 ? 0 : 1 + static_cast<int>(random() % 3);
    for (int r = 0; r < relation_count; ++r) {
      const int target = node_by_rank[random() % rank];
      const RelationKind kind = kinds[random() % 4];
      // Lags of 0..4 ms plus the duration keep every start at or after 0.
      ExactTime lag = ExactTime::FromRatio(random() % 5, 1000) + spec.duration;
      spec.relations.emplace_back(kind, target);
      spec.lags.push_back(lag);
    }
  }

  SceneBuilder builder;
  for (int o = 0; o < kObjects; ++o) builder.Reserve("o" + std::to_string(o), kPerObject);
  for (int k = 0; k < kNodeCount; ++k) {
    Node& node = builder.Add("o" + std::to_string(k / kPerObject),
                             "n" + std::to_string(k % kPerObject), specs[k].duration);
    if (specs[k].relations.empty()) RelateAt(node, T("1"));
    for (size_t r = 0; r < specs[k].relations.size(); ++r) {
      Relate(node, specs[k].relations[r].first, name_of(specs[k].relations[r].second),
             specs[k].lags[r]);
    }
  }

  std::vector<ExactTime> start(kNodeCount);
  std::vector<ExactTime> end(kNodeCount);
  ExactTime latest;
  for (int k : node_by_rank) {
    const Spec& spec = specs[k];
    ExactTime best = spec.relations.empty() ? T("1") : ExactTime::FromInteger(-1'000'000);
    for (size_t r = 0; r < spec.relations.size(); ++r) {
      const int target = spec.relations[r].second;
      ExactTime candidate;
      switch (spec.relations[r].first) {
        case RelationKind::kAfter:
          candidate = end[target] + spec.lags[r];
          break;
        case RelationKind::kWith:
          candidate = start[target] + spec.lags[r];
          break;
        case RelationKind::kEndWith:
          candidate = end[target] + spec.lags[r] - spec.duration;
          break;
        default:
          candidate = start[target] + spec.lags[r] - spec.duration;
          break;
      }
      if (best < candidate) best = candidate;
    }
    start[k] = best;
    end[k] = best + spec.duration;
    if (latest < end[k]) latest = end[k];
  }

  Diagnostics diagnostics;
  Timeline timeline = ResolveTimed(builder.scene(), &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  int mismatches = 0;
  for (int k = 0; k < kNodeCount; ++k) {
    const NodeTime& time = timeline.objects[k / kPerObject][k % kPerObject];
    if (!time.resolved || time.start != start[k] || time.end != end[k]) ++mismatches;
  }
  EXPECT_EQ(mismatches, 0);
  EXPECT_EQ(timeline.duration, latest);
}

}  // namespace
}  // namespace cinc
