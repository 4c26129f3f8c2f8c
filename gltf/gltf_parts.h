// What the glTF export's writers share about one piece of a channel (a
// Part) before its keys are written: internal to gltf/ (gltf_animation.cc
// and the Blender profile's gltf_chords.cc).
#ifndef CINC_GLTF_GLTF_PARTS_H_
#define CINC_GLTF_GLTF_PARTS_H_

#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "core/float32.h"
#include "core/rotation.h"
#include "fit/hermite_fit.h"

namespace cinc::gltf_parts {

template <int N>
using Value = FitVector<N>;

// How one piece of a channel is written.
template <int N>
struct Part {
  // kChords: fitted keys played as straight lines (the Blender profile).
  enum class Kind { kHold, kLinear, kSlerp, kCubic, kFit, kChords };
  Kind kind = Kind::kHold;
  double start = 0;
  std::optional<double> end;  // nullopt: the last piece, a hold forever
  // The Blender profile's disassembly: where a jump into the part starts its
  // ramp (by default GltfBlenderJumpRamp before start).
  std::optional<double> ramp_start;
  Value<N> from{0};  // the value at start
  Value<N> to{0};    // the value at end (its left limit)
  // kCubic: the exact tangents at start and end (units per second).
  Value<N> start_tangent{0};
  Value<N> end_tangent{0};
  // kSlerp: the times and values between start and end, at most 120 degrees
  // apart; kChords: the fitted keys between them.
  std::vector<std::pair<double, Value<N>>> interior;
  // kFit, kSlerp, kCubic: the exact value inside the piece.
  std::function<Value<N>(double t)> exact;
};

// [x, y, z, w] as a quaternion.
inline Quat QuatOf(const Value<4>& v) { return Quat(v[3], v[0], v[1], v[2]); }

// q or -q, whichever is on reference's side (one hemisphere).
inline Value<4> NearestSign(Value<4> q, const Value<4>& reference) {
  return glm::dot(q, reference) < 0 ? -q : q;
}

// A pose channel's value, kept in one hemisphere for quaternions.
template <int N>
Value<N> Continued(const Value<N>& value, const Value<N>& previous) {
  if constexpr (N == 4) {
    return NearestSign(value, previous);
  } else {
    return value;
  }
}

// Whether two values are the same as float32s (what the asset stores).
template <int N>
bool Same(const Value<N>& a, const Value<N>& b) {
  for (int c = 0; c < N; ++c) {
    if (ToFloat32(a[c]) != ToFloat32(b[c])) return false;
  }
  return true;
}

// The exact curve of a moving part and its error, as the fitter takes them.
template <int N>
FitCurve<N> CurveOf(const Part<N>& part, FitQuantity quantity) {
  FitCurve<N> curve;
  curve.quantity = quantity;
  const std::function<Value<N>(double)>& exact = part.exact;
  if constexpr (N == 4) {
    curve.track = [&exact](double, const Value<4>& from_value, double to) {
      return NearestSign(exact(to), from_value);
    };
    curve.error = [&exact](double t, const Value<4>& played) {
      double length = glm::length(played);
      if (!(length > 0)) return 180.0;
      return Degrees(AngleBetween(QuatOf(exact(t)), QuatOf(played / length)));
    };
  } else {
    curve.track = [&exact](double, const Value<N>&, double to) { return exact(to); };
    curve.error = [&exact](double t, const Value<N>& played) {
      return glm::length(exact(t) - played);
    };
  }
  return curve;
}

}  // namespace cinc::gltf_parts

#endif  // CINC_GLTF_GLTF_PARTS_H_
