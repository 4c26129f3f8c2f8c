// How far a scene's lengths, angles and scales may go, wherever they come
// from (the scene file, a model's markers).
//
// Contract: a million metres from the origin, a thousand turns and a
// million-fold scale are more than an assembly needs; past them a double
// cannot hold the scene's tolerances (a fitted move past 1e12 m never meets
// 0.1 mm), so values beyond them are refused where they are read.
#ifndef CINC_CORE_SCENE_LIMITS_H_
#define CINC_CORE_SCENE_LIMITS_H_

namespace cinc {

inline constexpr double kMaxCoordinate = 1e6;  // metres from the origin
inline constexpr double kMaxDegrees = 360000;  // 1000 turns
inline constexpr double kMaxScale = 1e6;

// Expansion as a whole (docs/diagnostics.md "E_LIMIT"): patterns multiply
// what a few lines write, so what the expanded scene would hold is counted
// before a copy is made, and the work of fitting is bounded before it is
// done. Each is 5x or more what the benchmark scenes need.
// Objects and cameras, every copy counted (the preview page of 100,000
// objects with a 4-node model each takes 720 MB).
inline constexpr long long kMaxSceneOwners = 100'000;
// Nodes, every copy's counted.
inline constexpr long long kMaxSceneNodes = 500'000;
// Relations (after, with, ...): one per written entry and copy.
inline constexpr long long kMaxSceneRelations = 2'000'000;
// `cue:` names, targets and data (as JSON), every copy's.
inline constexpr long long kMaxSceneCueBytes = 16LL << 20;
// Checks of fitted curves in one build.
inline constexpr long long kMaxFitChecks = 16'000'000;

}  // namespace cinc

#endif  // CINC_CORE_SCENE_LIMITS_H_
