#include "emit/pose_keys.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "emit/channel_keys.h"
#include "emit/hermite_bake.h"
#include "emit/key_list_builder.h"
#include "emit/rotation_keys.h"
#include "markers/pose.h"

namespace cinc {
namespace {

// An exact piece must match the state to rounding, far below any tolerance.
constexpr double kExactCheckMetres = 1e-9;
constexpr double kExactCheckDegrees = 1e-9;
constexpr int kExactChecks = 7;
// Two values closer than this are one (attach composes F^-1 * W, then F * L).
constexpr double kSameRotationRadians = 1e-12;
constexpr double kSamePositionRelative = 1e-12;
constexpr double kContinuityStepDegrees = 45;
// Pieces of the closure walk before falling back to every owner's instants.
constexpr size_t kClosureBudget = 1'000'000;

// A segment in motion over a piece.
struct Mover {
  ExactTime start;
  ExactTime duration;
  Ease ease;
  double turn_degrees = 0;  // rotation segments: SLERP angle + |spin|

  double ProgressAt(double t) const {
    double s = start.ToDouble();
    if (t < s) return 0;
    return std::clamp(ApplyEase(ease, (t - s) / duration.ToDouble()), 0.0, 1.0);
  }
  bool SameTiming(const Mover& other) const {
    return start == other.start && duration == other.duration && ease.kind == other.ease.kind &&
           ease.control == other.ease.control;
  }
};

template <typename Value>
std::optional<Mover> MovingAt(const ChannelTrack<Value>& track, const ExactTime& t) {
  int index = ActiveSegmentIndex(track, t);
  if (index < 0) return std::nullopt;
  const Segment<Value>& segment = track.segments[static_cast<size_t>(index)];
  if (!(t < segment.end()) || !(ExactTime() < segment.duration) ||
      segment.ease.kind == Ease::Kind::kStep || !SegmentMoves(segment)) {
    return std::nullopt;
  }
  Mover mover{segment.start, segment.duration, segment.ease, 0};
  if constexpr (std::is_same_v<Value, Quat>) {
    mover.turn_degrees =
        Degrees(AngleBetween(segment.from, segment.to) + std::abs(segment.spin.radians));
  }
  return mover;
}

struct Movers {
  std::vector<Mover> position;
  std::vector<Mover> rotation;
};

// What moves the owner's world pose over a piece starting at t.
Movers MoversAt(const Rig& rig, OwnerRef owner, const ExactTime& t) {
  Movers movers;
  auto add = [](std::vector<Mover>* list, std::optional<Mover> mover) {
    if (mover) list->push_back(*mover);
  };
  OwnerRef current = owner;
  const Frame* child_frame = nullptr;  // the frame through which `current` carries the owner
  for (int steps = 0; steps <= OwnerCount(rig); ++steps) {
    OwnerChannels channels = ChannelsOf(rig, current);
    if (channels.position == nullptr) break;
    add(&movers.position, MovingAt(*channels.position, t));
    if (child_frame == nullptr) {
      add(&movers.rotation, MovingAt(*channels.rotation, t));
    } else {
      std::optional<Mover> turning = MovingAt(*channels.rotation, t);
      add(&movers.rotation, turning);
      add(&movers.position, turning);
      if (channels.scale != nullptr && child_frame->marker.position != Vec3(0, 0, 0)) {
        add(&movers.position, MovingAt(*channels.scale, t));
      }
    }
    const FrameSpan* span = ActiveFrameSpan(*channels.frames, t);
    if (span == nullptr || !span->frame.parent.valid()) break;
    child_frame = &span->frame;
    current = span->frame.parent;
  }
  return movers;
}

template <typename Value>
void AddSegmentInstants(const ChannelTrack<Value>& track, std::vector<ExactTime>* instants,
                        const ExactTime& from, const std::optional<ExactTime>& to) {
  auto add = [&](const ExactTime& t) {
    if (!(t < from) && (!to || t < *to)) instants->push_back(t);
  };
  for (const Segment<Value>& segment : track.segments) {
    add(segment.start);
    add(segment.end());
    if (segment.active_until) add(*segment.active_until);
  }
}

// Every instant where the owner's world pose may change how it moves: its
// own segments and frames, and those of each owner it is attached to, over
// the time it is attached (walked with an explicit stack).
std::vector<ExactTime> PieceStarts(const Rig& rig, OwnerRef owner) {
  struct Item {
    OwnerRef owner;
    ExactTime from;
    std::optional<ExactTime> to;
    bool carries;  // an ancestor: its scale moves marker translations
  };
  std::vector<ExactTime> instants = {ExactTime()};
  std::vector<Item> pending = {{owner, ExactTime(), std::nullopt, false}};
  size_t visited = 0;
  while (!pending.empty()) {
    if (++visited > kClosureBudget) {
      // A pathological web of attachments: every instant of every owner.
      for (int number = 0; number < OwnerCount(rig); ++number) {
        int objects = static_cast<int>(rig.objects.size());
        OwnerChannels channels = ChannelsOf(
            rig, number < objects ? OwnerRef::Object(static_cast<size_t>(number))
                                  : OwnerRef::Camera(static_cast<size_t>(number - objects)));
        AddSegmentInstants(*channels.position, &instants, ExactTime(), std::nullopt);
        AddSegmentInstants(*channels.rotation, &instants, ExactTime(), std::nullopt);
        if (channels.scale)
          AddSegmentInstants(*channels.scale, &instants, ExactTime(), std::nullopt);
        for (const FrameSpan& span : channels.frames->spans) instants.push_back(span.start);
      }
      break;
    }
    Item item = pending.back();
    pending.pop_back();
    OwnerChannels channels = ChannelsOf(rig, item.owner);
    if (channels.position == nullptr) continue;
    AddSegmentInstants(*channels.position, &instants, item.from, item.to);
    AddSegmentInstants(*channels.rotation, &instants, item.from, item.to);
    if (item.carries && channels.scale != nullptr) {
      AddSegmentInstants(*channels.scale, &instants, item.from, item.to);
    }
    const std::vector<FrameSpan>& spans = channels.frames->spans;
    for (size_t k = 0; k < spans.size(); ++k) {
      std::optional<ExactTime> end;
      if (k + 1 < spans.size()) end = spans[k + 1].start;
      ExactTime from = std::max(item.from, spans[k].start);
      std::optional<ExactTime> to = item.to;
      if (end && (!to || *end < *to)) to = end;
      if (to && !(from < *to)) continue;
      if (!(spans[k].start < item.from)) instants.push_back(spans[k].start);
      if (spans[k].frame.parent.valid()) pending.push_back({spans[k].frame.parent, from, to, true});
    }
  }
  std::sort(instants.begin(), instants.end());
  instants.erase(std::unique(instants.begin(), instants.end()), instants.end());
  return instants;
}

bool SameTiming(const std::vector<Mover>& movers) {
  for (const Mover& mover : movers) {
    if (!mover.SameTiming(movers.front())) return false;
  }
  return true;
}

// One owner's keys, piece by piece.
class PoseKeyWriter {
 public:
  PoseKeyWriter(const Rig& rig, OwnerRef owner, const Tolerance& tolerance)
      : rig_(rig), owner_(owner), tolerance_(tolerance) {}

  PoseKeys Write() {
    std::vector<ExactTime> starts = PieceStarts(rig_, owner_);
    for (size_t i = 0; i < starts.size(); ++i) {
      std::optional<ExactTime> end;
      if (i + 1 < starts.size()) end = starts[i + 1];
      Movers movers = end ? MoversAt(rig_, owner_, starts[i]) : Movers{};
      WritePositionPiece(starts[i], end, movers.position);
      WriteRotationPiece(starts[i], end, movers.rotation, i == 0);
    }
    return {positions_.Take(), rotations_.Take()};
  }

 private:
  RigidPose Pose(const ExactTime& select, double t) const {
    return WorldPoseWithin(rig_, owner_, select, t);
  }

  void WritePositionPiece(const ExactTime& start, const std::optional<ExactTime>& end,
                          const std::vector<Mover>& movers) {
    Vec3 value = WorldPoseAt(rig_, owner_, start).position;
    if (position_end_ &&
        glm::length(value - *position_end_) <= kSamePositionRelative * (1 + glm::length(value))) {
      value = *position_end_;  // continuous: no jump of rounding noise
    }
    if (movers.empty()) {
      positions_.SetAt(start.ToDouble(), Components(value));
      position_end_ = value;
      return;
    }
    Vec3 end_value = WorldPoseWithin(rig_, owner_, start, *end).position;
    double a = start.ToDouble();
    double b = end->ToDouble();
    const Mover& timing = movers.front();
    double eased_start = EasedProgress(timing.start, timing.duration, timing.ease, start);
    double eased_end = EasedProgress(timing.start, timing.duration, timing.ease, *end);
    bool exact = SameTiming(movers) && eased_start != eased_end;
    for (int j = 1; exact && j <= kExactChecks; ++j) {
      double t = a + (b - a) * j / (kExactChecks + 1);
      double fraction = (timing.ProgressAt(t) - eased_start) / (eased_end - eased_start);
      Vec3 expected = value + (end_value - value) * fraction;
      exact = glm::length(Pose(start, t).position - expected) <=
              kExactCheckMetres * (1 + glm::length(expected));
    }
    if (exact) {
      auto value_at = [&](double eased) {
        double clamped = std::clamp(eased, 0.0, 1.0);
        if (clamped == eased_start) return Components(value);
        if (clamped == eased_end) return Components(end_value);
        double fraction = (clamped - eased_start) / (eased_end - eased_start);
        return Components(value + (end_value - value) * fraction);
      };
      WriteEasedMotion(timing.ease, timing.start, timing.duration, start, *end, value_at,
                       &positions_);
    } else {
      HermiteCurve curve;
      curve.track = [&](double, const Vec3&, double to) { return Pose(start, to).position; };
      curve.error = [&](double t, const Vec3& played) {
        return glm::length(Pose(start, t).position - played);
      };
      HermiteBakeOptions options;
      options.tolerance = tolerance_.position;
      BakeHermite(curve, a, b, value, end_value, options, &positions_);
    }
    position_end_ = end_value;
  }

  // The continuous triple at `to`, carried from `from` (triple `euler`) in
  // steps whose turn, bounded by the movers' angles times their progress,
  // is at most 45 degrees.
  Vec3 Carry(const ExactTime& select, const std::vector<Mover>& movers, double from,
             const Vec3& euler, double to) const {
    auto turn = [&](double t0, double t1) {
      double degrees = 0;
      for (const Mover& mover : movers) {
        degrees += mover.turn_degrees * std::abs(mover.ProgressAt(t1) - mover.ProgressAt(t0));
      }
      return degrees;
    };
    Vec3 current = euler;
    double t = from;
    while (t != to) {
      double next = to;
      for (int halvings = 0; halvings < 60 && turn(t, next) > kContinuityStepDegrees; ++halvings) {
        next = t + (next - t) / 2;
      }
      current = NearestEulerTriple(Pose(select, next).rotation, current);
      t = next;
    }
    return current;
  }

  void WriteRotationPiece(const ExactTime& start, const std::optional<ExactTime>& end,
                          const std::vector<Mover>& movers, bool first) {
    Quat rotation = WorldPoseAt(rig_, owner_, start).rotation;
    if (first) {
      euler_ = CanonicalEulerDegrees(rotation);
    } else if (AngleBetween(rotation, rotation_end_) > kSameRotationRadians) {
      euler_ = NearestEulerTriple(rotation, euler_);  // a jump: the nearest triple
    }
    if (movers.empty()) {
      rotations_.SetAt(start.ToDouble(), Components(euler_));
      rotation_end_ = rotation;
      return;
    }
    Quat end_rotation = WorldPoseWithin(rig_, owner_, start, *end).rotation;
    double a = start.ToDouble();
    double b = end->ToDouble();
    Vec3 euler_start = euler_;
    Vec3 euler_end = NearestEulerTriple(end_rotation, Carry(start, movers, a, euler_start, b));
    const Mover& timing = movers.front();
    double eased_start = EasedProgress(timing.start, timing.duration, timing.ease, start);
    double eased_end = EasedProgress(timing.start, timing.duration, timing.ease, *end);
    if (SameTiming(movers) && eased_start != eased_end &&
        IsOneComponentMove(start, b, timing, eased_start, eased_end, euler_start, &euler_end)) {
      auto value_at = [&](double eased) {
        double clamped = std::clamp(eased, 0.0, 1.0);
        if (clamped == eased_start) return Components(euler_start);
        if (clamped == eased_end) return Components(euler_end);
        double fraction = (clamped - eased_start) / (eased_end - eased_start);
        return Components(euler_start + (euler_end - euler_start) * fraction);
      };
      WriteEasedMotion(timing.ease, timing.start, timing.duration, start, *end, value_at,
                       &rotations_);
    } else {
      HermiteCurve curve;
      curve.track = [&](double from, const Vec3& euler, double to) {
        return Carry(start, movers, from, euler, to);
      };
      curve.error = [&](double t, const Vec3& played) {
        return Degrees(AngleBetween(Pose(start, t).rotation, QuatFromEulerDegrees(played)));
      };
      HermiteBakeOptions options;
      options.tolerance = tolerance_.rotation;
      options.check_step = kRotationCheckStepDegrees;
      BakeHermite(curve, a, b, euler_start, euler_end, options, &rotations_);
    }
    euler_ = euler_end;
    rotation_end_ = end_rotation;
  }

  // True when only one Euler component changes and its linear interpolation
  // in the eased progress is the exact rotation (others snapped equal).
  bool IsOneComponentMove(const ExactTime& start, double end_seconds, const Mover& timing,
                          double eased_start, double eased_end, const Vec3& euler_start,
                          Vec3* euler_end) const {
    Vec3 candidate = *euler_end;
    int changed = 0;
    for (int component = 0; component < 3; ++component) {
      if (std::abs(candidate[component] - euler_start[component]) > kExactCheckDegrees) {
        ++changed;
      } else {
        candidate[component] = euler_start[component];
      }
    }
    if (changed > 1) return false;
    double a = start.ToDouble();
    for (int j = 1; j <= kExactChecks; ++j) {
      double t = a + (end_seconds - a) * j / (kExactChecks + 1);
      double fraction = (timing.ProgressAt(t) - eased_start) / (eased_end - eased_start);
      Quat played = QuatFromEulerDegrees(euler_start + (candidate - euler_start) * fraction);
      if (Degrees(AngleBetween(Pose(start, t).rotation, played)) > kExactCheckDegrees) {
        return false;
      }
    }
    *euler_end = candidate;
    return true;
  }

  const Rig& rig_;
  OwnerRef owner_;
  Tolerance tolerance_;
  KeyListBuilder positions_;
  KeyListBuilder rotations_;
  std::optional<Vec3> position_end_;
  Vec3 euler_{0, 0, 0};
  Quat rotation_end_{1, 0, 0, 0};
};

}  // namespace

bool NeedsPoseKeys(const Rig& rig, OwnerRef owner) {
  OwnerChannels channels = ChannelsOf(rig, owner);
  if (channels.position == nullptr) return false;
  if (!channels.frames->spans.empty()) return true;
  return std::any_of(channels.rotation->segments.begin(), channels.rotation->segments.end(),
                     [](const Segment<Quat>& segment) { return segment.spin.radians != 0; });
}

PoseKeys EmitPoseKeys(const Rig& rig, OwnerRef owner, const Tolerance& tolerance) {
  return PoseKeyWriter(rig, owner, tolerance).Write();
}

}  // namespace cinc
