// Easing curves: the scene's ease names and CSS cubic-bezier timing functions
// (docs/language.md "Easing").
//
// Contract: Ease maps a segment's progress u in [0, 1] to the eased progress.
// `step` holds 0 until u reaches 1. Cubic beziers are CSS timing functions
// with P0 = (0, 0), P3 = (1, 1), x1 and x2 in [0, 1]; x(s) = u is solved to
// double precision (Newton, falling back to bisection), then y(s) is returned.
#ifndef CINC_CORE_EASING_H_
#define CINC_CORE_EASING_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/boxed.h"

namespace cinc {

// The names Ease::FromName accepts, in the order the docs list them.
inline constexpr std::array<std::string_view, 7> kEaseNames = {
    "linear", "step", "ease_in_out", "ease", "ease-in", "ease-out", "ease-in-out"};

// The largest |y1| and |y2| of a written cubic-bezier (docs/language.md
// "Easing"): emission cuts and renormalises a curve (emit/ease_split.cc),
// and what it writes must stay finite for the sequence validator.
inline constexpr double kMaxEaseY = 1000;

// Every node and rig segment holds an Ease, so it stays small (16 bytes): a
// named curve's control points live in one table, and only a written array
// keeps its own, in a box.
struct Ease {
  enum class Kind : uint8_t { kLinear, kStep, kCubicBezier };
  Kind kind = Kind::kLinear;
  // 1 + the index in kEaseNames; 0 for a written array.
  uint8_t name_number = 0;

  // x1, y1, x2, y2 for kCubicBezier; (0, 0, 1, 1) for the others.
  const std::array<double, 4>& control() const;

  // "linear", "ease_in_out", "ease-in", ...; empty for a written array.
  std::string_view name() const {
    return name_number == 0 ? std::string_view() : kEaseNames[name_number - 1u];
  }

  static Ease Linear() { return Ease{}; }
  // A written array.
  static Ease CubicBezier(double x1, double y1, double x2, double y2);
  // linear, step, ease_in_out, ease, ease-in, ease-out, ease-in-out; nullopt otherwise.
  static std::optional<Ease> FromName(std::string_view name);

 private:
  Boxed<std::array<double, 4>> written_control_;  // a written array's
};

// The curve played backwards, 1 - ease(1 - u): (1 - x2, 1 - y2, 1 - x1,
// 1 - y1). ease-in and ease-out swap; symmetric curves (smoothstep,
// ease-in-out) map to themselves.
std::array<double, 4> MirroredBezier(const std::array<double, 4>& control);

// Eased progress for u (clamped to [0, 1]).
double ApplyEase(const Ease& ease, double u);

// The CSS timing function y at x = u for control points (x1, y1, x2, y2):
// BezierY at BezierParameterForX(u); 0 for u <= 0, 1 for u >= 1.
double CubicBezierEase(const std::array<double, 4>& control, double u);

// The curve parameter s in [0, 1] with x(s) = x, to double precision: the one
// solver of every timing curve (the state, the players, splitting an ease).
double BezierParameterForX(const std::array<double, 4>& control, double x);

// x(s) and y(s) of the CSS timing curve at curve parameter s.
double BezierX(const std::array<double, 4>& control, double s);
double BezierY(const std::array<double, 4>& control, double s);

}  // namespace cinc

#endif  // CINC_CORE_EASING_H_
