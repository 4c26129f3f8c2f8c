#include "emit/rotation_keys.h"

#include <algorithm>
#include <cmath>
#include <glm/mat3x3.hpp>

#include "core/bit_memo.h"
#include "core/easing.h"
#include "emit/channel_keys.h"
#include "emit/hermite_keys.h"
#include "emit/key_list_builder.h"
#include "fit/probes.h"

namespace cinc {
namespace {

// The continuity rule carries a triple along a motion in steps of at most this.
constexpr double kContinuityStepDegrees = 45;
// Two rotations closer than this are the same value (rounding of SLERP ends).
constexpr double kSameRotationRadians = 1e-12;
// An exact one-component motion must match the rotation to rounding, far
// below any tolerance.
constexpr double kExactCheckDegrees = 1e-9;

double NearestTurn(double value, double reference) {
  return value + 360 * std::round((reference - value) / 360);
}

bool AtGimbalLock(const Quat& rotation) {
  // glm matrices are column-major: R_ij is m[j][i]. Same test as core's
  // canonical triple: cos p from the row (R10, R11).
  Mat3 m = glm::mat3_cast(glm::normalize(rotation));
  return std::hypot(m[0][1], m[1][1]) < 1e-9;
}

// The motion of one rotation segment, as functions of double time.
struct Motion {
  const Segment<Quat>* segment;
  double start_seconds;
  double duration_seconds;
  double angle_degrees;  // the whole SLERP's turn

  explicit Motion(const Segment<Quat>& motion_segment)
      : segment(&motion_segment),
        start_seconds(motion_segment.start.ToDouble()),
        duration_seconds(motion_segment.duration.ToDouble()),
        angle_degrees(TurnBound(motion_segment)) {}

  // What the move turns at most: the SLERP's angle, or for a level move the
  // sum of its Euler components' changes.
  static double TurnBound(const Segment<Quat>& segment) {
    double angle = Degrees(AngleBetween(segment.from, segment.to));
    if (!segment.level) return angle;
    Vec3 delta = LevelEulerDelta(segment.from, segment.to);
    return std::max(angle, std::abs(delta.x) + std::abs(delta.y) + std::abs(delta.z));
  }

  double EasedAt(double t) const {
    return ApplyEase(segment->ease, (t - start_seconds) / duration_seconds);
  }
  Quat RotationAt(double eased) const {
    return InterpolateRotation(*segment, segment->from, segment->to, eased);
  }

  // The continuous triple at eased progress `to`, carried from `from` where
  // the triple is `euler`, in steps that turn at most 45 degrees (SLERP turns
  // uniformly in u, so a step of u turns |du| * angle).
  Vec3 Track(double from, const Vec3& euler, double to) const {
    double turn = std::abs(to - from) * angle_degrees;
    int steps = std::max(1, static_cast<int>(std::ceil(turn / kContinuityStepDegrees)));
    Vec3 current = euler;
    for (int step = 1; step <= steps; ++step) {
      double eased = step == steps ? to : from + (to - from) * step / steps;
      current = NearestEulerTriple(RotationAt(eased), current);
    }
    return current;
  }
};

// True when Euler-linear interpolation from `euler_start` to `euler_end`
// over the eased progress [eased_start, eased_end] is the motion itself: a
// SLERP that changes one component, or a level move from the triple it
// starts from (then `*euler_end` becomes the start plus its share of the
// level move's change).
bool ComputeExactLinearMove(const Motion& motion, double eased_start, double eased_end,
                            const Vec3& euler_start, Vec3* euler_end) {
  auto sample = [&](int check) {
    double fraction = ProbeFraction(check);
    return RotationSample{fraction,
                          motion.RotationAt(eased_start + (eased_end - eased_start) * fraction)};
  };
  if (!motion.segment->level) return IsOneComponentMove(euler_start, euler_end, sample);
  Vec3 candidate = euler_start + LevelEulerDelta(motion.segment->from, motion.segment->to) *
                                     (eased_end - eased_start);
  if (!IsLinearEulerMove(euler_start, &candidate, sample)) return false;
  *euler_end = candidate;
  return true;
}

// Where a move over the eased span [eased_start, eased_end] ends (the
// continuous triple, snapped when exact), and whether it is written exactly.
struct MoveEnd {
  Vec3 euler{0, 0, 0};
  bool exact = false;
};

// The move's end without a memo: Motion::Track, then ComputeExactLinearMove.
MoveEnd ComputeMoveEnd(const Motion& motion, double eased_start, double eased_end,
                       const Vec3& euler_start) {
  MoveEnd end;
  end.euler = motion.Track(eased_start, euler_start, eased_end);
  end.exact = eased_start != eased_end &&
              ComputeExactLinearMove(motion, eased_start, eased_end, euler_start, &end.euler);
  return end;
}

// ComputeMoveEnd, remembered: it reads the segment's ends and kind, the eased
// span and the start triple, and nothing else (not the times), so copies of
// a pattern (and objects that turn alike) ask it with the same bits, and a
// remembered answer is the computed one.
MoveEnd MoveEndOf(const Motion& motion, double eased_start, double eased_end,
                  const Vec3& euler_start) {
  BitKey<14> key;
  const Segment<Quat>& segment = *motion.segment;
  for (int i = 0; i < 4; ++i) key.Put(segment.from[i]).Put(segment.to[i]);
  key.Put(eased_start).Put(eased_end).Put(uint64_t{segment.level});
  for (int i = 0; i < 3; ++i) key.Put(euler_start[i]);
  thread_local BitMemo<14, MoveEnd, 16> memo;
  if (const MoveEnd* known = memo.Find(key)) return *known;
  const MoveEnd end = ComputeMoveEnd(motion, eased_start, eased_end, euler_start);
  memo.Remember(key, end);
  return end;
}

// Hermite keys for the motion over [start, end], from euler_start to euler_end.
void BakeMotion(const Motion& motion, double start, double end, const Vec3& euler_start,
                const Vec3& euler_end, const FitSettings& settings, KeyListBuilder* builder) {
  FitCurve<3> curve;
  curve.quantity = FitQuantity::kEulerRotation;
  curve.track = [&motion](double from, const Vec3& euler, double to) {
    return motion.Track(motion.EasedAt(from), euler, motion.EasedAt(to));
  };
  curve.error = [&motion](double t, const Vec3& played) {
    return Degrees(
        AngleBetween(motion.RotationAt(motion.EasedAt(t)), QuatFromEulerDegrees(played)));
  };
  BakeHermite(curve, start, end, euler_start, euler_end, settings, builder);
}

}  // namespace

Vec3 NearestEulerTriple(const Quat& rotation, const Vec3& reference) {
  Vec3 canonical = CanonicalEulerDegrees(rotation);
  if (AtGimbalLock(rotation)) {
    // Only yaw - roll (pitch +90) or yaw + roll (pitch -90) is defined: keep
    // the reference's roll and solve yaw from the canonical (roll 0) triple.
    double roll = reference.z;
    double yaw = canonical.x > 0 ? canonical.y + roll : canonical.y - roll;
    return Vec3(NearestTurn(canonical.x, reference.x), NearestTurn(yaw, reference.y), roll);
  }
  const Vec3 candidates[2] = {canonical,
                              Vec3(180 - canonical.x, canonical.y + 180, canonical.z + 180)};
  Vec3 best;
  double best_distance = 0;
  for (int index = 0; index < 2; ++index) {
    Vec3 shifted;
    double distance = 0;
    for (int component = 0; component < 3; ++component) {
      shifted[component] = NearestTurn(candidates[index][component], reference[component]);
      distance += std::abs(shifted[component] - reference[component]);
    }
    if (index == 0 || distance < best_distance) {
      best = shifted;
      best_distance = distance;
    }
  }
  return best;
}

namespace {

// Components of `*euler_end` within kExactCheckDegrees of the start's are
// made equal to them; returns how many components change.
int SnapUnchangedComponents(const Vec3& euler_start, Vec3* euler_end) {
  int changed = 0;
  for (int component = 0; component < 3; ++component) {
    if (std::abs((*euler_end)[component] - euler_start[component]) > kExactCheckDegrees) {
      ++changed;
    } else {
      (*euler_end)[component] = euler_start[component];
    }
  }
  return changed;
}

bool PlaysTheExactRotation(const Vec3& euler_start, const Vec3& candidate,
                           const std::function<RotationSample(int check)>& sample) {
  for (int check = 1; check <= kOneComponentChecks; ++check) {
    RotationSample expected = sample(check);
    Quat played = QuatFromEulerDegrees(euler_start + (candidate - euler_start) * expected.fraction);
    if (Degrees(AngleBetween(expected.exact, played)) > kExactCheckDegrees) return false;
  }
  return true;
}

}  // namespace

bool IsOneComponentMove(const Vec3& euler_start, Vec3* euler_end,
                        const std::function<RotationSample(int check)>& sample) {
  Vec3 candidate = *euler_end;
  if (SnapUnchangedComponents(euler_start, &candidate) > 1) return false;
  if (!PlaysTheExactRotation(euler_start, candidate, sample)) return false;
  *euler_end = candidate;
  return true;
}

bool IsLinearEulerMove(const Vec3& euler_start, Vec3* euler_end,
                       const std::function<RotationSample(int check)>& sample) {
  Vec3 candidate = *euler_end;
  SnapUnchangedComponents(euler_start, &candidate);
  if (!PlaysTheExactRotation(euler_start, candidate, sample)) return false;
  *euler_end = candidate;
  return true;
}

Keys RotationKeysFromPieces(const std::vector<Piece<Quat>>& pieces, const FitSettings& settings) {
  KeyListBuilder builder;
  builder.ReserveFor(pieces);
  Vec3 euler(0);
  Quat rotation(1, 0, 0, 0);
  for (size_t index = 0; index < pieces.size(); ++index) {
    const Piece<Quat>& piece = pieces[index];
    Quat start_rotation = piece.ValueAt(piece.start);
    if (index == 0) {
      euler = CanonicalEulerDegrees(start_rotation);
    } else if (AngleBetween(start_rotation, rotation) > kSameRotationRadians) {
      euler = NearestEulerTriple(start_rotation, euler);  // a jump: the nearest triple
    }
    rotation = start_rotation;
    if (!piece.motion) {
      builder.SetAt(piece.start.ToDouble(), Components(euler));
      continue;
    }
    const Segment<Quat>& segment = *piece.motion;
    Motion motion(segment);
    std::optional<ExactTime> next = PieceEnd(pieces, index);
    ExactTime end = next ? std::min(*next, segment.end()) : segment.end();
    // The state clamps the eased progress (markers/rig.h Interpolate).
    double eased_start = std::clamp(SegmentProgress(segment, piece.start), 0.0, 1.0);
    double eased_end = std::clamp(SegmentProgress(segment, end), 0.0, 1.0);
    Vec3 euler_start = euler;
    const MoveEnd move_end = MoveEndOf(motion, eased_start, eased_end, euler_start);
    Vec3 euler_end = move_end.euler;
    if (move_end.exact) {
      // Affine in the (clamped) eased progress, like the SLERP it equals.
      auto value_at = [&](double eased) {
        double clamped = std::clamp(eased, 0.0, 1.0);
        if (clamped == eased_start) return Components(euler_start);
        if (clamped == eased_end) return Components(euler_end);
        double fraction = (clamped - eased_start) / (eased_end - eased_start);
        return Components(euler_start + (euler_end - euler_start) * fraction);
      };
      WriteEasedMotion(segment.ease, segment.start, segment.duration, piece.start, end, value_at,
                       &builder);
    } else {
      BakeMotion(motion, piece.start.ToDouble(), end.ToDouble(), euler_start, euler_end, settings,
                 &builder);
    }
    euler = euler_end;
    rotation = SegmentValueAt(segment, end);
  }
  return builder.Take();
}

}  // namespace cinc
