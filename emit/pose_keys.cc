#include "emit/pose_keys.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "emit/channel_keys.h"
#include "emit/hermite_keys.h"
#include "emit/key_list_builder.h"
#include "emit/rotation_keys.h"
#include "fit/pose_pieces.h"
#include "fit/probes.h"
#include "markers/pose.h"

namespace cinc {
namespace {

// Two values closer than this are one (attach composes F^-1 * W, then F * L).
constexpr double kSameRotationRadians = 1e-12;
constexpr double kSamePositionRelative = 1e-12;

// How an owner's Euler triple is carried along its motion: the part of the
// writer that differs between owners moved by their frame chain alone and
// owners that follow an aim.
class EulerCarrier {
 public:
  virtual ~EulerCarrier() = default;

  // The continuous triple at `to`, carried from `from` (triple `euler`) in
  // steps small enough that the nearest triple is the continuous one; `pose`
  // is the owner's pose within the piece.
  virtual Vec3 Carry(const PoseWithin& pose, const PieceMotion& motion, double from,
                     const Vec3& euler, double to) const = 0;
};

// Moved by segments: steps whose turn, bounded by the movers' angles times
// their progress, is at most 45 degrees.
class MoverCarrier : public EulerCarrier {
 public:
  Vec3 Carry(const PoseWithin& pose, const PieceMotion& motion, double from, const Vec3& euler,
             double to) const override {
    // Each mover's progress at the step's start, and at the last end tried
    // (`tried`): the start's are the previous step's end's.
    const std::vector<Mover>& movers = motion.movers.rotation;
    std::vector<double> at_t(movers.size());
    std::vector<double> at_tried(movers.size());
    auto progress_at = [&](double time, std::vector<double>* progress) {
      for (size_t k = 0; k < movers.size(); ++k) (*progress)[k] = movers[k].ProgressAt(time);
    };
    double tried = HUGE_VAL;
    auto turn_to = [&](double t1) {
      progress_at(t1, &at_tried);
      tried = t1;
      double degrees = 0;
      for (size_t k = 0; k < movers.size(); ++k) {
        degrees += movers[k].turn_degrees * std::abs(at_tried[k] - at_t[k]);
      }
      return degrees;
    };
    Vec3 current = euler;
    double t = from;
    progress_at(t, &at_t);
    while (t != to) {
      double next = to;
      for (int halvings = 0; halvings < 60 && turn_to(next) > kContinuityStepDegrees; ++halvings) {
        next = t + (next - t) / 2;
      }
      current = NearestEulerTriple(pose.At(next).rotation, current);
      t = next;
      if (tried == t) {
        at_t.swap(at_tried);
      } else {
        progress_at(t, &at_t);
      }
    }
    return current;
  }

 private:
  static constexpr double kContinuityStepDegrees = 45;
};

// Following an aim: steps that turn at most 10 degrees, measured.
class MeasuredCarrier : public EulerCarrier {
 public:
  Vec3 Carry(const PoseWithin& pose, const PieceMotion&, double from, const Vec3& euler,
             double to) const override {
    Vec3 current = euler;
    double t = from;
    Quat at_t = pose.At(t).rotation;
    while (t != to) {
      double next = to;
      Quat at_next = pose.At(next).rotation;
      for (int halvings = 0;
           halvings < kCarryHalvings && Degrees(AngleBetween(at_t, at_next)) > kCarryStepDegrees;
           ++halvings) {
        next = t + (next - t) / 2;
        at_next = pose.At(next).rotation;
      }
      // A real jump between adjacent doubles (a target crossing the camera's
      // vertical, where yaw flips) halves down to t itself: step one double
      // and take the nearest triple, so the walk always ends.
      if (next == t) {
        next = std::nextafter(t, to);
        at_next = pose.At(next).rotation;
      }
      current = NearestEulerTriple(at_next, current);
      t = next;
      at_t = at_next;
    }
    return current;
  }

 private:
  static constexpr double kCarryStepDegrees = 10;
  static constexpr int kCarryHalvings = 40;
};

// One owner's keys, piece by piece.
class PoseKeyWriter {
 public:
  PoseKeyWriter(const PosePieces& pieces, const EulerCarrier& source, const Rig& rig,
                OwnerRef owner, const FitSettings& settings, PoseMemo* memo)
      : pieces_(pieces),
        source_(source),
        rig_(rig),
        owner_(owner),
        settings_(settings),
        memo_(memo) {}

  PoseKeys Write() {
    const std::vector<ExactTime>& starts = pieces_.starts();
    // The piece before holds a pose that nothing it reads will change: a
    // piece from where only unread scales change is the same hold, and
    // writes nothing (its keys would repeat the last ones, which SetAt
    // merges), so its pose is not worked out.
    bool settled_hold = false;
    for (size_t i = 0; i < starts.size(); ++i) {
      if (settled_hold && !pieces_.PoseMayChangeAt(i)) continue;
      std::optional<ExactTime> end;
      if (i + 1 < starts.size()) end = starts[i + 1];
      PieceMotion motion = end ? pieces_.MotionOver(starts[i], *end) : PieceMotion{};
      settled_hold = !motion.position_moves && !motion.rotation_moves && motion.movers.settled;
      RigidPose at_start = WorldPoseAt(rig_, owner_, starts[i], memo_);
      // The pose the piece ends on, once for both channels (a moving piece
      // has an end), and the pose within it: only a moving piece samples it.
      RigidPose at_end;
      within_.reset();
      fitted_.reset();
      probed_count_ = 0;
      select_ = starts[i];
      if (motion.position_moves || motion.rotation_moves) {
        at_end = WorldPoseWithin(rig_, owner_, starts[i], *end, memo_);
      }
      WritePositionPiece(starts[i], end, at_start.position, at_end.position, motion);
      WriteRotationPiece(starts[i], end, at_start.rotation, at_end.rotation, motion, i == 0);
    }
    return {positions_.Take(), rotations_.Take()};
  }

 private:
  // The owner's pose within the piece being written, worked out once per t
  // of the piece: a turning piece's position probes and its rotation probes
  // fall at the same instants (fit/probes.h).
  const RigidPose& Pose(double t) {
    for (size_t k = 0; k < probed_count_; ++k) {
      if (std::bit_cast<uint64_t>(probed_[k].t) == std::bit_cast<uint64_t>(t)) {
        return probed_[k].pose;
      }
    }
    Probe& probe = probed_[probed_count_ < probed_.size() ? probed_count_++ : probed_.size() - 1];
    probe = {t, Within().At(t)};
    return probe.pose;
  }
  // The pose within the piece, bound when first sampled: a piece whose
  // movers say its keys samples none.
  const PoseWithin& Within() {
    if (!within_) within_.emplace(rig_, owner_, select_, memo_);
    return *within_;
  }
  // The same without the memo and with tabled eases, for the fits
  // (fitted_), bound alike.
  const PoseWithin& Fitted() {
    if (!fitted_) {
      fitted_.emplace(rig_, owner_, select_, nullptr, PoseWithin::EaseSolve::kTable);
    }
    return *fitted_;
  }

  // The piece's keys when they are linear in the shared eased progress,
  // from `from` to `to`: an exact eased motion.
  void WriteAffine(const SharedTiming& shared, const ExactTime& start, const ExactTime& end,
                   const Vec3& from, const Vec3& to, KeyListBuilder* builder) {
    auto value_at = [&](double eased) {
      double clamped = std::clamp(eased, 0.0, 1.0);
      if (clamped == shared.eased_start) return Components(from);
      if (clamped == shared.eased_end) return Components(to);
      double fraction = (clamped - shared.eased_start) / (shared.eased_end - shared.eased_start);
      return Components(from + (to - from) * fraction);
    };
    const Mover& timing = *shared.timing;
    WriteEasedMotion(timing.ease, timing.start, timing.duration, start, end, value_at, builder);
  }

  // `end_value`: where a moving piece ends (WorldPoseWithin at its end).
  void WritePositionPiece(const ExactTime& start, const std::optional<ExactTime>& end, Vec3 value,
                          const Vec3& end_value, const PieceMotion& motion) {
    double drift = 0;  // how far `value` is moved from the exact position
    if (position_end_ &&
        glm::length(value - *position_end_) <= kSamePositionRelative * (1 + glm::length(value))) {
      drift = glm::length(value - *position_end_);
      value = *position_end_;  // continuous: no jump of rounding noise
    }
    if (!motion.position_moves) {
      positions_.SetAt(start.ToDouble(), Components(value));
      position_end_ = value;
      return;
    }
    double a = start.ToDouble();
    double b = end->ToDouble();
    std::optional<SharedTiming> shared = SharedTimingOf(motion.movers.position, start, *end);
    // Probed unless the movers say the answer (no rotation in motion). The
    // rotation's probes that follow read the same instants' poses
    // (PositionAt(t) is At(t).position to the bit, markers/pose.h).
    bool exact =
        shared && (SurelyAffineInTiming(motion.movers, *shared, a, b, value, end_value, drift) ||
                   IsAffineInTiming(*shared, a, b, value, end_value, [&](double t) {
                     return motion.rotation_moves ? Pose(t).position : Within().PositionAt(t);
                   }));
    if (exact) {
      WriteAffine(*shared, start, *end, value, end_value, &positions_);
    } else {
      FitCurve<3> curve;
      curve.quantity = FitQuantity::kPosition;
      const PoseWithin& fitted = Fitted();
      curve.track = [&](double, const Vec3&, double to) { return fitted.PositionAt(to); };
      curve.error = [&](double t, const Vec3& played) {
        return glm::length(fitted.PositionAt(t) - played);
      };
      BakeHermite(curve, a, b, value, end_value, settings_, &positions_);
    }
    position_end_ = end_value;
  }

  // `end_rotation`: where a moving piece ends (WorldPoseWithin at its end).
  void WriteRotationPiece(const ExactTime& start, const std::optional<ExactTime>& end,
                          const Quat& rotation, const Quat& end_rotation, const PieceMotion& motion,
                          bool first) {
    if (first) {
      euler_ = CanonicalEulerDegrees(rotation);
    } else if (AngleBetween(rotation, rotation_end_) > kSameRotationRadians) {
      euler_ = NearestEulerTriple(rotation, euler_);  // a jump: the nearest triple
    }
    if (!motion.rotation_moves) {
      rotations_.SetAt(start.ToDouble(), Components(euler_));
      rotation_end_ = rotation;
      return;
    }
    if (settings_.budget && settings_.budget->Spent()) {  // unusable (E_LIMIT): no more work
      rotations_.SetAt(start.ToDouble(), Components(euler_));
      rotation_end_ = end_rotation;
      return;
    }
    double a = start.ToDouble();
    double b = end->ToDouble();
    Vec3 euler_start = euler_;
    Vec3 euler_end =
        NearestEulerTriple(end_rotation, source_.Carry(Within(), motion, a, euler_start, b));
    std::optional<SharedTiming> shared = SharedTimingOf(motion.movers.rotation, start, *end);
    if (shared && IsOneComponentMove(start, b, *shared, euler_start, &euler_end)) {
      WriteAffine(*shared, start, *end, euler_start, euler_end, &rotations_);
    } else {
      FitCurve<3> curve;
      curve.quantity = FitQuantity::kEulerRotation;
      curve.track = [&](double from, const Vec3& euler, double to) {
        return source_.Carry(Fitted(), motion, from, euler, to);
      };
      curve.error = [&](double t, const Vec3& played) {
        return Degrees(AngleBetween(Fitted().At(t).rotation, QuatFromEulerDegrees(played)));
      };
      BakeHermite(curve, a, b, euler_start, euler_end, settings_, &rotations_);
    }
    euler_ = euler_end;
    rotation_end_ = end_rotation;
  }

  // True when only one Euler component changes and its linear interpolation
  // in the eased progress is the exact rotation (emit/rotation_keys.h).
  bool IsOneComponentMove(const ExactTime& start, double end_seconds, const SharedTiming& shared,
                          const Vec3& euler_start, Vec3* euler_end) {
    double a = start.ToDouble();
    return cinc::IsOneComponentMove(euler_start, euler_end, [&](int check) {
      double t = ProbeTime(a, end_seconds, check);
      double fraction = (shared.timing->ProgressAt(t) - shared.eased_start) /
                        (shared.eased_end - shared.eased_start);
      return RotationSample{fraction, Pose(t).rotation};
    });
  }

  const PosePieces& pieces_;
  const EulerCarrier& source_;
  const Rig& rig_;
  OwnerRef owner_;
  const FitSettings& settings_;
  PoseMemo* memo_;
  KeyListBuilder positions_;
  KeyListBuilder rotations_;
  std::optional<PoseWithin> within_;
  // The same pose without the memo, for the fits: their samples fall at
  // times no other owner asks for, so keeping them would only evict the
  // carriers' poses at the pieces' ends and probes (docs/performance.md).
  // Its eases are tabled (core/ease_table.h): a fitted channel's keys may
  // move by rounding, an exact channel's (within_) never.
  std::optional<PoseWithin> fitted_;
  // Poses of the piece being written (Pose).
  struct Probe {
    double t = 0;
    RigidPose pose;
  };
  std::array<Probe, 8> probed_;
  size_t probed_count_ = 0;
  ExactTime select_;  // the start of the piece being written
  std::optional<Vec3> position_end_;
  Vec3 euler_{0, 0, 0};
  Quat rotation_end_{1, 0, 0, 0};
};

}  // namespace

PoseKeys EmitPoseKeys(const Rig& rig, OwnerRef owner, const FitSettings& settings,
                      ChainMemo* memo) {
  PosePieces pieces(rig, owner, memo != nullptr ? &memo->movers : nullptr,
                    memo != nullptr ? &memo->starts : nullptr);
  std::unique_ptr<EulerCarrier> carrier;
  if (pieces.aimed()) {
    carrier = std::make_unique<MeasuredCarrier>();
  } else {
    carrier = std::make_unique<MoverCarrier>();
  }
  return PoseKeyWriter(pieces, *carrier, rig, owner, settings,
                       memo != nullptr ? &memo->poses : nullptr)
      .Write();
}

}  // namespace cinc
