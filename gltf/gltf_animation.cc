#include "gltf/gltf_animation.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

#include "core/float32.h"
#include "fit/channel_pieces.h"
#include "fit/hermite_fit.h"
#include "fit/mirrored_time.h"
#include "fit/pose_pieces.h"
#include "fit/visibility.h"
#include "gltf/gltf_chords.h"
#include "gltf/gltf_parts.h"
#include "markers/pose.h"

namespace cinc {
namespace {

using gltf_parts::Continued;
using gltf_parts::CurveOf;
using gltf_parts::EndBeforeRamps;
using gltf_parts::FitChords;
using gltf_parts::NearestSign;
using gltf_parts::Part;
using gltf_parts::QuatOf;
using gltf_parts::Same;
template <int N>
using Value = gltf_parts::Value<N>;

// SLERP keys of a steady turn at most this far apart (glTF's LINEAR
// rotations take the shorter way: well below 180 degrees).
constexpr double kSlerpStepDegrees = 120;
constexpr int kExactChecks = 7;
constexpr double kExactDegrees = 1e-9;

bool IsSmoothstep(const Ease& ease) {
  return ease.kind == Ease::Kind::kCubicBezier && ease.control()[0] == 1.0 / 3.0 &&
         ease.control()[1] == 0 && ease.control()[2] == 2.0 / 3.0 && ease.control()[3] == 1;
}

Value<3> Of(const Vec3& v) { return Value<3>(v.x, v.y, v.z); }
Value<4> Of(const Quat& q) { return Value<4>(q.x, q.y, q.z, q.w); }

// The tangents of a move that is affine in a linear or smoothstep eased
// progress: the exact derivative at the piece's ends.
template <int N>
void CubicTangents(const Mover& timing, double eased_start, double eased_end, double a, double b,
                   Part<N>* part) {
  double s = timing.start.ToDouble();
  double d = timing.duration.ToDouble();
  auto slope = [&](double t) {
    double p = std::clamp((t - s) / d, 0.0, 1.0);
    double ease_slope = IsSmoothstep(timing.ease) ? 6 * p * (1 - p) : 1.0;
    return ease_slope / d / (eased_end - eased_start);
  };
  part->start_tangent = (part->to - part->from) * slope(a);
  part->end_tangent = (part->to - part->from) * slope(b);
}

// The parts of one channel of the owner's world pose (`of` picks the
// channel's value from a pose): holds where nothing moves it; for a moving
// piece, the exact value inside it, and `classify` may find an exact form.
template <int N, typename Of, typename Classify>
std::vector<Part<N>> PoseParts(const Rig& rig, OwnerRef owner, const PosePieces& pieces,
                               bool rotation, Of of, Classify classify) {
  std::vector<Part<N>> parts;
  const std::vector<ExactTime>& starts = pieces.starts();
  Value<N> previous = of(WorldPoseAt(rig, owner, ExactTime()));
  for (size_t i = 0; i < starts.size(); ++i) {
    Part<N> part;
    part.start = starts[i].ToDouble();
    part.from = Continued<N>(of(WorldPoseAt(rig, owner, starts[i])), previous);
    previous = part.from;
    if (i + 1 == starts.size()) {
      parts.push_back(part);
      break;
    }
    const ExactTime& select = starts[i];
    const ExactTime& end = starts[i + 1];
    part.end = end.ToDouble();
    PieceMotion motion = pieces.MotionOver(select, end);
    if (!(rotation ? motion.rotation_moves : motion.position_moves)) {
      part.to = part.from;
      parts.push_back(part);
      continue;
    }
    part.to = Continued<N>(of(WorldPoseWithin(rig, owner, select, end)), part.from);
    part.exact = [within = PoseWithin(rig, owner, select), of](double t) {
      return of(within.At(t));
    };
    part.kind = Part<N>::Kind::kFit;
    classify(motion, select, end, &part);
    previous = part.to;
    parts.push_back(part);
  }
  return parts;
}

// Positions: linear or smoothstep moves that are affine in the movers'
// shared timing are exact.
std::vector<Part<3>> PositionParts(const Rig& rig, OwnerRef owner, const PosePieces& pieces) {
  auto of = [](const RigidPose& pose) { return Of(pose.position); };
  auto classify = [&](const PieceMotion& motion, const ExactTime& select, const ExactTime& end,
                      Part<3>* part) {
    std::optional<SharedTiming> shared = SharedTimingOf(motion.movers.position, select, end);
    const Ease* ease = shared ? &shared->timing->ease : nullptr;
    if (ease == nullptr || !(ease->kind == Ease::Kind::kLinear || IsSmoothstep(*ease))) return;
    Vec3 from(part->from.x, part->from.y, part->from.z);
    Vec3 to(part->to.x, part->to.y, part->to.z);
    bool affine = IsAffineInTiming(*shared, part->start, *part->end, from, to, [&](double t) {
      return WorldPoseWithin(rig, owner, select, t).position;
    });
    if (!affine) return;
    part->kind = ease->kind == Ease::Kind::kLinear ? Part<3>::Kind::kLinear : Part<3>::Kind::kCubic;
    CubicTangents(*shared->timing, shared->eased_start, shared->eased_end, part->start, *part->end,
                  part);
  };
  return PoseParts<3>(rig, owner, pieces, false, of, classify);
}

// True when the rotation over [a, b] turns about one axis at a steady
// speed: SLERP keys at most 120 degrees apart play it exactly.
bool SteadyTurn(const std::function<Value<4>(double)>& exact, const PieceMotion& motion, double a,
                double b, Part<4>* part) {
  double turn = 0;
  for (const Mover& mover : motion.movers.rotation) {
    if (mover.ease.kind != Ease::Kind::kLinear) return false;
    turn += mover.turn_degrees * std::abs(mover.ProgressAt(b) - mover.ProgressAt(a));
  }
  if (!SameTiming(motion.movers.rotation)) return false;
  int steps = std::max(1, static_cast<int>(std::ceil(turn / kSlerpStepDegrees)));
  std::vector<std::pair<double, Value<4>>> knots = {{a, part->from}};
  for (int k = 1; k < steps; ++k) {
    double t = a + (b - a) * k / steps;
    knots.push_back({t, NearestSign(exact(t), knots.back().second)});
  }
  knots.push_back({b, NearestSign(part->to, knots.back().second)});
  for (size_t k = 0; k + 1 < knots.size(); ++k) {
    Quat q0 = QuatOf(knots[k].second);
    Quat q1 = QuatOf(knots[k + 1].second);
    for (int j = 1; j <= kExactChecks; ++j) {
      double u = static_cast<double>(j) / (kExactChecks + 1);
      double t = knots[k].first + (knots[k + 1].first - knots[k].first) * u;
      if (Degrees(AngleBetween(QuatOf(exact(t)), Slerp(q0, q1, u))) > kExactDegrees) return false;
    }
  }
  part->to = knots.back().second;
  part->interior.assign(knots.begin() + 1, knots.end() - 1);
  return true;
}

// Rotations: steady turns are exact SLERPs.
std::vector<Part<4>> RotationParts(const Rig& rig, OwnerRef owner, const PosePieces& pieces) {
  auto of = [](const RigidPose& pose) { return Of(pose.rotation); };
  auto classify = [](const PieceMotion& motion, const ExactTime&, const ExactTime&, Part<4>* part) {
    if (!motion.movers.rotation.empty() &&
        SteadyTurn(part->exact, motion, part->start, *part->end, part)) {
      part->kind = Part<4>::Kind::kSlerp;
    }
  };
  return PoseParts<4>(rig, owner, pieces, true, of, classify);
}

std::vector<Part<3>> ScaleParts(const std::vector<Piece<Vec3>>& pieces) {
  std::vector<Part<3>> parts;
  for (size_t i = 0; i < pieces.size(); ++i) {
    const Piece<Vec3>& piece = pieces[i];
    Part<3> part;
    part.start = piece.start.ToDouble();
    part.from = Of(piece.ValueAt(piece.start));
    std::optional<ExactTime> next = PieceEnd(pieces, i);
    if (!next) {
      parts.push_back(part);
      break;
    }
    if (!piece.motion) {
      part.end = next->ToDouble();
      part.to = part.from;
      parts.push_back(part);
      continue;
    }
    const Segment<Vec3>& segment = *piece.motion;
    ExactTime end = std::min(*next, segment.end());
    part.end = next->ToDouble();
    part.to = Of(SegmentValueAt(segment, end));
    const Segment<Vec3>* motion = &segment;
    part.exact = [motion](double t) {
      return Of(SegmentValueAtProgress(*motion, SegmentProgressAt(*motion, t)));
    };
    part.kind = Part<3>::Kind::kFit;
    if (segment.ease.kind == Ease::Kind::kLinear || IsSmoothstep(segment.ease)) {
      part.kind =
          segment.ease.kind == Ease::Kind::kLinear ? Part<3>::Kind::kLinear : Part<3>::Kind::kCubic;
      Mover timing{segment.start, segment.duration, segment.ease, 0};
      double eased_start = SegmentProgress(segment, piece.start);
      double eased_end = SegmentProgress(segment, end);
      CubicTangents(timing, eased_start, eased_end, part.start, end.ToDouble(), &part);
      if (end < *next) {
        // The move ends before the piece does: the rest is a hold of its target.
        parts.push_back(part);
        parts.back().end = end.ToDouble();
        Part<3> hold;
        hold.start = end.ToDouble();
        hold.end = next->ToDouble();
        hold.from = hold.to = part.to;
        parts.push_back(hold);
        continue;
      }
    }
    parts.push_back(part);
  }
  return parts;
}

// --- encoding ---------------------------------------------------------------

template <int N>
struct RawKey {
  double t;
  Value<N> in{0};
  Value<N> value{0};
  Value<N> out{0};
};

template <int N>
RawKey<N> Point(double t, const Value<N>& value) {
  return RawKey<N>{t, Value<N>(0), value, Value<N>(0)};
}

double FloatBelow(double t) { return std::nextafter(ToFloat32(GltfStoredTime(t)), -HUGE_VALF); }

// The disassembly.

// Where a forward boundary at t comes in the reversed time
// (gltf_animation.h): one float32 later where the value jumps there.
// With `blender`, a jump comes a ramp later (GltfBlenderJumpRamp), its old
// value keyed at the mirrored time itself (*ramp_start).
double MirroredBoundary(double t, double duration, bool jumps, bool blender,
                        std::optional<double>* ramp_start) {
  if (t <= 0) return GltfMirroredTime(0, duration);
  double mirrored = t >= duration ? 0.0 : GltfMirroredTime(t, duration);
  if (!jumps) return mirrored;
  if (!blender) return std::nextafter(ToFloat32(mirrored), HUGE_VALF);
  *ramp_start = mirrored;
  const double later = mirrored + GltfBlenderJumpRamp(mirrored);
  float stored = ToFloat32(later);
  if (static_cast<double>(stored) < later) stored = std::nextafter(stored, HUGE_VALF);
  return stored;
}

// The parts played backwards: forward part k over [s, e] comes over
// [MirroredBoundary(e), MirroredBoundary(s)] running from its end value to
// its start value (tangents negated and swapped ends, SLERP knots in the
// other order, the exact value at duration − τ); before them the forward
// channel's last value, after them its first.
template <int N>
std::vector<Part<N>> MirroredParts(const std::vector<Part<N>>& forward, double duration,
                                   bool blender) {
  // boundary[k]: where forward part k starts; ramp[k]: where a jump there
  // starts its ramp (the Blender profile).
  std::vector<double> boundary(forward.size());
  std::vector<std::optional<double>> ramp(forward.size());
  for (size_t k = 0; k < forward.size(); ++k) {
    bool jumps = k > 0 && !Same(forward[k - 1].to, forward[k].from);
    boundary[k] = MirroredBoundary(forward[k].start, duration, jumps, blender, &ramp[k]);
  }
  std::vector<Part<N>> mirrored;
  const Part<N>& last = forward.back();
  if (boundary.back() > 0) {
    Part<N> hold;
    hold.end = boundary.back();
    hold.from = hold.to = last.from;
    mirrored.push_back(hold);
  }
  for (size_t k = forward.size() - 1; k-- > 0;) {
    const Part<N>& part = forward[k];
    Part<N> back;
    back.kind = part.kind;
    back.start = boundary[k + 1];
    back.ramp_start = ramp[k + 1];
    back.end = boundary[k];
    back.from = part.to;
    back.to = part.from;
    back.start_tangent = -part.end_tangent;
    back.end_tangent = -part.start_tangent;
    for (auto knot = part.interior.rbegin(); knot != part.interior.rend(); ++knot) {
      back.interior.push_back({duration - knot->first, knot->second});
    }
    if (part.exact) {
      back.exact = [exact = part.exact, duration](double t) { return exact(duration - t); };
    }
    mirrored.push_back(std::move(back));
  }
  if (!mirrored.empty() && mirrored.back().kind == Part<N>::Kind::kHold &&
      Same(mirrored.back().to, forward.front().from)) {
    mirrored.back().end.reset();  // the hold goes on
  } else {
    Part<N> after;  // the forward value at the first part's start, from then on
    after.start = boundary.front();
    after.ramp_start = ramp.front();
    after.from = after.to = forward.front().from;
    mirrored.push_back(after);
  }
  return mirrored;
}

// The value of a part at t inside it.
template <int N>
Value<N> ValueIn(const Part<N>& part, double t) {
  if (part.kind == Part<N>::Kind::kHold || !part.end || t <= part.start) return part.from;
  if (!part.exact)
    return part.from + (part.to - part.from) * (t - part.start) / (*part.end - part.start);
  if constexpr (N == 4) return NearestSign(part.exact(t), part.from);
  return part.exact(t);
}

// The parts over [from, to] (one cut there fitted again from its exact
// value; a linear one stays linear), then a hold of the value at `to`.
template <int N>
std::vector<Part<N>> PartsWithin(const std::vector<Part<N>>& parts, double from, double to) {
  using Kind = typename Part<N>::Kind;
  std::vector<Part<N>> within;
  Part<N> hold;
  hold.start = to;
  for (const Part<N>& part : parts) {
    if (part.start <= to) hold.from = hold.to = part.start == to ? part.from : ValueIn(part, to);
    if ((part.end && *part.end <= from) || part.start >= to) continue;
    Part<N> cut = part;
    if (part.start < from) cut.from = ValueIn(part, cut.start = from);
    if (!part.end || *part.end > to) cut.to = ValueIn(part, *(cut.end = to));
    const bool exact_kind = part.kind == Kind::kHold || part.kind == Kind::kLinear || !part.exact;
    if (!exact_kind && (cut.start != part.start || cut.end != part.end)) {
      cut.kind = Kind::kFit;
      cut.interior.clear();
    }
    within.push_back(std::move(cut));
  }
  within.push_back(hold);
  return within;
}

// The forward parts, then those of [S, E] backwards from T (docs/reverse.md).
template <int N>
std::vector<Part<N>> WithDisassemblyParts(std::vector<Part<N>> forward, const DisassemblyTimes& d,
                                          bool blender) {
  std::vector<Part<N>> mirrored =
      MirroredParts(PartsWithin(forward, d.from.ToDouble(), d.to.ToDouble()),
                    (d.start + d.to).ToDouble(), blender);
  mirrored.front().start = GltfStoredTime(d.start.ToDouble());  // as a forward jump at T
  while (forward.size() > 1 && !(forward.back().start < mirrored.front().start)) forward.pop_back();
  if (!forward.back().end) {
    forward.back().end = mirrored.front().start;  // the value at E from T's float32 on
    forward.back().to = forward.back().from;
  }
  forward.insert(forward.end(), mirrored.begin(), mirrored.end());
  return forward;
}

template <int N>
GltfInterpolation InterpolationOf(const std::vector<Part<N>>& parts) {
  bool all_holds = true;
  bool linear = true;
  for (const Part<N>& part : parts) {
    using Kind = typename Part<N>::Kind;
    if (part.kind != Kind::kHold) all_holds = false;
    if (part.kind != Kind::kHold && part.kind != Kind::kLinear && part.kind != Kind::kSlerp &&
        part.kind != Kind::kChords) {
      linear = false;
    }
  }
  if (all_holds) return GltfInterpolation::kStep;
  return linear ? GltfInterpolation::kLinear : GltfInterpolation::kCubicSpline;
}

// The keys of one part in a CUBICSPLINE channel, its first at start and its
// last at end.
template <int N>
std::vector<RawKey<N>> CubicKeys(const Part<N>& part, FitQuantity quantity,
                                 const FitSettings& settings) {
  using Kind = typename Part<N>::Kind;
  double a = part.start;
  double b = *part.end;
  if (part.kind == Kind::kHold) return {Point<N>(a, part.from), Point<N>(b, part.to)};
  if (part.kind == Kind::kLinear || part.kind == Kind::kCubic) {
    Value<N> start_tangent = part.start_tangent;
    Value<N> end_tangent = part.end_tangent;
    return {RawKey<N>{a, Value<N>(0), part.from, start_tangent},
            RawKey<N>{b, end_tangent, part.to, Value<N>(0)}};
  }
  // Fitted (a SLERP, too, has no exact cubic form).
  const FitCurve<N> curve = CurveOf(part, quantity);
  const PlaybackModel playback{PlaybackModel::Kind::kGltf, kMaxGltfChannelKeys};
  double stored_a = GltfStoredTime(a);
  double stored_b = GltfStoredTime(b);
  if (!(stored_b > stored_a)) return {Point<N>(a, part.from), Point<N>(b, part.to)};
  std::vector<FitKey<N>> fitted =
      FitHermite(curve, stored_a, stored_b, part.from, part.to, settings, playback);
  std::vector<RawKey<N>> keys;
  for (size_t k = 0; k < fitted.size(); ++k) {
    const FitKey<N>& key = fitted[k];
    keys.push_back({key.t, key.tangent, key.value, key.tangent});
  }
  keys.front().in = Value<N>(0);
  keys.back().out = Value<N>(0);
  return keys;
}

// The keys of one part in a LINEAR or STEP channel: its start, and a SLERP's
// interior knots (its end is the next part's start, or the value just below
// a jump).
template <int N>
std::vector<RawKey<N>> PointKeys(const Part<N>& part) {
  std::vector<RawKey<N>> keys = {Point<N>(part.start, part.from)};
  for (const auto& [t, value] : part.interior) keys.push_back(Point<N>(t, value));
  return keys;
}

template <int N>
std::vector<RawKey<N>> RawKeysOf(const std::vector<Part<N>>& parts, GltfInterpolation mode,
                                 FitQuantity quantity, const FitSettings& settings, bool blender) {
  std::vector<RawKey<N>> keys;
  std::optional<Value<N>> previous_end;  // the left limit where the next part starts
  for (const Part<N>& part : parts) {
    bool last = !part.end.has_value();
    if (mode == GltfInterpolation::kCubicSpline) {
      std::vector<RawKey<N>> own = last ? std::vector<RawKey<N>>{Point<N>(part.start, part.from)}
                                        : CubicKeys(part, quantity, settings);
      if (!keys.empty()) {
        RawKey<N>& boundary = keys.back();
        if (Same(boundary.value, own.front().value)) {
          boundary.out = own.front().out;  // continuous: one key, two tangents
          own.erase(own.begin());
        } else {
          boundary.t = FloatBelow(own.front().t);  // a jump
        }
      }
      keys.insert(keys.end(), own.begin(), own.end());
      continue;
    }
    if (previous_end && !Same(*previous_end, part.from)) {
      // A jump: the old value just below the part's start.
      if (mode == GltfInterpolation::kLinear) {
        double before = !blender ? FloatBelow(part.start)
                        : part.ramp_start
                            ? *part.ramp_start
                            : GltfStoredTime(part.start - GltfBlenderJumpRamp(part.start));
        keys.push_back(Point<N>(before, *previous_end));
      }
    }
    for (const RawKey<N>& key : PointKeys(part)) {
      if (mode == GltfInterpolation::kStep && !keys.empty() && Same(keys.back().value, key.value)) {
        continue;  // a STEP key of the value already held
      }
      keys.push_back(key);
    }
    previous_end = part.to;
  }
  return keys;
}

template <int N>
std::optional<GltfSampler> Encode(std::vector<Part<N>> parts, FitQuantity quantity,
                                  const GltfExportSettings& settings) {
  bool changes = false;
  for (const Part<N>& part : parts) {
    changes = changes || part.kind != Part<N>::Kind::kHold || !Same(part.from, parts[0].from);
  }
  if (!changes) return std::nullopt;
  const bool blender = settings.profile == GltfProfile::kBlender;
  if (blender) {
    EndBeforeRamps(&parts);
    for (Part<N>& part : parts) FitChords(quantity, settings.fit, &part);
  }
  GltfSampler sampler;
  sampler.width = N;
  sampler.interpolation = InterpolationOf(parts);
  std::vector<RawKey<N>> keys =
      RawKeysOf(parts, sampler.interpolation, quantity, settings.fit, blender);
  std::optional<Value<N>> hemisphere;
  for (RawKey<N>& key : keys) {
    float t = ToFloat32(GltfStoredTime(key.t));
    if (!sampler.times.empty() && !(t > sampler.times.back())) {
      if (t < sampler.times.back()) continue;  // inside a piece shorter than a float
      // One time: the later key wins.
      sampler.times.pop_back();
      sampler.values.resize(sampler.values.size() -
                            (sampler.interpolation == GltfInterpolation::kCubicSpline ? 3 : 1) * N);
    }
    if constexpr (N == 4) {
      if (hemisphere && glm::dot(key.value, *hemisphere) < 0) {
        key.value = -key.value;
        key.in = -key.in;
        key.out = -key.out;
      }
      hemisphere = key.value;
    }
    sampler.times.push_back(t);
    auto append = [&](const Value<N>& v) {
      for (int c = 0; c < N; ++c) sampler.values.push_back(ToFloat32(v[c]));
    };
    if (sampler.interpolation == GltfInterpolation::kCubicSpline) {
      append(key.in);
      append(key.value);
      append(key.out);
    } else {
      append(key.value);
    }
  }
  // CUBICSPLINE rotations are normalised by the player; LINEAR and STEP
  // ones must be unit quaternions as stored.
  if constexpr (N == 4) {
    if (sampler.interpolation != GltfInterpolation::kCubicSpline) {
      for (size_t k = 0; k + 3 < sampler.values.size(); k += 4) {
        Value<4> q(sampler.values[k], sampler.values[k + 1], sampler.values[k + 2],
                   sampler.values[k + 3]);
        q /= glm::length(q);
        for (int c = 0; c < 4; ++c) sampler.values[k + c] = ToFloat32(q[c]);
      }
    }
  }
  return sampler;
}

}  // namespace

double GltfStoredTime(double t) {
  float stored = ToFloat32(t);
  if (static_cast<double>(stored) > t) stored = std::nextafter(stored, -HUGE_VALF);
  return stored;
}

double GltfMirroredTime(double t, double duration) {
  double mirrored = MirroredTime(t, duration);
  float stored = ToFloat32(mirrored);
  if (static_cast<double>(stored) < mirrored) stored = std::nextafter(stored, HUGE_VALF);
  return stored;
}

double GltfBlenderJumpRamp(double t) { return std::max(1e-5, 2.5e-7 * std::abs(t)); }

GltfOwnerMotion AnimateOwner(const Rig& rig, OwnerRef owner, const GltfExportSettings& settings) {
  GltfOwnerMotion motion;
  PosePieces pieces(rig, owner);
  std::vector<Part<3>> position = PositionParts(rig, owner, pieces);
  std::vector<Part<4>> rotation = RotationParts(rig, owner, pieces);
  RigidPose initial = WorldPoseAt(rig, owner, ExactTime());
  motion.initial.translation = initial.position;
  motion.initial.rotation = initial.rotation;
  const double duration = settings.duration.ToDouble();
  const bool blender = settings.profile == GltfProfile::kBlender;
  if (settings.reverse) {
    position = MirroredParts(position, duration, blender);
    rotation = MirroredParts(rotation, duration, blender);
    motion.initial.translation = Vec3(position[0].from.x, position[0].from.y, position[0].from.z);
    motion.initial.rotation = QuatOf(rotation[0].from);
  } else if (settings.disassembly) {
    position = WithDisassemblyParts(std::move(position), *settings.disassembly, blender);
    rotation = WithDisassemblyParts(std::move(rotation), *settings.disassembly, blender);
  }
  motion.animation.translation = Encode(std::move(position), FitQuantity::kPosition, settings);
  motion.animation.rotation = Encode(std::move(rotation), FitQuantity::kQuaternion, settings);
  if (!owner.is_camera) {
    const ObjectRig& object = rig.objects[static_cast<size_t>(owner.index)];
    std::vector<Piece<Vec3>> scale = BuildPieces(object.scale);
    if (settings.hide_with_scale) {
      std::vector<HiddenInterval> hidden = HiddenIntervals(BuildPieces(object.opacity));
      if (!hidden.empty()) scale = HideOver(scale, hidden);
    }
    std::vector<Part<3>> parts = ScaleParts(scale);
    motion.initial.scale = scale.front().ValueAt(ExactTime());
    if (settings.reverse) {
      parts = MirroredParts(parts, duration, blender);
      motion.initial.scale = Vec3(parts[0].from.x, parts[0].from.y, parts[0].from.z);
    } else if (settings.disassembly) {
      parts = WithDisassemblyParts(std::move(parts), *settings.disassembly, blender);
    }
    motion.animation.scale = Encode(std::move(parts), FitQuantity::kPosition, settings);
  }
  return motion;
}

}  // namespace cinc
