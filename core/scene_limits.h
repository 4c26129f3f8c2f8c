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

}  // namespace cinc

#endif  // CINC_CORE_SCENE_LIMITS_H_
